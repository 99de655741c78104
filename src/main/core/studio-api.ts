/**
 * What the studio core offers to its hosts and transports (MCP sessions, the Electron IPC,
 * the browser WebSocket). Every call names its origin so that history can say who acted.
 */
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChangeEvent, DomainSnapshot } from '../../shared/change-feed';
import type { DocumentInfo, FcpDomain, FileData } from '../fcp/domain';
import type { StudioEnding, ToolDomain } from '../tool-domain/domain';
import type { CallerInfo } from '../tool-domain/hosted-domain';
import type { ResolvedPath } from '../kernel/paths';
import type { ChangeLog } from './change-log';
import type { PresenceHub } from './presence';

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

/** The four FCP tools of one domain, bound to its active document. */
export interface FcpEndpoint {
  readonly domain: FcpDomain<any>;
  /**
   * `requestId`: the id the client gave the call (MCP `_meta`, see request-context.ts), if any: a
   * call under an id already journaled answers what the first did, without applying it again.
   */
  mutate(ops: readonly string[], origin: string, requestId?: string): Promise<ToolAnswer>;
  query(q: string, origin: string): Promise<ToolAnswer>;
  session(action: string, origin: string, requestId?: string): Promise<ToolAnswer>;
  help(): Promise<ToolAnswer>;
}

export interface StudioCore {
  /** Absolute path of the workspace folder. */
  readonly workspace: string;
  /** Names of the FCP domains this core hosts (`drawio`, `midi`). */
  readonly fcpDomains: readonly string[];
  /**
   * Resolves a client's path inside the workspace, adding `extension` when it has none (any file
   * without one); throws StudioError for a path outside it (also through links) or with another extension.
   */
  resolvePath(path: string, extension?: string): ResolvedPath;
  /** Throws StudioError(unknown_domain) for a domain it does not host. */
  fcp(domain: string): FcpEndpoint;
  /** The FCP domain's active document (id, title, workspace-relative path, seq); throws StudioError(unknown_domain). */
  documentInfo(domain: string): DocumentInfo;
  /** Names of the tool domains this core hosts (later `testenv`, `tasks`, ...). */
  readonly toolDomains: readonly string[];
  /** A hosted tool domain's tables; throws StudioError(unknown_domain). */
  toolDomain(domain: string): ToolDomain<unknown>;
  /**
   * Runs one tool of a tool domain as `caller`: checked against its input schema and answered in
   * the domain's envelope, failures included. Throws StudioError for an unknown domain or tool.
   */
  callTool(domain: string, tool: string, args: unknown, caller: CallerInfo): Promise<CallToolResult>;
  /** Throws a ToolError (resource_not_found, or the domain's own) when it cannot be read. */
  readResource(domain: string, uri: string): Promise<ReadResourceResult>;
  /** Throws a ToolError (unknown_prompt, invalid input) when it cannot be given. */
  getPrompt(domain: string, name: string, args?: Record<string, string>): Promise<GetPromptResult>;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  snapshot(domain: string): Promise<DomainSnapshot>;
  /**
   * The FCP domain's active document as its file would be written now (nothing is written), made
   * off the event loop (the offload pool) like a save; throws StudioError(unknown_domain).
   */
  documentFile(domain: string): Promise<{ documentId: string; data: FileData; extension: string }>;
  /** The latest changes of each domain, for views that ask instead of subscribing (chat apps). */
  readonly changes: Pick<ChangeLog, 'since' | 'recent' | 'next'>;
  /** Who looks at what: the windows' selections, the clients connected, their reads (issue 14). */
  readonly presence: PresenceHub;
  /** Finishes in-flight work, flushes the journal and releases the database. */
  close(ending?: StudioEnding): Promise<void>;
}
