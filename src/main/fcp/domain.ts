/**
 * What an FCP domain provides to the engine. A domain is one table of verbs and one of queries,
 * plus its vocabulary, its file format and its digest; the engine derives the parser dispatch,
 * the `{domain}_help` card and the MCP tool description from the same tables.
 */
import type { SelectedRecords } from './presence';
import type { ParsedOp } from './grammar';
import type { EventLog } from './event-log';
import type { EntityRecord, RecordDiff, RecordStore, Transaction } from '../kernel/records';
import type { ResolvedPath } from '../kernel/paths';
import type { DomainChannels } from '../kernel/side-channels';
import type { ChatAppSpec } from '../kernel/chat-apps';

/** How a domain's files are stored: text (UTF-8) or bytes (Standard MIDI Files, ...). */
export type FileEncoding = 'utf8' | 'binary';

/** A document file's content: a string for a `utf8` domain, bytes for a `binary` one. */
export type FileData = string | Uint8Array;

/**
 * Runs one of the domain's heavy tasks (FcpDomain.tasks, or its file reader and writer) off the
 * core's event loop, in a worker thread; while it runs, other clients' reads are answered.
 */
export type Offload = (task: string, input: unknown) => Promise<unknown>;

export interface MutationContext<R extends EntityRecord = EntityRecord> {
  tx: Transaction<R>;
  store: RecordStore<R>;
  /** Who sent the batch: the MCP client's name, or `person` for the renderer. */
  origin: string;
  /** For work too heavy for the core's event loop (layout, renders); see Offload. */
  offload: Offload;
  /** The person's selection in the domain's view; ops have `@selected` bound already. */
  selected(): SelectedRecords;
}

export interface DocumentInfo {
  id: string;
  title: string;
  /** Workspace-relative path of the file, if the document has one. */
  path?: string;
  seq: number;
  dirty: boolean;
}

/** The changes that enter the history: batches and moves of the undo cursor. */
export type ActivityKind = 'batch' | 'undo' | 'redo' | 'undo-to';

export interface ActivityEntry {
  seq: number;
  origin: string;
  kind: ActivityKind;
  /** The op lines or the session action, as sent. */
  ops: string[];
  /** The answer lines (digest excluded). */
  lines: string[];
  at: number;
}

export interface QueryContext<R extends EntityRecord = EntityRecord> {
  store: RecordStore<R>;
  document: DocumentInfo;
  log: EventLog<R>;
  /** Applied changes, oldest first (bounded). */
  activity: readonly ActivityEntry[];
  /** How many changes the history has seen in all (the activity above keeps only the latest). */
  activityTotal: number;
  /** The person's selection in the domain's view (`@selected`); throws no_selection when there is none. */
  selected(): SelectedRecords;
  /** Reports the records the query read, so the view marks them with the client's name. */
  noteRead(ids: readonly string[]): void;
}

export interface VerbSpec<R extends EntityRecord = EntityRecord> {
  name: string;
  /** One line of syntax, shown on the reference card and in `try:` suggestions. */
  syntax: string;
  summary: string;
  /** Heading the verb is listed under on the reference card. */
  section: string;
  examples?: string[];
  /** Returns the answer lines of the op (prefixed as the contract says). */
  handler(op: ParsedOp, ctx: MutationContext<R>): string[] | Promise<string[]>;
}

export interface QuerySpec<R extends EntityRecord = EntityRecord> {
  name: string;
  syntax: string;
  summary: string;
  /** `args` is the query text after its first word, trimmed. */
  handler(args: string, ctx: QueryContext<R>): string;
}

/** What a domain's own session action gets: the verbs' write path, plus the document and its workspace. */
export interface SessionActionContext<R extends EntityRecord = EntityRecord> extends MutationContext<R> {
  document: DocumentInfo;
  /** Resolves a client's path inside the workspace (adding `extension` when it has none); throws StudioError outside it. */
  resolvePath(path: string, extension: string): ResolvedPath;
  /** Throws StudioError (file_not_found with similar names, too_large, ...) for a file that cannot be read. */
  checkReadable(file: ResolvedPath): void;
}

/**
 * A session action of the domain's own, beside new/open/save/checkpoint/undo/redo (such as midi's
 * `load-soundfont PATH`). It runs like a one-op batch: what the handler writes to `ctx.tx` is
 * applied as one change (journaled, undoable, in the history as the action's text), or rolled back
 * if it throws; an action that writes nothing changes nothing. Heavy work goes to `ctx.offload`.
 */
export interface SessionActionSpec<R extends EntityRecord = EntityRecord> {
  /** The first word of the action, lowercase. */
  name: string;
  /** One line of syntax, shown on the reference card, in the session tool's description and in `try:` lines. */
  syntax: string;
  summary: string;
  /** Returns the answer lines (the digest is added after them). */
  handler(op: ParsedOp, ctx: SessionActionContext<R>): string[] | Promise<string[]>;
}

export interface CardSection {
  title: string;
  lines: string[];
}

export interface FcpDomain<R extends EntityRecord = EntityRecord> {
  /** Tool name prefix: `drawio`, `drawio_query`, ... */
  name: string;
  /** One line: what the domain edits. */
  title: string;
  /** `.drawio` */
  fileExtension: string;
  /**
   * Other extensions its files have, each with what a file's first bytes must hold to be one of
   * its files (diagrams.net's template library saves diagrams as `.xml` holding an `<mxfile>`).
   * `open`, `save as:` and the file lists take them beside `fileExtension`.
   */
  otherFileTypes?: readonly OtherFileType[];
  /** How its files are stored; `utf8` when absent. */
  fileEncoding?: FileEncoding;
  /** A workspace path shown in suggestions (`diagrams/architecture.drawio`). */
  exampleFile?: string;
  /** What `new "Title"` takes besides the title, as shown on the card (`[flow:TB|LR|BT|RL]`). */
  newParams?: string;
  verbs: VerbSpec<R>[];
  queries: QuerySpec<R>[];
  /** Vocabulary shown on the card after the verbs (types, themes, selectors, ...). */
  sections: CardSection[];
  /** What the first character of its answer lines means, for the card; the engine's generic legend when absent. */
  prefixLegend?: string[];
  /** Records of a new empty model. */
  createModel(title: string, params: Record<string, string>): R[];
  /** The title held by the model (so it can be renamed by a verb). */
  titleOf(store: RecordStore<R>): string;
  /** The last line of every mutation answer (before any warnings). */
  digest(store: RecordStore<R>): string;
  /**
   * Lines (`? ...`) that follow the digest of a batch that changed the model: what the change
   * left that the client may not want, such as something a file cannot keep. `diff` is the batch's.
   */
  warnings?(store: RecordStore<R>, diff: RecordDiff<R>): string[];
  /**
   * Runs after a batch's ops (or a session action's work) and before it commits, in the same
   * transaction: what the domain derives from the records the batch changed (`diff`, so far)
   * and writes into them, such as the route of an edge whose shapes moved.
   */
  settle?(tx: Transaction<R>, diff: RecordDiff<R>): void;
  /**
   * Parses a file into records; throws StudioError (file_invalid) on bad input. `data` is a string or,
   * for a `binary` domain, the file's bytes; writeFile answers the same kind (or a promise of it).
   * Both depend on their arguments alone (a picture drawn by writeFile also reads the images it
   * shows): the engine runs them in a worker thread.
   */
  readFile(data: FileData, fileName: string): R[];
  /** `target` is the file written (its extension may choose the form: a picture, for drawio). */
  writeFile(records: readonly R[], target?: ResolvedPath): FileData | Promise<FileData>;
  /**
   * Heavy pure work that verbs hand to `ctx.offload(name, input)`; it runs in a worker thread, so
   * input and output must be plain (structured-clonable) data.
   */
  tasks?: Record<string, (input: any) => unknown>;
  /** Session actions of the domain's own (see SessionActionSpec). */
  sessionActions?: SessionActionSpec<R>[];
  /** Card lines that depend on the model, such as custom types defined in this session. */
  sessionCard?(store: RecordStore<R>): string[];
  /** Lines `open` adds to its answer: what the file held that the domain could not fully represent. */
  openNotes?(store: RecordStore<R>): string[];
  /**
   * A document in one line and a few totals, for the project map (shared/domain-summary.ts), e.g.
   * `12 shapes, 9 edges on 1 page` and `{ shapes: 12, edges: 9 }`; the digest stands in when absent.
   */
  summarize?(store: RecordStore<R>): DocumentSummary;
  /** What it serves its view besides records (assets, built sites): kernel/side-channels.ts. */
  channels?: DomainChannels;
  /** Its views inside a chat (MCP Apps): kernel/chat-apps.ts. */
  apps?: readonly ChatAppSpec[];
  /**
   * Whether a change alters what the file holds; false for state the model keeps that the file
   * does not (drawio's active page), so such a change does not make a saved document unsaved.
   * Every change counts when absent.
   */
  changesFile?(diff: RecordDiff<R>): boolean;
}

export interface OtherFileType {
  /** With its dot, lowercase: `.xml`. */
  readonly extension: string;
  /** Tested on the file's first bytes (as text): a file of this extension without it is not the domain's. */
  readonly holds: RegExp;
  /** How the card names them, when not by the extension alone (`.drawio.svg`). */
  readonly shownAs?: string;
  /** How files of this type are read, when not as the domain's own (a picture holding a diagram is bytes). */
  readonly encoding?: FileEncoding;
}

/** How a file of the domain is read: as its type says, else as the domain's own files. */
export function fileEncodingFor(domain: Pick<FcpDomain, 'fileEncoding' | 'otherFileTypes'>, path: string): FileEncoding {
  const lower = path.toLowerCase();
  return domain.otherFileTypes?.find((type) => lower.endsWith(type.extension))?.encoding ?? domain.fileEncoding ?? 'utf8';
}

/** The extension a path is resolved with: its own when the domain takes it, else the domain's own. */
export function fileExtensionFor(domain: Pick<FcpDomain, 'fileExtension' | 'otherFileTypes'>, path: string): string {
  const dot = path.lastIndexOf('.');
  const own = dot > path.lastIndexOf('/') ? path.slice(dot).toLowerCase() : '';
  return domain.otherFileTypes?.some((type) => type.extension === own) ? own : domain.fileExtension;
}

/** What FcpDomain.summarize says of one document. */
export interface DocumentSummary {
  summary: string;
  counts?: Record<string, number>;
}
