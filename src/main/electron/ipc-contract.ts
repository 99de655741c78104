/**
 * What travels between the preload (window.tandem) and the Electron main process: the channel
 * names and how a reply becomes a value or a rejection. Imported by both sides and bundled into the
 * sandboxed preload, so it imports only types.
 *
 * Main answers every invoke with an ApiReply (`{result}` or `{error: {code, message, suggestion?}}`)
 * and never throws: an Error thrown in `ipcMain.handle` reaches the renderer as a bare message,
 * without its code or suggestion.
 */
import type { ApiError, ApiReply } from '../../shared/api-schema';

/** Every TandemApi call except the dialog: the payload is one `ApiCall`, validated in main. */
export const CALL_CHANNEL = 'tandem:call';
/** The native open/save dialog: the payload is `{ domain, mode }`, validated in main. */
export const PICK_FILE_CHANNEL = 'tandem:pick-file';
/** The native folder dialog for where the example goes: no payload (null); the result an absolute folder inside the workspace, or null. */
export const PICK_EXAMPLE_FOLDER_CHANNEL = 'tandem:pick-example-folder';
/** The bytes of a domain's asset (midi's SoundFont): the payload is `{ domain, name, path? }`, the result a Uint8Array. */
export const ASSET_CHANNEL = 'tandem:asset';
/** A site a domain built, to open in the system browser: the payload is `{ domain, folder }`, validated in main. */
export const OPEN_SITE_CHANNEL = 'tandem:open-site';
/** "Connect Claude Desktop": open the bundle or show it in its folder; the payload is `{ mode }`, validated in main. */
export const OPEN_BUNDLE_CHANNEL = 'tandem:open-claude-bundle';
/** The studio-wide appearance: the payload is null (read it) or `{ theme }` (choose it), validated in main; the result `{ theme }`. */
export const APPEARANCE_CHANNEL = 'tandem:appearance';
/** Main → renderer: one `ChangeEvent` per message. */
export const CHANGE_CHANNEL = 'tandem:change';
/** Main → renderer: presence events (clients connected, their reads). */
export const PRESENCE_CHANNEL = 'tandem:presence';

/** The reply's value; an error reply throws its `{code, message, suggestion?}` object as is. */
export function unwrapReply<T>(reply: unknown): T {
  if (reply !== null && typeof reply === 'object') {
    if ('error' in reply) throw toPlainError((reply as { error: unknown }).error);
    if ('result' in reply) return (reply as { result: T }).result;
  }
  throw toPlainError({ code: 'internal_error', message: 'the studio answered without a result or an error' });
}

/**
 * A plain object, not an Error: the context bridge copies only an Error's message, while a plain
 * object keeps its code and suggestion. The browser's WebSocket client rejects with the same shape.
 */
function toPlainError(error: unknown): ApiError {
  const fields = (error ?? {}) as Partial<Record<keyof ApiError, unknown>>;
  const plain: ApiError = {
    code: typeof fields.code === 'string' ? fields.code : 'internal_error',
    message: typeof fields.message === 'string' ? fields.message : 'the studio reported an error without a message',
  };
  if (typeof fields.suggestion === 'string') plain.suggestion = fields.suggestion;
  return plain;
}

export function errorReply(error: ApiError): ApiReply {
  return { error: error.suggestion === undefined ? { code: error.code, message: error.message } : { ...error } };
}
