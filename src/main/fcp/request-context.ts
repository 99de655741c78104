/**
 * The id a client gave a call, carried with the call from the transport (MCP `_meta`) down to the
 * journal as a plain argument (FcpEndpoint.mutate and session, FcpDocument.exclusive). A call that
 * carries an id is applied at most once: the journal keeps the id with the change it made and its
 * answer, so a client that lost the connection mid-call (say, the core crashed) sends the same call
 * again and gets that answer instead of a second application.
 */

/** Longest request id accepted; longer ones are ignored rather than journaled. */
export const MAX_REQUEST_ID_LENGTH = 128;

/** The id as the journal keeps it: undefined for none, and for one too long to be journaled. */
export function journaledRequestId(requestId: string | undefined): string | undefined {
  return requestId && requestId.length <= MAX_REQUEST_ID_LENGTH ? requestId : undefined;
}
