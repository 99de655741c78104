/**
 * `load-soundfont PATH`: the SoundFont the Music view (and the offline render) play the song with.
 * The file must be a real SoundFont (a RIFF `sfbk` file: .sf2, or .sf3 with compressed samples);
 * its workspace path goes into the meta record, as a change that can be undone. Only its header
 * is read here (in a worker thread), so a SoundFont of any size is fine.
 */
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import type { SessionActionSpec } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { ResolvedPath } from '../../kernel/paths';
import { MidiEdit } from './edit';
import type { MidiRecord } from './model';

export const INSPECT_SOUNDFONT_TASK = 'inspectSoundfont';
export const SOUNDFONT_EXTENSIONS = ['.sf2', '.sf3'];
const EXAMPLE = 'load-soundfont sounds/GeneralUser.sf2';

export interface SoundfontInfo {
  bytes: number;
}

/** SoundFonts in the folder the client named, for the suggestion when its file is not there. */
function soundfontsNear(file: ResolvedPath): string[] {
  try {
    const dir = dirname(file.abs);
    const base = file.abs.slice(0, -file.rel.length);
    return readdirSync(dir)
      .filter((name) => SOUNDFONT_EXTENSIONS.includes(extname(name).toLowerCase()))
      .sort()
      .slice(0, 3)
      .map((name) => relative(base, join(dir, name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

/** Runs in the worker: the file's first 12 bytes must be `RIFF`, a size, `sfbk`. */
export function inspectSoundfont(file: ResolvedPath): SoundfontInfo {
  const header = Buffer.alloc(12);
  let bytes: number;
  let read: number;
  try {
    const stat = statSync(file.abs);
    if (stat.isDirectory()) throw new StudioError(ErrorCode.badParam, `${file.rel} is a folder, not a SoundFont`, EXAMPLE);
    bytes = stat.size;
    const fd = openSync(file.abs, 'r');
    try {
      read = readSync(fd, header, 0, 12, 0);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if (err instanceof StudioError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      const near = soundfontsNear(file);
      throw new StudioError(ErrorCode.fileNotFound, `no file ${file.rel} in the workspace`, near.length ? near.map((p) => `load-soundfont ${p}`).join(' | ') : EXAMPLE);
    }
    throw new StudioError(ErrorCode.io, `cannot read ${file.rel}: ${(err as Error).message}`);
  }
  const riff = header.toString('latin1', 0, 4);
  const form = header.toString('latin1', 8, 12);
  if (read < 12 || riff !== 'RIFF' || form !== 'sfbk') {
    const what = read === 0 ? 'it is empty' : riff === 'RIFF' && read === 12 ? `it is a RIFF "${form}" file, not "sfbk"` : 'it has no RIFF sfbk header';
    throw new StudioError(ErrorCode.fileInvalid, `${file.rel} is not a SoundFont (${what})`, `a .sf2 or .sf3 SoundFont, e.g. ${EXAMPLE}`);
  }
  return { bytes };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

export const loadSoundfontAction: SessionActionSpec<MidiRecord> = {
  name: 'load-soundfont',
  syntax: 'load-soundfont PATH|default',
  summary: 'play with this SoundFont (.sf2/.sf3 in the workspace; default: the built-in General MIDI one)',
  async handler(op, ctx) {
    const path = op.positionals[0];
    if (!path || op.positionals.length > 1 || Object.keys(op.params).length) {
      throw new StudioError(path ? ErrorCode.badParam : ErrorCode.missingArg, 'load-soundfont takes one path (quote it if it has spaces)', EXAMPLE);
    }
    const edit = new MidiEdit(ctx.tx);
    const before = edit.meta.soundfont;
    if (path.toLowerCase() === 'default') {
      edit.setMeta({ soundfont: undefined });
      return [`!soundfont default (General MIDI)${before ? `, was ${before}` : ''}`];
    }
    const ext = extname(path).toLowerCase();
    if (ext && !SOUNDFONT_EXTENSIONS.includes(ext)) {
      throw new StudioError(ErrorCode.badParam, `"${path}" is not a SoundFont: a SoundFont is a ${SOUNDFONT_EXTENSIONS.join(' or ')} file`, EXAMPLE);
    }
    const file = ctx.resolvePath(path, ext || '.sf2');
    const info = (await ctx.offload(INSPECT_SOUNDFONT_TASK, file)) as SoundfontInfo;
    edit.setMeta({ soundfont: file.rel });
    return [`!soundfont ${file.rel} (${megabytes(info.bytes)})${before && before !== file.rel ? `, was ${before}` : ''}`];
  },
};
