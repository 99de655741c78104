// The reference for the one-op round trip (issue 23): a bare MCP SDK server whose one tool takes the
// same arguments as `drawio` and does nothing. On stdio by default; with `--socket PATH` it serves each
// connection to that unix socket instead (prints "ready" when listening), for bench/byte-relay.mjs to
// reach. bench/round-trip.ts times it beside `tandem mcp`.
import { createServer } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

function noopServer() {
  const server = new McpServer({ name: 'bare', version: '1.0.0' });
  server.registerTool('noop', { description: 'does nothing', inputSchema: { ops: z.array(z.string()) } }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return server;
}

const socketAt = process.argv.indexOf('--socket');
if (socketAt === -1) {
  await noopServer().connect(new StdioServerTransport());
} else {
  createServer((socket) => void noopServer().connect(new StdioServerTransport(socket, socket))).listen(process.argv[socketAt + 1], () => console.log('ready'));
}
