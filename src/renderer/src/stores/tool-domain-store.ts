/**
 * The read model of a tool domain (testenv, tasks, architecture, context): the records the core
 * publishes for the domain, grouped by their `kind`, kept current by the change feed exactly as the
 * FCP domains' stores are (document-store.ts: snapshot, then changes in sequence, a fresh snapshot
 * after a gap or a reconnect), with the activity and who changed what. Never written by the view:
 * the person's buttons call the domain's tools with `call`, as an MCP client would, and what they
 * change comes back on the feed like anyone else's change.
 *
 * The activity lists the calls, not the domain's own background changes (see toolDomainTransitions).
 * `call` also reads the domain's answer envelope (by default `{success, data, error, timestamp}`,
 * testenv's) into an outcome, and lists the calls this view has in flight.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { TandemApi, ToolCallAnswer } from '../../../shared/tandem-api';
import {
  createDocumentStore,
  documentTransitions,
  errorMessage,
  initialDocumentState,
  type DocumentState,
  type DocumentStoreOptions,
  type DocumentTransitions,
} from './document-store';
import type { FeedSync } from './feed-sync';
import { applyCollectionChanges, kindOf } from '../../../shared/record-collections';
import { isBackgroundChange } from '../../../shared/change-feed';

/** What every published record has. */
export interface KindedRecord {
  readonly id: string;
  readonly kind: string;
}

/** Records by kind, then by id. A kind seen once keeps its (maybe empty) map. */
export type RecordsByKind = Readonly<Record<string, ReadonlyMap<string, KindedRecord>>>;

/** A call this view made that has not answered yet. */
export interface CallInFlight {
  id: number;
  tool: string;
  args: Readonly<Record<string, unknown>>;
  startedAt: number;
}

export interface ToolDomainState extends DocumentState {
  records: RecordsByKind;
  /** Oldest first. */
  calls: readonly CallInFlight[];
}

/** A failed call as the domain words it: its code, message, and where it names one, the fix. */
export interface ToolCallError {
  code: string;
  message: string;
  suggestion?: string;
  details?: unknown;
}

export type ToolOutcome<T = unknown> = { ok: true; data: T } | { ok: false; error: ToolCallError };

/** Reads a domain's answer into an outcome. */
export type EnvelopeReader = (answer: ToolCallAnswer) => ToolOutcome;

/** Code of an answer that is no envelope at all (not JSON, or not the domain's shape). */
export const UNREADABLE_ANSWER = 'unreadable_answer';
/** Code of a call that never got an answer (the connection dropped, the core refused the call). */
export const CALL_FAILED = 'call_failed';

function answerText(answer: ToolCallAnswer): string {
  return (answer.content ?? []).map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
}

function callError(raw: unknown, fallback: string): ToolCallError {
  const error = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof ToolCallError, unknown>>;
  return {
    code: typeof error.code === 'string' ? error.code : CALL_FAILED,
    message: typeof error.message === 'string' ? error.message : fallback,
    ...(typeof error.suggestion === 'string' ? { suggestion: error.suggestion } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
}

/** The answer's text as JSON, or undefined when it is not JSON. */
function answerJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function unreadable(text: string, what: string): ToolOutcome {
  return { ok: false, error: { code: UNREADABLE_ANSWER, message: `the answer is ${what}: ${text.slice(0, 300) || '(empty)'}` } };
}

/**
 * The envelope `{success, data, error: {code, message, suggestion?, details?}, timestamp}` in the
 * answer's text (testenv's, specs/testenv-tools.md). An answer in another shape is an error that
 * quotes it, so a broken answer shows instead of passing for success.
 */
export const successEnvelope: EnvelopeReader = (answer) => {
  const text = answerText(answer);
  const parsed = answerJson(text);
  const envelope = isObject(parsed) ? parsed : {};
  if (envelope.success === true && !answer.isError) return { ok: true, data: envelope.data };
  if (envelope.success === false) return { ok: false, error: callError(envelope.error, 'the tool failed without saying why') };
  return unreadable(text, "not in the domain's envelope");
};

/** The `try: ...` part of a details text (`src/a.d2:3; try: fix the D2 at that line`), if any. */
function suggestionIn(details: unknown): string | undefined {
  if (typeof details !== 'string') return undefined;
  return /(?:^|;\s*)try: ([^;]+)/.exec(details)?.[1].trim();
}

/**
 * The data itself as JSON text, or `{error: {code, message, suggestion?, details?}}` flagged isError
 * (tasks', specs/tasks-mcp-design.md, context's, and architecture's, whose `details` text carries
 * the suggestion as `try: ...`). An error flag without that shape, or text that is not JSON, is an
 * error that quotes it.
 */
export const dataOrErrorEnvelope: EnvelopeReader = (answer) => {
  const text = answerText(answer);
  const parsed = answerJson(text);
  if (parsed === undefined) return unreadable(text, 'not JSON');
  const error = isObject(parsed) ? parsed.error : undefined;
  if (isObject(error) && typeof error.code === 'string') {
    const read = callError(error, text.slice(0, 300));
    const suggestion = read.suggestion ?? suggestionIn(read.details);
    return { ok: false, error: { ...read, ...(suggestion ? { suggestion } : {}) } };
  }
  if (answer.isError || error !== undefined) return unreadable(text, 'an error in no known shape');
  return { ok: true, data: parsed };
};

const EMPTY_RECORDS: ReadonlyMap<string, KindedRecord> = new Map();

/** The records of one kind (an empty map when there are none). */
export function recordsOf<R extends KindedRecord>(state: Pick<ToolDomainState, 'records'>, kind: R['kind']): ReadonlyMap<string, R> {
  return (state.records[kind] ?? EMPTY_RECORDS) as ReadonlyMap<string, R>;
}

/** The records after a change: only the kinds it touches get new maps, other records keep their objects. */
export function applyRecordChanges(records: RecordsByKind, put: readonly unknown[], removed: readonly string[]): RecordsByKind {
  const kinds = new Set(Object.keys(records));
  for (const raw of put) {
    const kind = kindOf(raw);
    if (kind !== undefined && typeof (raw as { id?: unknown }).id === 'string') kinds.add(kind);
  }
  const grouped: Record<string, ReadonlyMap<string, KindedRecord>> = {};
  for (const kind of kinds) grouped[kind] = records[kind] ?? EMPTY_RECORDS;
  const collectionOf = Object.fromEntries([...kinds].map((kind) => [kind, kind]));
  return applyCollectionChanges(grouped, put, removed, { collectionOf });
}

export function initialToolDomainState(): ToolDomainState {
  return { ...initialDocumentState(), records: {}, calls: [] };
}

const recordTransitions = documentTransitions<Pick<ToolDomainState, 'records'>, ToolDomainState>({
  fromSnapshot: (records) => ({ records: applyRecordChanges({}, records, []) }),
  apply: (state, put, removed) => ({ records: applyRecordChanges(state.records, put, removed) }),
  // Every kind shows who changed it last: a service turning healthy, a suite's result.
  highlighted: (raw) => (kindOf(raw) ? (raw as KindedRecord).id : undefined),
});

/**
 * The store's transitions for `domain`. The activity lists who called what: the domain's own
 * background changes (origin = the domain's name, e.g. log lines or requests arriving, republished
 * many times a second) update the records but are not listed, so they cannot push the calls out.
 */
export function toolDomainTransitions(domain: string): DocumentTransitions<ToolDomainState> {
  return {
    ...recordTransitions,
    load: (state, snapshot) => {
      const next = recordTransitions.load(state, snapshot);
      return { ...next, activity: next.activity.filter((entry) => !isBackgroundChange(entry, domain)) };
    },
    apply: (state, event, now) => {
      const next = recordTransitions.apply(state, event, now);
      return isBackgroundChange(event, domain) ? { ...next, activity: state.activity } : next;
    },
  };
}

export interface ToolDomainStoreOptions extends DocumentStoreOptions {
  api: Pick<TandemApi, 'snapshot' | 'onChange' | 'callTool'>;
  /** How the domain's answers read; `successEnvelope` by default. */
  envelope?: EnvelopeReader;
}

export interface ToolDomainStore {
  readonly domain: string;
  store: StoreApi<ToolDomainState>;
  /** Subscribes to the change feed and loads the first snapshot. */
  start(): FeedSync;
  /**
   * Calls one of the domain's tools as the person and answers its outcome; never throws (a call
   * that got no answer is an outcome with code `call_failed` or the transport's own code).
   */
  call<T = unknown>(tool: string, args?: Record<string, unknown>): Promise<ToolOutcome<T>>;
}

export function createToolDomainStore(domain: string, options: ToolDomainStoreOptions): ToolDomainStore {
  const handle = createDocumentStore(domain, initialToolDomainState, toolDomainTransitions(domain), options);
  const { store } = handle;
  const readEnvelope = options.envelope ?? successEnvelope;
  const now = options.now ?? Date.now;
  let nextCallId = 1;

  const call = async <T>(tool: string, args: Record<string, unknown> = {}): Promise<ToolOutcome<T>> => {
    const entry: CallInFlight = { id: nextCallId++, tool, args, startedAt: now() };
    store.setState((s) => ({ calls: [...s.calls, entry] }));
    try {
      return readEnvelope(await options.api.callTool(domain, tool, args)) as ToolOutcome<T>;
    } catch (err) {
      return { ok: false, error: callError(err, errorMessage(err)) };
    } finally {
      store.setState((s) => ({ calls: s.calls.filter((c) => c.id !== entry.id) }));
    }
  };

  return { domain, store, start: handle.start, call };
}
