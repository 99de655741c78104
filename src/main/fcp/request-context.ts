/**
 * The id a client gave the call in progress, carried implicitly from the transport (MCP `_meta`)
 * down to the journal. A call that carries an id is applied at most once: the journal keeps the
 * id with the change it made and its answer, so a client that lost the connection mid-call (say,
 * the core crashed) sends the same call again and gets that answer instead of a second application.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Longest request id accepted; longer ones are ignored rather than journaled. */
export const MAX_REQUEST_ID_LENGTH = 128;

/** Runs `work` as the call with id `requestId` (or as an anonymous call when there is none). */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  if (!requestId || requestId.length > MAX_REQUEST_ID_LENGTH) return work();
  return current.run(requestId, work);
}

/** The id of the call being served, if its client gave one. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
