/**
 * The IPC bridge against stand-ins for electron's ipcMain, dialog and window: the sender check,
 * validation, the dialog's path rules and the change feed. The real thing runs in
 * e2e/electron.e2e.test.ts where Electron exists.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiReply } from '../../shared/api-schema';
import type { ChangeEvent } from '../../shared/change-feed';
import { PresenceHub } from '../core/presence';
import type { StudioHost } from '../host/studio-host';

type Handler = (event: unknown, payload: unknown) => Promise<ApiReply>;
const handlers = new Map<string, Handler>();
const dialogAnswers: { open?: { canceled: boolean; filePaths: string[] }; save?: { canceled: boolean; filePath?: string } } = {};
const dialogCalls: unknown[][] = [];

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
  dialog: {
    showOpenDialog: async (...args: unknown[]) => (dialogCalls.push(args), dialogAnswers.open),
    showSaveDialog: async (...args: unknown[]) => (dialogCalls.push(args), dialogAnswers.save),
  },
}));

const { registerIpcBridge } = await import('./ipc-bridge');
const { rendererLocation } = await import('./renderer-location');

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-ipc-')));
mkdirSync(join(workspace, 'diagrams'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const indexHtmlPath = '/opt/tandem/out/renderer/index.html';
const location = rendererLocation({ indexHtmlPath });
const rendererUrl = new URL(`file://${indexHtmlPath}`).href;

function fakeWindow() {
  const mainFrame = { url: rendererUrl, parent: null, processId: 4, routingId: 1 };
  const sent: unknown[][] = [];
  const webContents = { mainFrame, isDestroyed: () => false, send: (...args: unknown[]) => sent.push(args) };
  let destroyed = false;
  return { window: { webContents, isDestroyed: () => destroyed }, sent, destroy: () => (destroyed = true) };
}

let feedListener: ((event: ChangeEvent) => void) | undefined;
const answerApi = vi.fn(async (payload: unknown): Promise<ApiReply> => ({ result: { echoed: payload } }));
const presence = new PresenceHub();
const host = {
  workspace,
  answerApi,
  studio: {
    presence,
    subscribe: (listener: (event: ChangeEvent) => void) => {
      feedListener = listener;
      return () => (feedListener = undefined);
    },
    fcp: (domain: string) => {
      if (domain !== 'drawio') throw Object.assign(new Error(`no domain "${domain}" in this studio`), { code: 'unknown_domain', suggestion: 'one of: drawio' });
      return { domain: { fileExtension: '.drawio', title: 'draw.io diagrams' } };
    },
  },
} as unknown as StudioHost;

let studio = fakeWindow();
let remove: () => void = () => undefined;

beforeEach(() => {
  remove();
  handlers.clear();
  dialogCalls.length = 0;
  answerApi.mockClear();
  studio = fakeWindow();
  remove = registerIpcBridge({ host, location, currentWindow: () => studio.window as never, log: () => undefined });
});

function fromStudio(overrides: Record<string, unknown> = {}) {
  return { sender: studio.window.webContents, senderFrame: studio.window.webContents.mainFrame, ...overrides };
}

describe('tandem:call', () => {
  it("hands a call from the studio window's main frame to the host as the electron host", async () => {
    const reply = await handlers.get('tandem:call')!(fromStudio(), { method: 'info' });
    expect(reply).toEqual({ result: { echoed: { method: 'info' } } });
    expect(answerApi).toHaveBeenCalledWith({ method: 'info' }, 'electron', expect.stringMatching(/^w\d+$/));
  });

  it('refuses another web contents, a sub-frame, a frame that is gone and a foreign page, without calling the host', async () => {
    const call = handlers.get('tandem:call')!;
    const other = fakeWindow().window.webContents;
    const refusals = await Promise.all([
      call({ sender: other, senderFrame: other.mainFrame }, { method: 'info' }),
      call(fromStudio({ senderFrame: { url: rendererUrl, parent: studio.window.webContents.mainFrame, processId: 4, routingId: 2 } }), { method: 'info' }),
      call(fromStudio({ senderFrame: null }), { method: 'info' }),
      call(fromStudio({ senderFrame: { ...studio.window.webContents.mainFrame, url: 'https://example.com/' } }), { method: 'info' }),
    ]);
    for (const reply of refusals) expect(reply).toMatchObject({ error: { code: 'untrusted_sender' } });
    expect(answerApi).not.toHaveBeenCalled();
  });

  it('answers internal_error instead of throwing when the host fails', async () => {
    answerApi.mockRejectedValueOnce(new Error('boom'));
    expect(await handlers.get('tandem:call')!(fromStudio(), { method: 'info' })).toMatchObject({ error: { code: 'internal_error', message: 'internal error: boom' } });
  });
});

describe('tandem:pick-file', () => {
  const pick = (payload: unknown) => handlers.get('tandem:pick-file')!(fromStudio(), payload);

  it('opens the dialog in the workspace with the domain filter and answers a workspace-relative path', async () => {
    dialogAnswers.open = { canceled: false, filePaths: [join(workspace, 'diagrams', 'arch.drawio')] };
    expect(await pick({ domain: 'drawio', mode: 'open' })).toEqual({ result: 'diagrams/arch.drawio' });
    const [, options] = dialogCalls[0] as [unknown, { defaultPath: string; filters: unknown }];
    expect(options.defaultPath).toBe(workspace);
    expect(options.filters).toEqual([{ name: 'draw.io diagrams', extensions: ['drawio'] }]);
  });

  it('answers null when cancelled, and a clear error for a path outside the workspace', async () => {
    dialogAnswers.save = { canceled: true };
    expect(await pick({ domain: 'drawio', mode: 'save' })).toEqual({ result: null });
    dialogAnswers.save = { canceled: false, filePath: join(tmpdir(), 'elsewhere.drawio') };
    expect(await pick({ domain: 'drawio', mode: 'save' })).toMatchObject({ error: { code: 'path_outside_workspace' } });
  });

  it('validates the payload and the domain before any dialog', async () => {
    expect(await pick({ domain: 'drawio', mode: 'delete' })).toMatchObject({ error: { code: 'bad_request' } });
    expect(await pick({ domain: 'midi', mode: 'open' })).toEqual({ error: { code: 'unknown_domain', message: 'no domain "midi" in this studio', suggestion: 'one of: drawio' } });
    expect(dialogCalls).toHaveLength(0);
  });
});

describe('tandem:pick-example-folder', () => {
  const pick = (payload: unknown, event = fromStudio()) => handlers.get('tandem:pick-example-folder')!(event, payload);

  it('opens a folder dialog in the workspace and answers the folder, inside the workspace only', async () => {
    dialogAnswers.open = { canceled: false, filePaths: [join(workspace, 'example')] };
    expect(await pick(null)).toEqual({ result: join(workspace, 'example') });
    const [, options] = dialogCalls[0] as [unknown, { defaultPath: string; properties: string[] }];
    expect(options.defaultPath).toBe(workspace);
    expect(options.properties).toContain('openDirectory');
    dialogAnswers.open = { canceled: true, filePaths: [] };
    expect(await pick(null)).toEqual({ result: null });
    dialogAnswers.open = { canceled: false, filePaths: [tmpdir()] };
    expect(await pick(null)).toMatchObject({ error: { code: 'outside_workspace', suggestion: expect.stringContaining(workspace) } });
  });

  it('takes no arguments, and refuses any other sender, before any dialog', async () => {
    expect(await pick({ path: '/etc' })).toMatchObject({ error: { code: 'bad_request' } });
    const other = fakeWindow().window.webContents;
    expect(await pick(null, { sender: other, senderFrame: other.mainFrame } as never)).toMatchObject({ error: { code: 'untrusted_sender' } });
    expect(dialogCalls).toHaveLength(0);
  });
});

describe('tandem:appearance', () => {
  const appearance = (payload: unknown, event = fromStudio()) => handlers.get('tandem:appearance')!(event, payload);

  it('passes null and { theme } to the core as an appearance call, and only as one', async () => {
    await appearance(null);
    await appearance({ theme: 'dark' });
    // A payload cannot make it another call: the method is always appearance (the core's schema then refuses the stray field).
    await appearance({ theme: 'light', method: 'mutate', domain: 'drawio', ops: ['delete all'] });
    expect(answerApi.mock.calls.map((args) => [args[0], (args as unknown[])[1]])).toEqual([
      [{ method: 'appearance' }, 'electron'],
      [{ method: 'appearance', theme: 'dark' }, 'electron'],
      [{ method: 'appearance', theme: 'light', domain: 'drawio', ops: ['delete all'] }, 'electron'],
    ]);
  });

  it('refuses a payload that is not an object, and any other sender, before the core', async () => {
    expect(await appearance('dark')).toMatchObject({ error: { code: 'bad_request', suggestion: '{"theme":"dark"}' } });
    expect(await appearance(['dark'])).toMatchObject({ error: { code: 'bad_request' } });
    const other = fakeWindow().window.webContents;
    expect(await appearance({ theme: 'dark' }, { sender: other, senderFrame: other.mainFrame } as never)).toMatchObject({ error: { code: 'untrusted_sender' } });
    expect(answerApi).not.toHaveBeenCalled();
  });
});

describe('change feed', () => {
  const change: ChangeEvent = { domain: 'drawio', documentId: 'd', seq: 1, origin: 'claude', kind: 'batch', at: 0 };

  it('sends every change to the open window on tandem:change, and nothing once it is destroyed', () => {
    feedListener!(change);
    expect(studio.sent).toEqual([['tandem:change', change]]);
    studio.destroy();
    feedListener!(change);
    expect(studio.sent).toHaveLength(1);
  });

  it('sends presence to the window on tandem:presence, and the window is one presence window', async () => {
    presence.clientConnected('c1', 'claude');
    expect(studio.sent).toEqual([['tandem:presence', { type: 'clients', clients: [expect.objectContaining({ id: 'c1', name: 'claude' })] }]]);
    presence.clientDisconnected('c1');
    await handlers.get('tandem:call')!(fromStudio(), { method: 'info' });
    const window = (answerApi.mock.calls.at(-1) as unknown[])[2] as string;
    presence.report(window, { domain: 'drawio', ids: ['s1'], visible: true });
    expect([...presence.selected('drawio').ids]).toEqual(['s1']);
    remove();
    remove = () => undefined;
    // Gone with the bridge: the window's selection no longer counts.
    expect(() => presence.selected('drawio')).toThrow(/no studio window shows the Diagram view/);
  });

  it('stops the feed and removes the handlers when the bridge is removed', () => {
    remove();
    remove = () => undefined;
    expect(feedListener).toBeUndefined();
    expect(handlers.size).toBe(0);
  });
});
