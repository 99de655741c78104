/**
 * The documentation nodes of the manifest, mapped to markdown files under `<workspace>/docs/` as
 * the anchor lays them out, read live (content and modification time). db_schema is generated
 * from the governance state's schema when its file is missing.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DOC_NODE_IDS, type DocNodeId, type DocNodeInfo, type GovernanceState, STATE_FILE } from '../../../shared/context-records';
import { ToolError } from '../../tool-domain/domain';
import { INVALID_PARAMS, SYSTEM_ERROR } from './codes';
import type { StateReading } from './state';

/** A documentation file larger than this is refused (an AI's context is small). */
export const MAX_DOC_BYTES = 512 * 1024;

export const DOC_NODES: Record<DocNodeId, { title: string; path: string }> = {
  governance: { title: 'Governance rules', path: 'docs/00_principles/governance_rules.md' },
  standards: { title: 'Coding standards', path: 'docs/00_principles/coding_standards.md' },
  system_context: { title: 'System context', path: 'docs/01_architecture/system_context.md' },
  cortex_logic: { title: 'Cortex engine', path: 'docs/01_architecture/cortex_engine.md' },
  db_schema: { title: 'Database schema', path: 'docs/03_data/database_schema.md' },
};

const iso = (ms: number) => new Date(ms).toISOString();

function fileTime(abs: string): number | undefined {
  try {
    const stats = statSync(abs);
    return stats.isFile() ? stats.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

/** Each node with its path and whether (and when) its file was written; db_schema may be generated. */
export function docNodes(workspace: string, reading: StateReading): DocNodeInfo[] {
  return DOC_NODE_IDS.map((id) => {
    const { title, path } = DOC_NODES[id];
    const modified = fileTime(join(workspace, path));
    if (modified !== undefined) return { id, title, path, exists: true, last_updated: iso(modified) };
    if (id === 'db_schema' && reading.status === 'ok') return { id, title, path, exists: false, generated: true, last_updated: iso(reading.modifiedAt) };
    return { id, title, path, exists: false };
  });
}

/** db_schema as markdown, made from the state's tables: columns, policy and relationships. */
export function schemaMarkdown(state: GovernanceState): string {
  const tables = state.schema?.tables ?? [];
  const lines = [`# Database schema`, '', `Generated from ${STATE_FILE} (schema.tables): ${tables.length} table${tables.length === 1 ? '' : 's'}.`];
  for (const table of tables) {
    lines.push('', `## ${table.name}`, '', `Row-level security: ${table.rls_policy ?? 'none (code may not touch this table)'}`, '');
    if (table.columns?.length) {
      lines.push('| column | type | required |', '| --- | --- | --- |');
      for (const column of table.columns) lines.push(`| ${column.name} | ${column.type} | ${column.required ? 'yes' : 'no'} |`);
    } else lines.push('No columns listed.');
    for (const rel of table.relationships ?? []) lines.push('', `- ${rel.type} with ${rel.target_table}`);
  }
  return lines.join('\n') + '\n';
}

/** The node's markdown and its last change; throws INVALID_PARAMS for an unknown node, SYSTEM_ERROR for a missing file. */
export function consultNode(workspace: string, nodeId: string, reading: StateReading): { content: string; last_updated: string } {
  if (!(DOC_NODE_IDS as readonly string[]).includes(nodeId)) {
    throw new ToolError(INVALID_PARAMS, `no documentation node "${nodeId}"; nodes: ${DOC_NODE_IDS.join(', ')}`, `consult_documentation({"node_id": "${DOC_NODE_IDS[0]}"})`);
  }
  const { path } = DOC_NODES[nodeId as DocNodeId];
  const abs = join(workspace, path);
  let stats;
  try {
    stats = statSync(abs);
  } catch {
    stats = undefined;
  }
  if (stats?.isFile()) {
    if (stats.size > MAX_DOC_BYTES) throw new ToolError(SYSTEM_ERROR, `${path} is larger than ${MAX_DOC_BYTES} bytes`, 'split it into smaller documents');
    return { content: readFileSync(abs, 'utf8'), last_updated: iso(stats.mtimeMs) };
  }
  if (nodeId === 'db_schema') {
    if (reading.status === 'ok') return { content: schemaMarkdown(reading.state), last_updated: iso(reading.modifiedAt) };
    const why = reading.status === 'broken' ? reading.error : `there is no ${STATE_FILE} to generate it from`;
    throw new ToolError(SYSTEM_ERROR, `${path} does not exist and ${why}`, `write ${path}, or describe the tables in ${STATE_FILE}`);
  }
  throw new ToolError(SYSTEM_ERROR, `the documentation node ${nodeId} has no file: ${path} does not exist in the workspace`, `ask the user to write ${path}; other nodes may exist (see the manifest's documentation)`);
}
