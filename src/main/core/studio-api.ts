/**
 * What the studio core offers to its hosts and transports (MCP sessions, the Electron IPC,
 * the browser WebSocket). Every call names its origin so that history can say who acted.
 */
import type { ChangeEvent, DomainSnapshot } from '../../shared/change-feed';
import type { FcpDomain } from '../fcp/domain';
import type { ResolvedPath } from '../fcp/session';

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

/** The four FCP tools of one domain, bound to its active document. */
export interface FcpEndpoint {
  readonly domain: FcpDomain<any>;
  mutate(ops: readonly string[], origin: string): Promise<ToolAnswer>;
  query(q: string, origin: string): Promise<ToolAnswer>;
  session(action: string, origin: string): Promise<ToolAnswer>;
  help(): Promise<ToolAnswer>;
}

export interface StudioCore {
  /** Absolute path of the workspace folder. */
  readonly workspace: string;
  /** Names of the FCP domains this core hosts (`drawio`, later `midi`). */
  readonly fcpDomains: readonly string[];
  /**
   * Resolves a client's path inside the workspace, adding `extension` when it has none; throws
   * FcpError for a path outside it (also through links) or with another extension.
   */
  resolvePath(path: string, extension: string): ResolvedPath;
  /** Throws FcpError(unknown_domain) for a domain it does not host. */
  fcp(domain: string): FcpEndpoint;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  snapshot(domain: string): Promise<DomainSnapshot>;
  /** Finishes in-flight work, flushes the journal and releases the database. */
  close(): Promise<void>;
}
