/**
 * The project-context domain (`context`, contract: specs/context-kernel-tools.md, issue 11) as its
 * view sees it: the answers of its tools (the manifest, the blueprint) and the records the core
 * publishes on the change feed (a DomainSnapshot of domain `context` carries them all). Shared by
 * main and renderer so that both read the same shapes; a record is replaced whole when it changes.
 */
import type { DomainSummary } from './domain-summary';

/** The documentation nodes an AI may consult (consult_documentation's node_id). */
export const DOC_NODE_IDS = ['governance', 'standards', 'system_context', 'cortex_logic', 'db_schema'] as const;
export type DocNodeId = (typeof DOC_NODE_IDS)[number];

/** `<workspace>/logic64-state.json`: the governance state the anchor keeps (its SAM). */
export const STATE_FILE = 'logic64-state.json';

/** An entry of `stack.forbidden`: a name, or a name with its aliases and what to use instead. */
export type ForbiddenEntry = string | { name: string; aliases?: string[]; instead?: string; reason?: string };

export interface StateTable {
  name: string;
  columns?: { name: string; type: string; required?: boolean }[];
  /** `public-read`, `owner-write`, `admin-only`, `strict`; missing or `none`: no code may touch the table. */
  rls_policy?: string;
  relationships?: { target_table: string; type: string }[];
}

/** The governance state (logic64-state.json); unknown keys are kept as they are. */
export interface GovernanceState {
  meta?: { project_id?: string; name?: string; version?: string; last_updated?: string; description?: string; [key: string]: unknown };
  /** The golden stack (`frontend: nextjs-app-router`, ...) and the rule lists. */
  stack?: { forbidden?: ForbiddenEntry[]; required?: string[]; allowed?: string[]; [layer: string]: unknown };
  modules?: Record<string, { enabled: boolean; provider?: string; [key: string]: unknown }>;
  schema?: { tables?: StateTable[] };
  /** Where code goes: `components: components/ui`, `actions: app/_actions`, ... (workspace-relative). */
  directories?: Record<string, string>;
  [key: string]: unknown;
}

/** How the state file stands: read and valid, absent, or unreadable (with why). */
export type GovernanceStatus = 'ok' | 'missing' | 'broken';

export interface DocNodeInfo {
  id: DocNodeId;
  title: string;
  /** Workspace-relative path of its markdown file. */
  path: string;
  exists: boolean;
  /** ISO time of the file's last change (of the state file for a generated db_schema). */
  last_updated?: string;
  /** True for db_schema made from the state's schema because its file is missing. */
  generated?: boolean;
}

/** The map get_initial_context answers: the live studio, its documentation and its governance. */
export interface ProjectManifest {
  project: { name: string; description?: string; version?: string; workspace: string };
  /** `live`: made from the running studio; `safe`: the bridge's static map while the core starts. */
  mode: 'live' | 'safe';
  generated_at: string;
  /** Every domain of the studio as it describes itself: documents, sessions, systems, tasks. */
  domains: DomainSummary[];
  documentation: DocNodeInfo[];
  governance: {
    file: string;
    status: GovernanceStatus | 'unavailable';
    error?: string;
    /** The rules in one line each, as ask_cortex applies them. */
    directives: string[];
    directories: Record<string, string>;
    modules: { name: string; enabled: boolean; provider?: string }[];
    tables: { name: string; rls_policy: string; columns: number }[];
  };
  /** What to do next, for the AI. */
  instructions: string[];
  /** Where the person is in the studio now (presence), when a window is open. */
  person?: { looking_at: string; domain: string; window: string; selected: number };
}

export interface InitialContext {
  system_status: 'ONLINE' | 'SAFE_MODE';
  manifest: ProjectManifest;
  /** The stack's layers from the state (`frontend: nextjs-app-router`), without the rule lists. */
  active_stack: Record<string, string>;
}

export type BlueprintType = 'SCAFFOLD' | 'MODIFY' | 'REJECT';

export interface Blueprint {
  blueprint_id: string;
  type: BlueprintType;
  /** Workspace-relative; empty for a REJECT without a current file. */
  target_file: string;
  specs: { imports: string[]; logic_steps: string[]; security_constraints: string[] };
  compliance: { allowed: boolean; reason?: string };
}

/** The manifest as the AI last received it: `manifest`. */
export interface ContextManifestRecord {
  readonly id: 'manifest';
  readonly kind: 'manifest';
  readonly manifest: ProjectManifest;
  /** Who asked for it last, and when. */
  readonly origin: string;
  readonly at: number;
}

/** The governance state as read last: `governance`. */
export interface ContextGovernanceRecord {
  readonly id: 'governance';
  readonly kind: 'governance';
  readonly file: string;
  readonly status: GovernanceStatus;
  readonly error?: string;
  readonly state?: GovernanceState;
}

/** One ask_cortex, as recorded: `blueprint:<n>` (n counts up from 1, kept in SQLite). */
export interface ContextBlueprintRecord {
  readonly id: string;
  readonly kind: 'blueprint';
  readonly n: number;
  readonly at: number;
  /** Who asked: the MCP client's name. */
  readonly origin: string;
  readonly intent: string;
  readonly currentFile?: string;
  readonly type: BlueprintType;
  readonly targetFile: string;
  readonly allowed: boolean;
  readonly reason?: string;
  readonly blueprintId: string;
}

/** A documentation node: `doc:<node id>`, with its markdown when it is small enough to show. */
export interface ContextDocRecord {
  readonly id: string;
  readonly kind: 'doc';
  readonly node: DocNodeInfo;
  readonly content?: string;
}

export const docRecordId = (nodeId: string) => `doc:${nodeId}`;

export type ContextRecord = ContextManifestRecord | ContextGovernanceRecord | ContextBlueprintRecord | ContextDocRecord;
