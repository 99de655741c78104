/**
 * The one API the renderer talks to (DESIGN.md, "Renderer"): in Electron it is the preload bridge
 * (`window.tandem`), in a browser tab a WebSocket client with the same interface. The renderer
 * sends ops and actions, never state; it learns what changed from the change feed.
 *
 * Every call is one of `ApiCall` below; the main side validates it with `apiCallSchema`
 * (api-schema.ts) before it reaches the core, whichever transport carried it.
 */
import type { Appearance, ThemeChoice } from './appearance';
import type { ChangeEvent, DomainSnapshot } from './change-feed';
import type { PresenceEvent, SelectionReport } from './presence';

export interface ApiAnswer {
  /** The core's answer text, exactly as an MCP client would get it. */
  text: string;
  isError: boolean;
}

export interface FileEntry {
  /** Workspace-relative path with forward slashes, e.g. `diagrams/arch.drawio`. */
  path: string;
  modifiedAt: number;
}

/** A tool domain's answer, exactly as an MCP client gets it (its envelope is the domain's own). */
export interface ToolCallAnswer {
  content: Array<{ type: string; text?: string; [key: string]: unknown }>;
  /** For a tool with an output schema: the answer as data. */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export type ApiCall =
  | { method: 'snapshot'; domain: string }
  | { method: 'mutate'; domain: string; ops: string[] }
  | { method: 'query'; domain: string; q: string }
  | { method: 'session'; domain: string; action: string }
  | { method: 'listFiles'; domain: string }
  | { method: 'info' }
  | { method: 'callTool'; domain: string; tool: string; args?: Record<string, unknown> }
  | { method: 'presence'; report: SelectionReport }
  | { method: 'claudeDesktop'; action: 'describe' | 'writeConfig' }
  | { method: 'example'; action: 'describe' | 'open' | 'dismissWelcome'; folder?: string }
  /** Without a theme: the studio-wide appearance; with one: chooses it. */
  | { method: 'appearance'; theme?: ThemeChoice };

/** The welcome and the example workspace (main/core/example-workspace.ts). */
export interface ExampleState {
  /** The welcome is due: this workspace is new and the person has not dismissed it. */
  welcome: boolean;
  /** The studio's workspace. */
  workspace: string;
  /** The folder the example would be copied into: the workspace, or the folder inside it the person named. */
  folder: string;
  /** Whether the studio has the example at all (a packaged app without resources/ has not). */
  available: boolean;
  /** The example's top-level entries the workspace already has: then it is not copied. */
  conflicts: string[];
}

export interface ExampleOpened {
  workspace: string;
  /** Where it was copied. */
  folder: string;
  copied: string[];
  /** What did not open, each with why (a view then shows less; the files are there all the same). */
  problems: string[];
}

/** One entry under claude_desktop_config.json's mcpServers. */
export interface McpServerEntry {
  command: string;
  args: string[];
}

/** What "Connect Claude Desktop" shows: the bundle, and the config entry with the state of the file. */
export interface ClaudeDesktopInfo {
  workspace: string;
  /** dist/tandem.mcpb, when it has been built. */
  bundleFile?: string;
  configFile: string;
  /** The JSON to add, as `tandem mcp-config` prints it. */
  entry: { mcpServers: Record<string, McpServerEntry> };
  config:
    | { state: 'absent' | 'without-entry' | 'connected' | 'other-entry' }
    | { state: 'invalid'; problem: string };
}

export interface ClaudeDesktopWritten {
  configFile: string;
  /** False when the file already held this entry. */
  changed: boolean;
  /** The file as it was, when there was one. */
  backupFile?: string;
}

export interface StudioInfo {
  workspace: string;
  /** The FCP domains (drawio, midi). */
  domains: string[];
  /** The tool domains (testenv, tasks, ...): their views call their tools with callTool. */
  toolDomains: string[];
  /** `electron` in the app window, `browser` in a tab served by `tandem serve`. */
  host: 'electron' | 'browser';
}

export interface TandemApi {
  info(): Promise<StudioInfo>;
  snapshot(domain: string): Promise<DomainSnapshot>;
  /** Runs a batch of ops as the person (origin `person`). */
  mutate(domain: string, ops: string[]): Promise<ApiAnswer>;
  query(domain: string, q: string): Promise<ApiAnswer>;
  /** A session action: `undo`, `redo`, `checkpoint NAME`, `save`, `save as:PATH`, `open PATH`, `new "T"`. */
  session(domain: string, action: string): Promise<ApiAnswer>;
  /** Files of the domain's type in the workspace, for the browser's open dialog. */
  listFiles(domain: string): Promise<FileEntry[]>;
  /** Calls one tool of a tool domain as the person, as an MCP client would (a dashboard's buttons). */
  callTool(domain: string, tool: string, args?: Record<string, unknown>): Promise<ToolCallAnswer>;
  /**
   * The bytes of a file a domain serves its view by name (main/kernel/side-channels.ts), e.g.
   * `asset('midi', 'soundfont', path?)`: the default General MIDI SoundFont, or `path` (a .sf2/.sf3
   * inside the workspace, as the midi meta record's `soundfont` names it); `asset('drawio', 'image',
   * path)`: a diagram's image file (PNG, JPEG, GIF, SVG, WebP inside the workspace).
   */
  asset(domain: string, name: string, path?: string): Promise<ArrayBuffer>;
  /** "Connect Claude Desktop": the bundle to install, and the config entry with the state of Claude Desktop's config file. */
  describeClaudeDesktop(): Promise<ClaudeDesktopInfo>;
  /** Writes the entry `describeClaudeDesktop` showed into Claude Desktop's config file (after a backup of it). */
  connectClaudeDesktop(): Promise<ClaudeDesktopWritten>;
  /** The welcome's state: whether it is due, and whether the example can be copied into the workspace. */
  describeExample(folder?: string): Promise<ExampleState>;
  /** Copies the example into `folder` (inside the workspace; the workspace by default), overwriting nothing, and opens it in every view. */
  openExample(folder?: string): Promise<ExampleOpened>;
  /** Electron only: the system's folder dialog, for where the example goes; an absolute folder inside the workspace, undefined when cancelled. */
  pickExampleFolder?(): Promise<string | undefined>;
  /** The studio-wide appearance (every workspace, every port), as the core keeps it in the user's config folder. */
  appearance(): Promise<Appearance>;
  /** Chooses the studio-wide theme; answers the appearance now kept. */
  chooseAppearance(theme: ThemeChoice): Promise<Appearance>;
  /** The person closed the welcome: it does not show again in this workspace. */
  dismissWelcome(): Promise<void>;
  /** Electron only: opens the bundle (Claude Desktop installs it), or shows it in its folder. */
  openClaudeBundle?(mode: 'open' | 'reveal'): Promise<void>;
  /** Subscribes to the change feed; returns the unsubscribe function. */
  onChange(listener: (event: ChangeEvent) => void): () => void;
  /**
   * Tells the core what the person has selected in one view of this window (presence: never an
   * edit, never in history). The AI's `@selected` means the selection of the window used last.
   */
  reportPresence(report: SelectionReport): Promise<void>;
  /** Subscribes to presence: the clients connected and the records they read. */
  onPresence(listener: (event: PresenceEvent) => void): () => void;
  /**
   * Electron only: the native open/save dialog, answering a workspace-relative path or undefined
   * when cancelled. Absent in the browser, where the renderer shows the workspace file list.
   */
  pickFile?(domain: string, mode: 'open' | 'save'): Promise<string | undefined>;
  /**
   * Browser only: the address of a file of a site `domain` built (`folder` the output folder relative
   * to the workspace, `file` e.g. `index.html`), served read-only by the core
   * (shared/channel-addresses.ts). Absent in the Electron window, whose renderer holds no token.
   */
  siteAddress?(domain: string, folder: string, file: string): Promise<string>;
  /**
   * Electron only: opens the site `domain` built in `folder` (relative to the workspace) in the
   * system browser. Main makes its address; the window never holds the key.
   */
  openSite?(domain: string, folder: string): Promise<void>;
}

/** The origin the core records for edits made in the studio window or a browser tab. */
export const PERSON_ORIGIN = 'person';
