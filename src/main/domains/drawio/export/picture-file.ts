/**
 * A diagram as a picture that is still the diagram: a page drawn as SVG or PNG with the whole
 * mxfile inside, as diagrams.net writes a .drawio.svg or .drawio.png (see embedded-diagram.ts).
 * The export writes one, and a document opened from one is saved as one again. Runs in the
 * offload worker (stencils and rasterising are heavy, and need the worker's DOM globals).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ResolvedPath } from '../../../kernel/paths';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, type ImageSource } from '../../../../shared/drawio/render/image-source';
import { writeDrawioFile } from '../file/drawio-write';
import type { DrawioRecord, MetaRecord, PageRecord } from '../../../../shared/drawio/model';
import { pictureKind, pngWithDiagram, type PictureKind } from './embedded-diagram';
import { nodeStencils } from './node-stencils';
import { checkPixels, pixelSize, rasterize } from './rasterize';
import { arimoFontFaces } from './svg-fonts';
import { drawPage, svgFile } from '../../../../shared/drawio/render/svg-page';

export interface PictureOptions {
  kind: PictureKind;
  /** The page drawn; the active page when absent. */
  pageId?: string;
  scale?: number;
  /** The file written (images beside the diagram are read from its workspace). */
  target: ResolvedPath;
  /** The diagram's own workspace path, which relative image paths are read against. */
  diagramPath?: string;
}

export interface Picture {
  data: string | Uint8Array;
  /** Its size in px (the SVG's width and height, or the PNG's pixels). */
  width: number;
  height: number;
  page: string;
  stencilCount: number;
}

/** The workspace folder of a resolved path: its absolute path less its workspace-relative one. */
function workspaceRootOf(file: ResolvedPath): string {
  return resolve(file.abs, ...file.rel.split(/[\\/]/).map(() => '..'));
}

/** Images as data: URLs: data: images as they are, workspace files read (inside it, within the size limit). */
function imageReader(root: string): (source: ImageSource) => string | undefined {
  const realRoot = realpathSync(root);
  const cache = new Map<string, string | undefined>();
  return (source) => {
    if (source.kind === 'data') return source.url;
    if (source.kind !== 'file') return undefined;
    if (!cache.has(source.path)) {
      let url: string | undefined;
      try {
        const type = IMAGE_MEDIA_TYPES[extname(source.path).toLowerCase()];
        const real = realpathSync(resolve(root, source.path));
        if (type && real.startsWith(realRoot + sep) && statSync(real).size <= MAX_IMAGE_BYTES) url = `data:${type};base64,${readFileSync(real).toString('base64')}`;
      } catch {
        url = undefined; // missing or unreadable: a placeholder, as on the canvas
      }
      cache.set(source.path, url);
    }
    return cache.get(source.path);
  };
}

/** Draws the page and writes it with the diagram inside (see PictureOptions). */
export async function pictureFile(records: readonly DrawioRecord[], options: PictureOptions): Promise<Picture> {
  const scale = options.scale ?? 1;
  const pageId = options.pageId ?? records.find((r): r is MetaRecord => r.kind === 'meta')?.activePageId;
  const page = records.find((r): r is PageRecord => r.kind === 'page' && r.id === pageId);
  const xml = writeDrawioFile(records);
  const stencils = await nodeStencils();
  const image = imageReader(workspaceRootOf(options.target));
  const drawn = stencils.drawing(() => drawPage(records, { pageId, diagramPath: options.diagramPath, stencils, image }));
  const picture = { page: page?.name ?? '', stencilCount: drawn.stencilCount };
  if (options.kind === 'svg') {
    const { width, height } = pixelSize(drawn.bounds.w, drawn.bounds.h, scale);
    return { ...picture, data: svgFile(drawn, { scale, content: xml, css: arimoFontFaces(drawn.body) }), width, height };
  }
  const rel = options.target.rel;
  checkPixels(drawn.bounds.w, drawn.bounds.h, scale, { scale: `export as:${rel} scale:SCALE`, page: `export as:${rel} page:NAME (one page at a time)` });
  const png = await rasterize(svgFile(drawn), scale);
  const { width, height } = pixelSize(drawn.bounds.w, drawn.bounds.h, scale);
  return { ...picture, data: pngWithDiagram(png, xml), width, height };
}

/** A document saved to a picture file: its active page at scale 1, the diagram inside. */
export async function writePictureDocument(records: readonly DrawioRecord[], target: ResolvedPath): Promise<string | Uint8Array> {
  const kind = pictureKind(target.rel)!;
  try {
    return (await pictureFile(records, { kind, target, diagramPath: target.rel })).data;
  } catch (err) {
    // A page too large for a PNG can still be saved as a diagram file, which has no pixels.
    if (err instanceof StudioError && err.code === ErrorCode.tooLarge) {
      throw new StudioError(err.code, `${err.message}; the document is unchanged and still unsaved`, `save as:${target.rel.replace(/(\.drawio)?\.png$/i, '.drawio')}`);
    }
    throw err;
  }
}
