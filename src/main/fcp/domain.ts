/**
 * What an FCP domain provides to the engine. A domain is one table of verbs and one of queries,
 * plus its vocabulary, its file format and its digest; the engine derives the parser dispatch,
 * the `{domain}_help` card and the MCP tool description from the same tables.
 */
import type { ParsedOp } from './grammar';
import type { EventLog } from './event-log';
import type { EntityRecord, RecordStore, Transaction } from './records';

export interface MutationContext<R extends EntityRecord = EntityRecord> {
  tx: Transaction<R>;
  store: RecordStore<R>;
  /** Who sent the batch: the MCP client's name, or `person` for the renderer. */
  origin: string;
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
  /** Parses file text into records; throws FcpError (file_invalid) on bad input. */
  readFile(text: string, fileName: string): R[];
  writeFile(store: RecordStore<R>): string;
  /** Card lines that depend on the model, such as custom types defined in this session. */
  sessionCard?(store: RecordStore<R>): string[];
  /** Lines `open` adds to its answer: what the file held that the domain could not fully represent. */
  openNotes?(store: RecordStore<R>): string[];
}
