// The reference for the one-op round trip (issue 23): a bare MCP SDK stdio server whose one tool
// takes the same arguments as `drawio` and does nothing. bench/round-trip.ts times it beside `tandem mcp`.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'bare', version: '1.0.0' });
server.registerTool('noop', { description: 'does nothing', inputSchema: { ops: z.array(z.string()) } }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
await server.connect(new StdioServerTransport());
