/**
 * tools/list as McpServer answers it, plus each tool's `icons` (protocol 2025-11-25), which the
 * SDK 1.x's McpServer does not list: the same fields from the same registered tools, so whatever
 * a tool is registered with (title, schemas, annotations, `_meta`) is listed as before.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { type Icon, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

const EMPTY_OBJECT_SCHEMA = { type: 'object' as const, properties: {} };

function jsonSchema(schema: RegisteredTool['inputSchema'], pipeStrategy: 'input' | 'output'): Tool['inputSchema'] | undefined {
  const object = normalizeObjectSchema(schema);
  return object ? (toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy }) as Tool['inputSchema']) : undefined;
}

export interface ListedTool {
  name: string;
  registered: RegisteredTool;
  icons?: Icon[];
}

export function listToolsWithIcons(server: McpServer, tools: readonly ListedTool[]): void {
  // Registered after McpServer's own handler, so it replaces it.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools
      .filter(({ registered }) => registered.enabled)
      .map(({ name, registered, icons }): Tool => {
        const outputSchema = registered.outputSchema && jsonSchema(registered.outputSchema, 'output');
        return {
          name,
          title: registered.title,
          description: registered.description,
          inputSchema: jsonSchema(registered.inputSchema, 'input') ?? EMPTY_OBJECT_SCHEMA,
          ...(outputSchema ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
          annotations: registered.annotations,
          ...(registered._meta ? { _meta: registered._meta } : {}),
          ...(icons ? { icons } : {}),
        };
      }),
  }));
}
