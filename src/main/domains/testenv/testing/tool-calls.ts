/**
 * TEST ONLY. A testenv tool called as an AI client calls it, answered as the contract's envelope
 * (`{success, data | error}` in the first text content).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface Envelope {
  success: boolean;
  data?: any;
  error?: { code: string; message: string; suggestion?: string; details?: any };
}

/** Calls `name` with `args` (builds and setups take a while: a long timeout by default). */
export async function callTool(client: Client, name: string, args: Record<string, unknown>, timeout = 120_000): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout });
  return JSON.parse(((result as CallToolResult).content[0] as { text: string }).text);
}
