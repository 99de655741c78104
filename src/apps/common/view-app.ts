/**
 * What every chat view shares: the MCP Apps connection to the host (ext-apps' App), the host's
 * theme, following a domain's live document through tandem_view_changes (a host gives an app no
 * socket, so it long-polls through tool calls), the edits others made marked as the studio window
 * marks them, and the person's own gestures sent as the same tools the AI calls, marked with
 * VIEW_META_KEY so the core records them as the person's.
 */
import './no-eval';
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { VIEW_CHANGES_TOOL, VIEW_META_KEY, VIEW_SELECT_TOOL, chatViewUri, type ViewChange, type ViewChanges } from '../../shared/chat-views';
import { isBackgroundChange } from '../../shared/change-feed';
import { PERSON_ORIGIN } from '../../shared/tandem-api';
import { HIGHLIGHT_MS, originColor } from '../../renderer/src/common/origin';
import './view.css';

export { originColor, PERSON_ORIGIN };

export interface ViewOptions {
  /** The domain whose live document the view shows, e.g. `drawio`. */
  domain: string;
  /** The view's ui:// URI, sent with the person's calls. */
  uri: string;
  /** The whole document (on start, and whenever the view fell too far behind), with its workspace path when it has one. */
  reset(records: unknown[], title: string, path?: string): void;
  /** Changes after the last ones, in order. */
  apply(changes: ViewChange[]): void;
  /** Draws the document again (after reset, apply, or a mark fading). */
  draw(): void;
}

/** A document's records by id, as the views that need no collections keep them. */
export class RecordMap<R extends { id: string }> {
  readonly byId = new Map<string, R>();

  reset(records: unknown[]): void {
    this.byId.clear();
    for (const record of records as R[]) this.byId.set(record.id, record);
  }

  apply(changes: readonly ViewChange[]): void {
    for (const change of changes) {
      for (const record of (change.put ?? []) as R[]) this.byId.set(record.id, record);
      for (const id of change.removed ?? []) this.byId.delete(id);
    }
  }
}

/** A view that keeps its document as a RecordMap: the usual case (the diagram and the roll keep their own collections). */
export function recordView<R extends { id: string }>(domain: string, name: string, draw: () => void): { view: ChatView; records: RecordMap<R> } {
  const records = new RecordMap<R>();
  const view = new ChatView({ domain, uri: chatViewUri(domain, name), reset: (all) => records.reset(all), apply: (changes) => records.apply(changes), draw });
  return { view, records };
}

/** Who last changed a record, and when, for the marks: the AI's fresh edits glow in its colour. */
export interface EditMark {
  origin: string;
  at: number;
}

const RETRY_MS = 2_000;

export class ChatView {
  readonly app = new App({ name: 'Tandem Studio', version: '1' }, {}, { autoResize: true });
  /** The latest change of each record, by id. */
  readonly marks = new Map<string, EditMark>();
  private documentId?: string;
  private seq?: number;
  private following = false;
  private fadeTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly options: ViewOptions) {
    this.app.ontoolresult = (result) => {
      setCaption(resultText(result as CallToolResult));
      this.follow();
    };
    this.app.onhostcontextchanged = (context) => applyTheme(context);
    this.app.onteardown = async () => {
      this.following = false;
      return {};
    };
  }

  async connect(): Promise<void> {
    await this.app.connect();
    const context = this.app.getHostContext();
    if (context) applyTheme(context);
    // A host that opens the view without a tool result (a re-opened chat) still gets the live document.
    this.follow();
  }

  /** Runs one of the domain's tools for the person (a gesture), as the studio window would. */
  async callAsPerson(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const result = (await this.app.callServerTool({ name, arguments: args, _meta: { [VIEW_META_KEY]: this.options.uri } })) as CallToolResult;
    if (result.isError) setCaption(resultText(result), true);
    return result;
  }

  /** Makes the person's selection here presence: `@selected` in the AI's ops means it. */
  async select(ids: readonly string[]): Promise<void> {
    await this.app.callServerTool({ name: VIEW_SELECT_TOOL, arguments: { document: this.options.domain, ids: [...ids] } }).catch(() => undefined);
  }

  /** Whether a record's latest change is someone else's and fresh enough to show as theirs. */
  freshMark(id: string, now = Date.now()): EditMark | undefined {
    const mark = this.marks.get(id);
    return mark && mark.origin !== PERSON_ORIGIN && now - mark.at < HIGHLIGHT_MS ? mark : undefined;
  }

  /** Marks `el` as the window marks a fresh edit by someone else: outlined in their colour, with their name. */
  markEdit(el: HTMLElement, recordId: string): void {
    const mark = this.freshMark(recordId);
    if (!mark) return;
    el.dataset.by = mark.origin;
    el.style.outline = `2px solid ${originColor(mark.origin)}`;
    const tag = element('span', { className: 'by-tag', textContent: mark.origin });
    tag.style.background = originColor(mark.origin);
    el.append(tag);
  }

  private follow(): void {
    if (this.following) return;
    this.following = true;
    void this.loop();
  }

  private async loop(): Promise<void> {
    while (this.following) {
      try {
        const args = { document: this.options.domain, ...(this.seq !== undefined ? { since: this.seq, document_id: this.documentId } : {}) };
        const result = (await this.app.callServerTool({ name: VIEW_CHANGES_TOOL, arguments: args }, { timeout: 60_000 })) as CallToolResult;
        if (result.isError) throw new Error(resultText(result));
        this.take(result.structuredContent as unknown as ViewChanges);
      } catch (err) {
        setCaption(`Not following the studio: ${(err as Error).message}`, true);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  private take(answer: ViewChanges): void {
    this.documentId = answer.documentId;
    this.seq = answer.seq;
    if (answer.snapshot) {
      this.marks.clear();
      this.options.reset(answer.snapshot.records, answer.snapshot.title, answer.snapshot.path);
      this.remember(answer.changes);
    } else if (answer.changes.length) {
      this.options.apply(answer.changes);
      this.remember(answer.changes);
    } else return;
    this.options.draw();
    // Draw once more when the marks have faded.
    clearTimeout(this.fadeTimer);
    this.fadeTimer = setTimeout(() => this.options.draw(), HIGHLIGHT_MS + 50);
  }

  /** Marks what the changes touched from now, when the person sees them (a view opened late still shows the tool's edits). */
  private remember(changes: readonly ViewChange[]): void {
    const now = Date.now();
    for (const change of changes) {
      // Background work is nobody's edit, as in the window: the mark stays whose it was.
      if (isBackgroundChange(change, this.options.domain)) continue;
      for (const record of change.put ?? []) {
        const id = (record as { id?: unknown }).id;
        if (typeof id === 'string') this.marks.set(id, { origin: change.origin, at: now });
      }
      for (const id of change.removed ?? []) this.marks.delete(id);
    }
  }
}

function applyTheme(context: McpUiHostContext): void {
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}

function resultText(result: CallToolResult): string {
  return result.content
    .filter((c): c is { type: 'text'; text: string } => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

/** The line under the view: the tool's answer, or what went wrong. */
export function setCaption(text: string, isError = false): void {
  const caption = document.getElementById('caption');
  if (!caption) return;
  caption.textContent = text.split('\n').slice(0, 4).join('\n');
  caption.classList.toggle('error', isError);
}

/** A new element with its properties and children. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}
