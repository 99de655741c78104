/**
 * The catalog of the Claude Desktop bundle: what each toolset offers, made from the domain tables
 * when the bundle is built (the manifest's tools and prompts come from it too). The bundle's bridge
 * holds no tables (no domain code, no native module): it lists what the core lists and uses the
 * catalog to keep the toolsets and the read-only mode the person picked in Claude Desktop.
 */
import type { Icon } from '@modelcontextprotocol/sdk/types.js';
import type { ResendPolicy } from '../tool-definition';

export interface CatalogTool {
  name: string;
  /** The toolsets that offer it: its own, or, for a tool the chat views call, each toolset with a view that calls it. */
  toolsets: string[];
  readOnly: boolean;
  resend: ResendPolicy;
  checkHint: string;
}

export interface BundleCatalog {
  /** The studio's version the bundle was built from: the bridge's own version. */
  version: string;
  toolsets: string[];
  tools: CatalogTool[];
  /** The toolsets' resources, their chat views' ui:// pages among them. */
  resources: { uri: string; toolset: string }[];
  prompts: { name: string; toolset: string }[];
  icons?: Icon[];
}

export const ALL = 'all';

/** What the person picked: toolsets by name (`all`, or `a,b`) and read-only. */
export interface BundleChoice {
  toolsets: string;
  readOnly: boolean;
}

export type CatalogPick =
  | { ok: true; toolsets: string[]; tools: Map<string, CatalogTool>; resourceUris: Set<string>; prompts: Set<string> }
  | { ok: false; problem: string; suggestion: string };

/** The catalog's part the choice keeps, or why the choice names no toolset the catalog has. */
export function pickFromCatalog(catalog: BundleCatalog, choice: BundleChoice): CatalogPick {
  const named = choice.toolsets.split(',').map((s) => s.trim()).filter(Boolean);
  const toolsets = named.length === 0 || named.includes(ALL) ? catalog.toolsets : named;
  const unknown = toolsets.filter((name) => !catalog.toolsets.includes(name));
  if (unknown.length) {
    return {
      ok: false,
      problem: `the bundle's "Toolsets" setting names ${unknown.map((u) => `"${u}"`).join(', ')}, which this studio does not have (toolsets: ${catalog.toolsets.join(', ')})`,
      suggestion: `in Claude Desktop's settings for Tandem Studio, set Toolsets to ${ALL} or to some of: ${catalog.toolsets.join(',')}`,
    };
  }
  const kept = new Set(toolsets);
  const tools = catalog.tools.filter((t) => t.toolsets.some((name) => kept.has(name)) && (!choice.readOnly || t.readOnly));
  return {
    ok: true,
    toolsets,
    tools: new Map(tools.map((t) => [t.name, t])),
    resourceUris: new Set(catalog.resources.filter((r) => kept.has(r.toolset)).map((r) => r.uri)),
    prompts: new Set(catalog.prompts.filter((p) => kept.has(p.toolset)).map((p) => p.name)),
  };
}
