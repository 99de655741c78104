/**
 * A tools/call result the bridge carries as the JSON text the core sent (issue 23): its answer line
 * is passed on to the client without being parsed and written again. Only the bridge's two ways
 * out know it: the line transport writes the text as it is (JsonLineTransport.send), and a call the
 * SDK answers gets it parsed first (plainResult), so it never reaches anything that reads a result.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const RAW_JSON = Symbol('the result as JSON text');

type Encoded = CallToolResult & { [RAW_JSON]: string };

/** A result standing for `json`, the JSON text of a CallToolResult (an object). */
export function encodedResult(json: string): CallToolResult {
  return { content: [], [RAW_JSON]: json } as Encoded;
}

/** The JSON text of a result made by encodedResult; undefined for any other value. */
export function rawJsonOf(result: unknown): string | undefined {
  return typeof result === 'object' && result !== null ? (result as Partial<Encoded>)[RAW_JSON] : undefined;
}

/** The result as an object (parsed, when it was carried as text). */
export function plainResult(result: CallToolResult): CallToolResult {
  const json = rawJsonOf(result);
  return json === undefined ? result : (JSON.parse(json) as CallToolResult);
}
