/**
 * What the studio's MCP servers and bridges agree on over the wire, kept free of the domain tables
 * so that the Claude Desktop bundle's bridge (plain JavaScript, no native module) shares it.
 */
import { version } from '../../../package.json';

/** How every Tandem MCP server introduces itself (the core's sessions and the stdio bridges alike). */
export const SERVER_INFO = { name: 'tandem-studio', title: 'Tandem Studio', version } as const;

/**
 * `_meta` key of a tools/call that names the call: a change made under that id is journaled with
 * it, and the same call sent again (after a lost connection) answers the first one's answer
 * instead of applying twice. The stdio bridge sets it on every FCP call that may change a model.
 */
export const REQUEST_ID_META = 'tandem.studio/request-id';

/**
 * `_meta` key set on a tool error when the call was certainly not applied (the core was shutting
 * down), so a bridge may send it again to the next core.
 */
export const NOT_APPLIED_META = 'tandem.studio/not-applied';

/**
 * A JSON-RPC error as sent: unlike the SDK's McpError, whose message gains an `MCP error N:` prefix
 * on every hop, its message goes on the wire as it is.
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}
