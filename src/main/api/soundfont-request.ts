/**
 * The renderer's player asks the core for SoundFont bytes: the default General MIDI one, or the
 * song's own (`load-soundfont PATH`, a workspace path). Browser tabs fetch `GET /soundfont[?path=]`
 * with the bearer token (http-endpoint.ts); the Electron window asks over IPC (ipc-bridge.ts). Both
 * resolve the file here: inside the workspace, a .sf2 or .sf3, and a SoundFont by its header.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { API_LIMITS, ApiCallError, type ApiReply } from '../../shared/api-schema';
import { defaultSoundFont, soundFontExtension } from '../audio/soundfont-file';
import { inspectSoundfont } from '../domains/midi/soundfont';
import type { StudioCore } from '../core/studio-api';
import type { ResolvedPath } from '../fcp/session';
import { toApiError } from './dispatch';

/** Where browser tabs fetch SoundFonts. */
export const SOUNDFONT_PATH = '/soundfont';

/** The SoundFont file for `path` (workspace-relative), or the default one when it is absent or empty; throws FcpError. */
export function resolveSoundFont(studio: Pick<StudioCore, 'resolvePath'>, path?: string): ResolvedPath {
  if (!path) return defaultSoundFont();
  const file = studio.resolvePath(path, soundFontExtension(path));
  inspectSoundfont(file);
  return file;
}

const requestSchema = z.strictObject({ path: z.string().max(API_LIMITS.maxActionChars).optional() });

/** The IPC payload `{ path? }`; throws ApiCallError (bad_request). */
export function parseSoundFontRequest(payload: unknown): { path?: string } {
  const parsed = requestSchema.safeParse(payload ?? {});
  if (!parsed.success) throw new ApiCallError('invalid SoundFont request: expected { path?: string }', '{"path":"soundfonts/piano.sf2"}');
  return parsed.data;
}

/** The Electron window's request (IPC): the SoundFont's bytes, or the error as every API call answers it. */
export async function answerSoundFontRequest(studio: Pick<StudioCore, 'resolvePath'>, payload: unknown, log?: (message: string) => void): Promise<ApiReply> {
  try {
    const { path } = parseSoundFontRequest(payload);
    const file = resolveSoundFont(studio, path);
    return { result: new Uint8Array(await readFile(file.abs)) };
  } catch (err) {
    return { error: toApiError(err, log) };
  }
}
