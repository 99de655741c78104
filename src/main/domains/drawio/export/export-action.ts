/**
 * `export as:FILE.drawio.svg|FILE.drawio.png [page:NAME] [scale:N]`, a session action of the
 * drawio domain: a page drawn as the canvas draws it (fonts, stencils, images) into an SVG or PNG
 * in the workspace, with the diagram inside as diagrams.net keeps it, so GitHub shows the picture
 * and diagrams.net (or the studio) opens it for editing. The drawing runs as a task in the offload
 * worker (EXPORT_PICTURE_TASK), never on the core's event loop, and the file is written
 * atomically. It changes nothing in the diagram, so it leaves no history entry.
 */
import { writeFileAtomic } from '../../../core/files';
import type { SessionActionSpec } from '../../../fcp/domain';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ResolvedPath } from '../../../kernel/paths';
import type { DrawioRecord } from '../../../../shared/drawio/model';
import { resolvePage } from '../refs';
import { DrawioView } from '../view';
import { pictureKind, suggestedExportName, type PictureKind } from '../../../../shared/drawio/export-names';
import { pictureFile } from './picture-file';

export const EXPORT_PICTURE_TASK = 'exportPicture';
/** Scales an export takes: a tenth of the page's size up to eight times it. */
export const MIN_EXPORT_SCALE = 0.1;
export const MAX_EXPORT_SCALE = 8;
const SYNTAX = 'export as:FILE.drawio.svg|FILE.drawio.png [page:NAME] [scale:N]';

export interface ExportPictureInput {
  records: DrawioRecord[];
  out: ResolvedPath;
  kind: PictureKind;
  pageId: string;
  scale: number;
  diagramPath?: string;
}

export interface ExportPictureOutput {
  bytes: number;
  width: number;
  height: number;
  stencilCount: number;
}

/** The worker's half: draws the page and writes the file (the old one, or the new one, never a torn one). */
export async function exportPictureTask(input: ExportPictureInput): Promise<ExportPictureOutput> {
  const picture = await pictureFile(input.records, { kind: input.kind, pageId: input.pageId, scale: input.scale, target: input.out, diagramPath: input.diagramPath });
  try {
    writeFileAtomic(input.out.abs, picture.data);
  } catch (err) {
    throw new StudioError(ErrorCode.io, `cannot write ${input.out.rel}: ${(err as Error).message}`);
  }
  const bytes = typeof picture.data === 'string' ? Buffer.byteLength(picture.data) : picture.data.byteLength;
  return { bytes, width: picture.width, height: picture.height, stencilCount: picture.stencilCount };
}

function parseScale(text: string | undefined, example: string): number {
  if (text === undefined) return 1;
  const scale = Number(text);
  if (text.trim() === '' || !Number.isFinite(scale) || scale < MIN_EXPORT_SCALE || scale > MAX_EXPORT_SCALE) {
    throw new StudioError(ErrorCode.badParam, `scale:${text} is not a scale from ${MIN_EXPORT_SCALE} to ${MAX_EXPORT_SCALE}`, example.replace(/$/, ' scale:2'));
  }
  return scale;
}

const formatSize = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

export const exportAction: SessionActionSpec<DrawioRecord> = {
  name: 'export',
  syntax: SYNTAX,
  summary: 'draw a page (the active one, or page:NAME) as an SVG or PNG in the workspace, the diagram inside it as diagrams.net keeps it (GitHub shows it; diagrams.net and open reopen it); scale:N sizes it (0.1 to 8)',
  async handler(op, ctx) {
    const example = `export as:${suggestedExportName(ctx.document.path, ctx.document.title)}`;
    const target = op.params.as;
    const extra = [...op.positionals, ...Object.keys(op.params).filter((k) => k !== 'as' && k !== 'page' && k !== 'scale')];
    if (extra.length) throw new StudioError(ErrorCode.badParam, `export takes as:, page: and scale:, not ${extra.join(' ')}`, example);
    if (!target) throw new StudioError(ErrorCode.missingArg, 'export needs the file to write: as:FILE.drawio.svg or as:FILE.drawio.png', example);
    const kind = pictureKind(target);
    if (!kind) throw new StudioError(ErrorCode.badParam, `export writes .svg or .png files, not ${target}`, `export as:${target.replace(/\.[^./]*$/, '')}.drawio.svg`);
    const scale = parseScale(op.params.scale, example);
    const view = new DrawioView(ctx.store);
    const page = op.params.page !== undefined ? resolvePage(view, op.params.page) : view.activePage;
    const out = ctx.resolvePath(target, `.${kind}`);
    const input: ExportPictureInput = { records: ctx.store.snapshot() as DrawioRecord[], out, kind, pageId: page.id, scale, diagramPath: ctx.document.path };
    const result = (await ctx.offload(EXPORT_PICTURE_TASK, input)) as ExportPictureOutput;
    const stencils = result.stencilCount ? `, ${result.stencilCount} stencil shape${result.stencilCount === 1 ? '' : 's'}` : '';
    return [
      `!exported ${out.rel} (page "${page.name}", ${result.width}x${result.height} px at scale ${scale}${stencils}, ${formatSize(result.bytes)}; the diagram is inside: open ${out.rel} edits it)`,
    ];
  },
};
