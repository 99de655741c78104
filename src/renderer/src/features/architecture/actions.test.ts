import { describe, expect, it } from 'vitest';
import type { ToolCallAnswer } from '../../../../shared/tandem-api';
import { createNavigation } from '../../common/navigation';
import { createToolDomainStore, dataOrErrorEnvelope } from '../../stores/tool-domain-store';
import { createFakeApi, settle } from '../../testing/fake-api';
import { createArchitectureActions } from './actions';
import { ARCHITECTURE_DOMAIN } from './model';
import { SHOP, element } from './test-records';
import { createArchitectureViewStore } from './view-store';

const ok = (data: object): ToolCallAnswer => ({ content: [{ type: 'text', text: JSON.stringify(data) }] });
const refused = (code: string, message: string, details?: string): ToolCallAnswer => ({ content: [{ type: 'text', text: JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }) }], isError: true });
const PROJECT = { id: 'project:architecture', kind: 'project', project: 'architecture', name: 'Shop', description: '', version: '0.1.0', sourceDir: 'src', outputDir: 'dist' };

type Handler = (args: Record<string, unknown>) => ToolCallAnswer | Promise<ToolCallAnswer>;

async function setup(records: unknown[] = [PROJECT, ...SHOP], openSite?: (folder: string) => Promise<void>) {
  const api = createFakeApi({ domain: ARCHITECTURE_DOMAIN, documentId: ARCHITECTURE_DOMAIN, seq: 1, title: 'a', dirty: false, records, activity: [] });
  const calls: Array<{ tool: string; args: Record<string, unknown> }> = [];
  const handlers: Record<string, Handler> = {};
  api.callTool = async (_domain, tool, args = {}) => {
    calls.push({ tool, args });
    return (handlers[tool] ?? (() => ok({ success: true })))(args);
  };
  // Timers by hand: the test says when the editor's pause is over.
  const timers: Array<() => void> = [];
  const architecture = createToolDomainStore(ARCHITECTURE_DOMAIN, { api, envelope: dataOrErrorEnvelope });
  const view = createArchitectureViewStore();
  const actions = createArchitectureActions({
    architecture,
    view,
    openSite,
    setTimer: (run) => timers.push(run),
    clearTimer: () => timers.splice(0),
  });
  architecture.start();
  await settle();
  const publish = (put: unknown[], removed: string[] = []) => api.emit({ domain: ARCHITECTURE_DOMAIN, documentId: ARCHITECTURE_DOMAIN, seq: architecture.store.getState().seq + 1, origin: 'person', kind: 'tool', put: put as never, removed, at: 0 });
  return { api, calls, handlers, timers, view, actions, publish };
}

describe('reveal', () => {
  it('selects the element a link names and opens the tree down to it', async () => {
    const { view, actions } = await setup();
    actions.toggle(SHOP[0].id);
    actions.toggle(SHOP[1].id);
    expect(view.getState().collapsed).toEqual(new Set([SHOP[0].id, SHOP[1].id]));
    expect(await actions.reveal('Payments/API/Handler')).toEqual({ ok: true });
    expect(view.getState().selected).toBe(SHOP[3].id);
    expect(view.getState().collapsed).toEqual(new Set());
    expect(await actions.reveal('ledger')).toEqual({ ok: true });
    expect(view.getState().selected).toBe(SHOP[2].id);
  });

  it('says why, and changes nothing, when nothing (or more than one element) matches', async () => {
    const { view, actions } = await setup();
    actions.select(SHOP[0].id);
    expect(await actions.reveal('API')).toEqual({ ok: false, message: "No element 'API' in the architecture Shop", suggestion: expect.stringContaining('Payments/API') });
    expect(await actions.reveal('Billing')).toMatchObject({ ok: false, message: "No element 'Billing' in the architecture Shop" });
    expect(view.getState().selected).toBe(SHOP[0].id);
  });

  it('finds an element of another open project, switching to it', async () => {
    const other = element('system', 'Warehouse', {}, 'ops');
    const { view, actions } = await setup([PROJECT, { ...PROJECT, id: 'project:ops', project: 'ops', name: 'Ops' }, ...SHOP, other]);
    expect(await actions.reveal('Warehouse')).toEqual({ ok: true });
    expect(view.getState()).toMatchObject({ selected: other.id, chosenProject: 'ops' });
  });

  it("opens an architecture: link through the studio's navigation, once the view's records have loaded", async () => {
    const api = createFakeApi({ domain: ARCHITECTURE_DOMAIN, documentId: ARCHITECTURE_DOMAIN, seq: 1, title: 'a', dirty: false, records: [PROJECT, ...SHOP], activity: [] });
    api.holdSnapshots = true;
    const architecture = createToolDomainStore(ARCHITECTURE_DOMAIN, { api, envelope: dataOrErrorEnvelope });
    const view = createArchitectureViewStore();
    const actions = createArchitectureActions({ architecture, view });
    const navigation = createNavigation();
    navigation.register(ARCHITECTURE_DOMAIN, actions.reveal);
    const shown: string[] = [];
    navigation.onShow((domain) => shown.push(domain));
    architecture.start();
    const opened = navigation.open('architecture:Payments/API/Handler');
    await settle();
    expect(shown).toEqual([ARCHITECTURE_DOMAIN]);
    expect(view.getState().selected).toBeUndefined();
    api.releaseSnapshots();
    expect(await opened).toEqual({ ok: true });
    expect(view.getState().selected).toBe(SHOP[3].id);
  });
});

describe('the D2 editor', () => {
  it('previews once the person pauses, drops an answer to older text, and shows an error at its line', async () => {
    const system = element('system', 'Payments', { d2: 'a -> b', svg: '<svg>old</svg>' });
    const { calls, handlers, timers, view, actions } = await setup([PROJECT, system]);
    let answer: (value: ToolCallAnswer) => void = () => undefined;
    handlers.preview_diagram = () => new Promise((resolve) => (answer = resolve));
    actions.select(system.id);
    actions.editDiagram();
    expect(view.getState().draft).toMatchObject({ text: 'a -> b', base: 'a -> b', svg: '<svg>old</svg>' });
    expect(calls).toEqual([]);

    actions.typeD2('a -> c');
    actions.typeD2('a -> c ->');
    expect(timers).toHaveLength(1);
    timers.shift()!();
    expect(calls).toEqual([{ tool: 'preview_diagram', args: { project_path: 'architecture', d2_code: 'a -> c ->' } }]);
    expect(view.getState().draft?.pending).toBe('preview');
    // The person types on before D2 answers: that answer belongs to older text.
    actions.typeD2('a -> c -> d');
    answer(refused('INVALID_SYNTAX', 'D2 syntax error: line 1: connection missing destination', 'line 1; try: fix the D2 at that line'));
    await settle();
    expect(view.getState().draft).toMatchObject({ svg: '<svg>old</svg>', previewOf: 'a -> b' });
    expect(view.getState().draft?.error).toBeUndefined();

    handlers.preview_diagram = () => refused('INVALID_SYNTAX', 'D2 syntax error: line 2: unexpected text', 'line 2; try: fix the D2 at that line');
    actions.typeD2('a -> c\n}');
    timers.shift()!();
    await settle();
    // The last rendering that compiled stays (dimmed) under the error.
    expect(view.getState().draft).toMatchObject({ previewOf: 'a -> c\n}', svg: '<svg>old</svg>', error: { message: 'D2 syntax error: line 2: unexpected text', line: 2 } });
    handlers.preview_diagram = () => ok({ svg: '<svg>new</svg>' });
    actions.typeD2('a -> c');
    timers.shift()!();
    await settle();
    expect(view.getState().draft).toMatchObject({ previewOf: 'a -> c', svg: '<svg>new</svg>' });
    expect(view.getState().draft?.error).toBeUndefined();
    // A syntax error shows in the editor, not as a toast.
    expect(view.getState().toasts).toEqual([]);
  });

  it('saves with update_diagram; a refusal keeps the text and points at the line', async () => {
    const system = element('system', 'Payments', { d2: 'a', svg: '<svg/>' });
    const { calls, handlers, view, actions } = await setup([PROJECT, system]);
    actions.select(system.id);
    actions.editDiagram();
    actions.typeD2('a -> b');
    expect(await actions.saveDiagram()).toBe(true);
    expect(calls.filter((c) => c.tool === 'update_diagram')).toEqual([{ tool: 'update_diagram', args: { project_path: 'architecture', target: 'Payments', scope: 'system', d2_code: 'a -> b' } }]);
    expect(view.getState().draft).toMatchObject({ text: 'a -> b', base: 'a -> b' });

    handlers.update_diagram = () => refused('INVALID_SYNTAX', 'D2 syntax error: bad', 'src/Payments/system.d2:3; try: fix the D2 at that line; the file on disk is unchanged');
    actions.typeD2('a -> b\n\n{');
    expect(await actions.saveDiagram()).toBe(false);
    expect(view.getState().draft).toMatchObject({ text: 'a -> b\n\n{', base: 'a -> b', focusLine: 3, error: { line: 3 } });
    expect(view.getState().toasts[0]).toMatchObject({ message: 'update_diagram: INVALID_SYNTAX: D2 syntax error: bad', hints: ['fix the D2 at that line'] });
  });
  it('keeps unsaved D2 while the person looks elsewhere, and edits one diagram at a time', async () => {
    const payments = element('system', 'Payments', { d2: 'a' });
    const accounts = element('system', 'Accounts', { d2: 'b' });
    const { view, actions } = await setup([PROJECT, payments, accounts]);
    actions.select(payments.id);
    actions.editDiagram();
    actions.select(accounts.id);
    // Nothing typed: the editor closes with the selection.
    expect(view.getState().draft).toBeUndefined();
    actions.select(payments.id);
    actions.editDiagram();
    actions.typeD2('a -> c');
    actions.select(accounts.id);
    expect(view.getState().draft).toMatchObject({ elementId: payments.id, text: 'a -> c' });
    actions.editDiagram();
    expect(view.getState().draft?.elementId).toBe(payments.id);
    expect(view.getState().toasts.at(-1)?.message).toBe('The D2 of Payments is not saved');
    actions.select(payments.id);
    expect(view.getState().draft).toMatchObject({ elementId: payments.id, text: 'a -> c' });
  });
});

describe('elements', () => {
  it('creates a container in the selected system, with its technology, and selects it when it arrives', async () => {
    const { calls, handlers, view, actions, publish } = await setup();
    actions.select(SHOP[3].id);
    const queue = element('container', 'Payments/Queue', { name: 'Queue' });
    handlers.create_container = () => {
      publish([queue]);
      return ok({ success: true, container: { id: 'Queue' } });
    };
    expect(await actions.create('container', { id: ' Queue ', description: 'Holds jobs', technology: 'RabbitMQ' })).toBe(true);
    expect(calls).toEqual([{ tool: 'create_container', args: { project_path: 'architecture', description: 'Holds jobs', system_name: 'Payments', container_name: 'Queue', type: 'RabbitMQ' } }]);
    expect(view.getState().selected).toBe(queue.id);
  });

  it("names a system's display name and technology with update_element after create_system", async () => {
    const { calls, actions } = await setup();
    await actions.create('system', { id: 'Billing', name: 'Billing & Invoices', technology: 'Go' });
    expect(calls).toEqual([
      { tool: 'create_system', args: { project_path: 'architecture', system_name: 'Billing' } },
      { tool: 'update_element', args: { project_path: 'architecture', target: 'Billing', name: 'Billing & Invoices', technology: 'Go' } },
    ]);
  });

  it('deletes, selecting the parent; a refusal is a toast and the dialog stays', async () => {
    const { calls, handlers, view, actions } = await setup();
    actions.select(SHOP[1].id);
    actions.openDialog({ type: 'delete', elementId: SHOP[1].id });
    handlers.delete_element = () => refused('NOT_FOUND', "Element 'Payments/API' not found");
    expect(await actions.remove(SHOP[1].id)).toBe(false);
    expect(view.getState().dialog).toEqual({ type: 'delete', elementId: SHOP[1].id });
    delete handlers.delete_element;
    expect(await actions.remove(SHOP[1].id)).toBe(true);
    expect(calls.at(-1)).toEqual({ tool: 'delete_element', args: { project_path: 'architecture', target: 'Payments/API' } });
    expect(view.getState()).toMatchObject({ selected: SHOP[0].id, dialog: undefined });
  });

  it('opens a built site where the window can (Electron); a refusal is a toast', async () => {
    const opened: string[] = [];
    const electron = await setup(undefined, async (folder) => {
      if (folder !== 'architecture/dist') throw { code: 'not_built', message: `'${folder}' holds no built docs site`, suggestion: 'build the docs first' };
      opened.push(folder);
    });
    expect(electron.actions.canOpenSite).toBe(true);
    await electron.actions.openSite('architecture/dist');
    expect(opened).toEqual(['architecture/dist']);
    await electron.actions.openSite('elsewhere');
    expect(electron.view.getState().toasts.at(-1)).toMatchObject({ message: "open site: not_built: 'elsewhere' holds no built docs site", hints: ['build the docs first'] });
    const browser = await setup();
    expect(browser.actions.canOpenSite).toBe(false);
  });

  it('goes to a D2 finding: selects its element and opens the editor at its line', async () => {
    const system = element('system', 'Payments', { d2: 'a\nb -> \nc' });
    const { view, actions } = await setup([PROJECT, system]);
    actions.goToFinding({ code: 'D2_SYNTAX_ERROR', message: 'D2 syntax error', location: 'src/Payments/system.d2:2', element: system.id });
    expect(view.getState()).toMatchObject({ selected: system.id, draft: { elementId: system.id, text: 'a\nb -> \nc', focusLine: 2 } });
    actions.goToFinding({ code: 'MISSING_DESCRIPTION', message: 'no description', location: 'src/Payments/system.md', element: system.id });
    expect(view.getState().draft?.focusLine).toBe(2);
  });
});
