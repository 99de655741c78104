/**
 * Between Node's HTTP server and the SDK's web-standard Streamable HTTP transport, which takes a
 * `Request` and answers a `Response`.
 *
 * Writing the answer is ours (and not the SDK's Node wrapper, which sends the head of an event
 * stream at once) so that the answer to a POST is sent only once it has something to say: if the
 * core dies before it answers, the client's request fails at once, where a stream whose head had
 * gone out would leave the client waiting until its own timeout (the SDK's client does not fail a
 * call whose event stream ends before the answer). A call that streams (progress notifications)
 * starts its stream with its first event.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The Node request as a web `Request` (without its body: the transport is given the parsed body apart). */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers });
}

const decoder = new TextDecoder();

/** An SSE chunk of comment lines only (`: keepalive`): nothing a client waits for. */
function isCommentOnly(chunk: Uint8Array): boolean {
  return decoder
    .decode(chunk)
    .split('\n')
    .every((line) => line === '' || line.startsWith(':'));
}

/**
 * Writes `response` to `res`. With `headWithFirstEvent`, an event stream's head goes out with its
 * first event (keep-alive comments before it are dropped), and a stream that ends before any event
 * cuts the connection, so the client sees the failure. Anything else is sent as it comes.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, options: { headWithFirstEvent: boolean }): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  const isEventStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (!response.body || !isEventStream) {
    res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    return;
  }
  const reader = response.body.getReader();
  // The client went away (or the connection was closed): the transport drops the stream.
  res.once('close', () => void reader.cancel().catch(() => undefined));
  let headSent = !options.headWithFirstEvent;
  if (headSent) res.flushHeaders();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!headSent && isCommentOnly(value)) continue;
      headSent = true;
      res.write(value);
    }
  } catch {
    res.destroy();
    return;
  }
  if (headSent) res.end();
  else res.destroy();
}
