/**
 * What the Architecture view's controls do. Every change calls the same tools an MCP client would
 * (create_system, update_element, update_diagram, ...) through the architecture store, as the
 * person; what they change comes back on the change feed. A refusal shows as a toast with the
 * domain's code, message and suggestion. The D2 editor previews as the person types
 * (preview_diagram, debounced; an answer to older text is dropped) and saves with update_diagram;
 * unsaved D2 stays while the person looks at other elements, and one element's D2 is edited at a time.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ArchElementRecord, ElementKind, Finding } from '../../../../shared/architecture-records';
import { REVEAL_WAIT_MS, type RevealHandler, whenFound } from '../../common/navigation';
import { someNames } from '../../common/reveal-target';
import { dismissToast, pushCallError, pushToast } from '../../common/toasts';
import type { ToolCallError, ToolDomainStore, ToolOutcome } from '../../stores/tool-domain-store';
import { ARCH_TOOLS, DEFAULT_PROJECT, ancestorIds, elementById, elementsOf, errorLine, findingLine, isD2Finding, matchTarget, parentKeys, projectsOf, shownProject, targetArgs } from './model';
import type { ArchDialog, ArchitectureViewState, D2Draft } from './view-store';

/** How long the editor waits after a keystroke before it asks D2 for a preview. */
export const PREVIEW_DELAY_MS = 250;

export interface NewElement {
  /** The id (folder name): a letter, then letters, digits, - or _. */
  id: string;
  /** The display name, when it should differ from the one derived from the id. */
  name?: string;
  description?: string;
  technology?: string;
}

export interface ElementChanges {
  name?: string;
  description?: string;
  technology?: string;
}

export interface ArchitectureActions {
  chooseProject(project: string): void;
  select(id: string | undefined): void;
  toggle(id: string): void;
  /**
   * Opens an `architecture:` link (common/navigation.ts): selects the element its target names (a
   * key such as `Payments/API`, a record id, or where unique an id or a name) and opens the tree
   * down to it, in the project on screen or else in another one open; waits for the records when
   * the view has just started. Says why when no element (or more than one) matches.
   */
  reveal: RevealHandler;
  openDialog(dialog: ArchDialog | undefined): void;
  initProject(name: string): Promise<boolean>;
  create(kind: ElementKind, element: NewElement): Promise<boolean>;
  update(elementId: string, changes: ElementChanges): Promise<boolean>;
  remove(elementId: string): Promise<boolean>;
  /** Starts editing the selected element's D2 (its source as it is now). */
  editDiagram(): void;
  /** The person typed: the draft changes now, the preview follows shortly. */
  typeD2(text: string): void;
  saveDiagram(): Promise<boolean>;
  closeEditor(): void;
  validate(strict?: boolean): Promise<void>;
  /** Goes to a finding's element, and for a D2 finding to its line in the editor. */
  goToFinding(finding: Finding): void;
  buildDocs(): Promise<void>;
  /** Whether openSite works here (the Electron window); the browser links to the served site instead. */
  readonly canOpenSite: boolean;
  /** Opens the built site in `folder` in the system browser (the Electron window); a refusal is a toast. */
  openSite(folder: string): Promise<void>;
  dismissToast(id: number): void;
}

export interface ArchitectureDeps {
  architecture: ToolDomainStore;
  view: StoreApi<ArchitectureViewState>;
  /** The Electron window's way to open a built site (TandemApi.openSite); absent in the browser. */
  openSite?: (folder: string) => Promise<void>;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createArchitectureActions(deps: ArchitectureDeps): ArchitectureActions {
  const { architecture, view } = deps;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const set = (partial: Partial<ArchitectureViewState>) => view.setState(partial);
  const records = () => architecture.store.getState();
  const project = () => shownProject(records(), view.getState().chosenProject);
  const element = (id: string | undefined) => elementById(records(), id);
  let previewTimer: unknown;

  const toast = (tool: string, error: ToolCallError) => pushCallError(view, tool, error);

  /** Calls the tool; a refusal becomes a toast. */
  const call = async <T = unknown>(tool: string, args: Record<string, unknown>, quiet = false): Promise<ToolOutcome<T>> => {
    const outcome = await architecture.call<T>(tool, args);
    if (!outcome.ok && !quiet) toast(tool, outcome.error);
    return outcome;
  };

  /** Selects an element and opens the tree down to it. */
  const show = (target: ArchElementRecord) => {
    const collapsed = new Set(view.getState().collapsed);
    for (const id of ancestorIds(elementsOf(records(), target.project), target)) collapsed.delete(id);
    set({ selected: target.id, collapsed, chosenProject: target.project, draft: keptDraft(view.getState().draft, target.id) });
  };

  /** Whether the person may start editing `elementId`'s D2: not while another one's edit is unsaved (it says which). */
  const editorFree = (elementId: string): boolean => {
    const draft = view.getState().draft;
    if (!draft || draft.elementId === elementId || draft.text === draft.base) return true;
    const other = element(draft.elementId);
    pushToast(view, { message: `The D2 of ${other?.key ?? 'another element'} is not saved`, hints: ['save it or close its editor first (select it in the tree)'] });
    return false;
  };

  const updateDraft = (change: (draft: D2Draft) => Partial<D2Draft> | undefined) => {
    const draft = view.getState().draft;
    const next = draft && change(draft);
    if (draft && next) set({ draft: { ...draft, ...next } });
  };

  const preview = async () => {
    const draft = view.getState().draft;
    const target = element(draft?.elementId);
    if (!draft || !target) return;
    const text = draft.text;
    updateDraft(() => ({ pending: 'preview' }));
    const outcome = await call<{ svg: string }>(ARCH_TOOLS.preview, { project_path: target.project, d2_code: text }, true);
    // The person typed on meanwhile, or closed the editor: this answer is of no use now.
    updateDraft((current) => {
      if (current.elementId !== draft.elementId || current.text !== text) return undefined;
      if (!outcome.ok && outcome.error.code !== 'INVALID_SYNTAX') toast(ARCH_TOOLS.preview, outcome.error);
      const result = outcome.ok ? { svg: outcome.data.svg, error: undefined } : { error: { message: outcome.error.message, ...lineOf(outcome.error) } };
      return { ...result, previewOf: text, pending: undefined };
    });
  };

  return {
    chooseProject: (chosen) => set({ chosenProject: chosen, selected: undefined, draft: undefined }),
    select(id) {
      if (id === view.getState().selected) return;
      set({ selected: id, draft: keptDraft(view.getState().draft, id) });
    },
    toggle(id) {
      const collapsed = new Set(view.getState().collapsed);
      if (!collapsed.delete(id)) collapsed.add(id);
      set({ collapsed });
    },
    async reveal(target) {
      // A link followed before the view's records have loaded: shown once they have.
      const loaded = await whenFound(architecture.store, (state) => (state.status === 'ready' ? state : undefined), REVEAL_WAIT_MS);
      if (!loaded) return { ok: false, message: 'The architecture has not loaded, so the link has nothing to show', suggestion: 'click the link again in a moment' };
      const shown = project();
      const candidates = shown ? elementsOf(records(), shown.project) : [];
      const everywhere = projectsOf(records()).flatMap((p) => elementsOf(records(), p.project));
      const found = matchTarget(candidates, target) ?? matchTarget(everywhere, target);
      if (!found) {
        return {
          ok: false,
          message: `No element '${target}' in ${shown ? `the architecture ${shown.name}` : 'any architecture project'}`,
          suggestion: candidates.length ? `elements: ${someNames(candidates.map((e) => e.key))}` : 'create_system first, or fix the link',
        };
      }
      show(found);
      return { ok: true };
    },
    openDialog: (dialog) => set({ dialog }),
    async initProject(name) {
      const outcome = await call(ARCH_TOOLS.init, { project_path: DEFAULT_PROJECT, ...(name.trim() ? { name: name.trim() } : {}) });
      if (outcome.ok) set({ chosenProject: DEFAULT_PROJECT, dialog: undefined });
      return outcome.ok;
    },
    async create(kind, fields) {
      const shown = project();
      if (!shown) return false;
      const id = fields.id.trim();
      const parents = parentKeys(element(view.getState().selected), kind);
      const description = fields.description?.trim() || undefined;
      const technology = fields.technology?.trim() || undefined;
      const base = { project_path: shown.project, ...(description ? { description } : {}) };
      const created =
        kind === 'system'
          ? await call(ARCH_TOOLS.createSystem, { ...base, system_name: id })
          : kind === 'container'
            ? await call(ARCH_TOOLS.createContainer, { ...base, system_name: parents.system, container_name: id, ...(technology ? { type: technology } : {}) })
            : await call(ARCH_TOOLS.createComponent, { ...base, system_name: parents.system, container_name: parents.container, component_name: id });
      if (!created.ok) return false;
      const key = [parents.system, parents.container, id].filter(Boolean).join('/');
      // What create_* does not take (a display name of one's own, a system's or component's technology) follows as an edit.
      const rest: ElementChanges = { ...(fields.name?.trim() ? { name: fields.name.trim() } : {}), ...(technology && kind !== 'container' ? { technology } : {}) };
      if (Object.keys(rest).length) await call(ARCH_TOOLS.update, { project_path: shown.project, target: key, ...rest });
      // The new element's record came on the feed before the answer: select it.
      const made = matchTarget(elementsOf(records(), shown.project), key);
      if (made) show(made);
      set({ dialog: undefined });
      return true;
    },
    async update(elementId, changes) {
      const target = element(elementId);
      if (!target) return false;
      const outcome = await call(ARCH_TOOLS.update, { ...targetArgs(target), ...changes });
      if (outcome.ok) set({ dialog: undefined });
      return outcome.ok;
    },
    async remove(elementId) {
      const target = element(elementId);
      if (!target) return false;
      const outcome = await call(ARCH_TOOLS.remove, targetArgs(target));
      // The element's records left on the feed before the answer: a draft of it (or of what was in it) goes too.
      const draft = view.getState().draft;
      if (outcome.ok) set({ dialog: undefined, selected: target.parent, draft: draft && element(draft.elementId) ? draft : undefined });
      return outcome.ok;
    },
    editDiagram() {
      const target = element(view.getState().selected);
      if (!target || !editorFree(target.id)) return;
      const source = target.d2 ?? '';
      set({ draft: { elementId: target.id, text: source, base: source, previewOf: source, svg: target.svg } });
      if (!target.svg) void preview();
    },
    typeD2(text) {
      updateDraft(() => ({ text, focusLine: undefined }));
      if (previewTimer !== undefined) clearTimer(previewTimer);
      previewTimer = setTimer(() => {
        previewTimer = undefined;
        void preview();
      }, PREVIEW_DELAY_MS);
    },
    async saveDiagram() {
      const draft = view.getState().draft;
      const target = element(draft?.elementId);
      if (!draft || !target || target.kind === 'component') return false;
      const text = draft.text;
      updateDraft(() => ({ pending: 'save' }));
      const outcome = await call(ARCH_TOOLS.saveDiagram, { ...targetArgs(target), scope: target.kind, d2_code: text });
      updateDraft((current) => {
        if (current.elementId !== draft.elementId) return undefined;
        if (outcome.ok) return { pending: undefined, base: text };
        const line = lineOf(outcome.error);
        return { pending: undefined, ...(current.text === text ? { error: { message: outcome.error.message, ...line }, previewOf: text } : {}), focusLine: line.line };
      });
      return outcome.ok;
    },
    closeEditor() {
      if (previewTimer !== undefined) clearTimer(previewTimer);
      previewTimer = undefined;
      set({ draft: undefined });
    },
    async validate(strict) {
      const shown = project();
      if (shown) await call(ARCH_TOOLS.validate, { project_path: shown.project, ...(strict ? { strict: true } : {}) });
    },
    goToFinding(finding) {
      const target = element(finding.element);
      if (!target) return;
      show(target);
      const line = findingLine(finding);
      if (!isD2Finding(finding) || target.kind === 'component' || !editorFree(target.id)) return;
      const current = view.getState().draft;
      if (current?.elementId === target.id) {
        set({ draft: { ...current, focusLine: line } });
        return;
      }
      const source = target.d2 ?? '';
      set({ draft: { elementId: target.id, text: source, base: source, svg: target.svg, focusLine: line } });
      void preview();
    },
    async buildDocs() {
      const shown = project();
      if (shown) await call(ARCH_TOOLS.build, { project_path: shown.project });
    },
    canOpenSite: deps.openSite !== undefined,
    async openSite(folder) {
      try {
        if (!deps.openSite) throw { code: 'not_available', message: 'this window cannot open a site', suggestion: 'open the index.html in the output folder' };
        await deps.openSite(folder);
      } catch (err) {
        toast('open site', err as ToolCallError);
      }
    },
    dismissToast: (id) => dismissToast(view, id),
  };
}

/** The draft kept when the person selects `selected`: its own, or unsaved text (never dropped by a click). */
function keptDraft(draft: D2Draft | undefined, selected: string | undefined): D2Draft | undefined {
  return draft && (draft.elementId === selected || draft.text !== draft.base) ? draft : undefined;
}

function lineOf(error: ToolCallError): { line?: number } {
  const line = errorLine(error);
  return line ? { line } : {};
}
