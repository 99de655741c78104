/**
 * Whether the Docker engine answers, asked with node:http alone (`GET /_ping`, answered 200 `OK`):
 * the engine watch asks every few seconds from the studio's start, and loading dockerode for it
 * would stall the core for 100 ms and more while every client waits (issue 23).
 */
import { request } from 'node:http';
import type { PlainEndpoint } from './remote/engine-target';

/** How much of an answer that is not `OK` is kept to say what answered. */
const KEPT_ANSWER_CHARS = 200;

/**
 * Resolves when the engine at `endpoint` answers `OK`. Rejects as dockerode would: with the socket's
 * error (its code: ENOENT, ECONNREFUSED...), the signal's reason when it aborts, or an error carrying
 * the HTTP status (`statusCode`) and the engine's own message (`json.message`) for any other answer.
 */
export function pingOverHttp(endpoint: PlainEndpoint, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => reject(signal.aborted ? signal.reason : err);
    const req = request({ ...endpoint, method: 'GET', path: '/_ping', agent: false, signal }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < KEPT_ANSWER_CHARS) body += chunk;
      });
      res.on('error', fail);
      res.on('end', () => {
        if (res.statusCode === 200 && body.trim() === 'OK') return resolve();
        reject(answerError(res.statusCode ?? 0, body.slice(0, KEPT_ANSWER_CHARS).trim()));
      });
    });
    req.on('error', fail);
    req.end();
  });
}

/** An answer other than `OK`, shaped as dockerode's errors are (what DockerEngine reads of them). */
function answerError(statusCode: number, body: string): Error & { statusCode: number; json?: { message: string } } {
  const message = engineMessageIn(body);
  const error = new Error(message ?? `the answer to /_ping was HTTP ${statusCode}${body ? ` "${body}"` : ''}, not OK`);
  return Object.assign(error, { statusCode }, message ? { json: { message } } : {});
}

/** The engine's message in a JSON error body (`{"message": ...}`), if the body is one. */
function engineMessageIn(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown })?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
