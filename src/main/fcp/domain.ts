/**
 * What an FCP domain provides to the engine. A domain is one table of verbs and one of queries,
 * plus its vocabulary, its file format and its digest; the engine derives the parser dispatch,
 * the `{domain}_help` card and the MCP tool description from the same tables.
 */
import type { ParsedOp } from './grammar';
import type { EventLog } from './event-log';
import type { EntityRecord, RecordStore, Transaction } from './records';

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
  verbs: VerbSpec<R>[];
  queries: QuerySpec<R>[];
  /** Vocabulary shown on the card after the verbs (types, themes, selectors, ...). */
  sections: CardSection[];
  /** Records of a new empty model. */
  createModel(title: string, params: Record<string, string>): R[];
  /** The title held by the model (so it can be renamed by a verb). */
  titleOf(store: RecordStore<R>): string;
  /** The last line of every mutation answer. */
  digest(store: RecordStore<R>): string;
  /**
   * Parses file text into records; throws FcpError (file_invalid) on bad input. Like writeFile, a
   * pure function of its arguments: the engine runs both in a worker thread.
   */
  readFile(text: string, fileName: string): R[];
  writeFile(records: readonly R[]): string;
  /**
   * Heavy pure work that verbs hand to `ctx.offload(name, input)`; it runs in a worker thread, so
   * input and output must be plain (structured-clonable) data.
   */
  tasks?: Record<string, (input: any) => unknown>;
  /** Card lines that depend on the model, such as custom types defined in this session. */
  sessionCard?(store: RecordStore<R>): string[];
  /** Lines `open` adds to its answer: what the file held that the domain could not fully represent. */
  openNotes?(store: RecordStore<R>): string[];
}
