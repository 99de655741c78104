/**
 * The preload against a stand-in for electron's contextBridge and ipcRenderer: what it exposes,
 * what it sends, and what the renderer gets back. The real bridge runs in e2e/electron.e2e.test.ts.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../shared/change-feed';
import type { TandemApi } from '../shared/tandem-api';

const exposed = new Map<string, unknown>();
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
const invoke = vi.fn<(channel: string, payload: unknown) => Promise<unknown>>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (channel: string, payload: unknown) => invoke(channel, payload),
    on: (channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel: string, listener: (...args: unknown[]) => void) => listeners.get(channel)?.delete(listener),
  },
}));

let tandem: TandemApi;

beforeAll(async () => {
  await import('./index');
  tandem = exposed.get('tandem') as TandemApi;
});

beforeEach(() => invoke.mockReset());

const change: ChangeEvent = { domain: 'drawio', documentId: 'd1', seq: 3, origin: 'claude', kind: 'batch', ops: ['add svc A'], at: 1 };

describe('preload', () => {
  it('exposes exactly window.tandem with the TandemApi calls', () => {
    expect([...exposed.keys()]).toEqual(['tandem']);
    expect(Object.keys(tandem).sort()).toEqual(['appearance', 'asset', 'callTool', 'chooseAppearance', 'connectClaudeDesktop', 'describeClaudeDesktop', 'describeExample', 'dismissWelcome', 'info', 'listFiles', 'mutate', 'onChange', 'onPresence', 'openClaudeBundle', 'openExample', 'openSite', 'pickExampleFolder', 'pickFile', 'query', 'reportPresence', 'session', 'snapshot']);
    for (const value of Object.values(tandem)) expect(typeof value).toBe('function');
  });

  it('sends each call as one ApiCall on tandem:call and answers its result', async () => {
    invoke.mockResolvedValue({ result: { text: '+svc A', isError: false } });
    await expect(tandem.mutate('drawio', ['add svc A'])).resolves.toEqual({ text: '+svc A', isError: false });
    await tandem.info();
    await tandem.snapshot('drawio');
    await tandem.query('drawio', 'history 5');
    await tandem.session('drawio', 'undo');
    await tandem.listFiles('drawio');
    await tandem.callTool('testenv', 'preflight_status', { projectPath: 'api' });
    await tandem.callTool('testenv', 'preflight_status');
    expect(invoke.mock.calls).toEqual([
      ['tandem:call', { method: 'mutate', domain: 'drawio', ops: ['add svc A'] }],
      ['tandem:call', { method: 'info' }],
      ['tandem:call', { method: 'snapshot', domain: 'drawio' }],
      ['tandem:call', { method: 'query', domain: 'drawio', q: 'history 5' }],
      ['tandem:call', { method: 'session', domain: 'drawio', action: 'undo' }],
      ['tandem:call', { method: 'listFiles', domain: 'drawio' }],
      ['tandem:call', { method: 'callTool', domain: 'testenv', tool: 'preflight_status', args: { projectPath: 'api' } }],
      ['tandem:call', { method: 'callTool', domain: 'testenv', tool: 'preflight_status' }],
    ]);
  });

  it('rejects with the error object main answered', async () => {
    invoke.mockResolvedValue({ error: { code: 'bad_request', message: 'invalid call: ops: needs at least 1 item', suggestion: '{"method":"mutate"}' } });
    await expect(tandem.mutate('drawio', [])).rejects.toEqual({ code: 'bad_request', message: 'invalid call: ops: needs at least 1 item', suggestion: '{"method":"mutate"}' });
  });

  it('asks for a file on tandem:pick-file and answers undefined when cancelled', async () => {
    invoke.mockResolvedValueOnce({ result: 'diagrams/arch.drawio' }).mockResolvedValueOnce({ result: null });
    await expect(tandem.pickFile!('drawio', 'open')).resolves.toBe('diagrams/arch.drawio');
    await expect(tandem.pickFile!('drawio', 'save')).resolves.toBeUndefined();
    expect(invoke.mock.calls.map(([channel, payload]) => [channel, payload])).toEqual([
      ['tandem:pick-file', { domain: 'drawio', mode: 'open' }],
      ['tandem:pick-file', { domain: 'drawio', mode: 'save' }],
    ]);
  });

  it('asks for the example\'s folder on tandem:pick-example-folder with no arguments, and sends the folder with the example calls', async () => {
    invoke.mockResolvedValueOnce({ result: '/home/me/Tandem/example' }).mockResolvedValueOnce({ result: null }).mockResolvedValue({ result: {} });
    await expect(tandem.pickExampleFolder!()).resolves.toBe('/home/me/Tandem/example');
    await expect(tandem.pickExampleFolder!()).resolves.toBeUndefined();
    await tandem.describeExample('example');
    await tandem.openExample('example');
    await tandem.openExample();
    expect(invoke.mock.calls).toEqual([
      ['tandem:pick-example-folder', null],
      ['tandem:pick-example-folder', null],
      ['tandem:call', { method: 'example', action: 'describe', folder: 'example' }],
      ['tandem:call', { method: 'example', action: 'open', folder: 'example' }],
      ['tandem:call', { method: 'example', action: 'open' }],
    ]);
  });

  it('reads and chooses the appearance on tandem:appearance, and rejects with main\'s refusal', async () => {
    invoke.mockResolvedValueOnce({ result: { theme: 'system' } }).mockResolvedValueOnce({ result: { theme: 'dark' } }).mockResolvedValueOnce({ error: { code: 'io_error', message: 'cannot save the theme' } });
    await expect(tandem.appearance()).resolves.toEqual({ theme: 'system' });
    await expect(tandem.chooseAppearance('dark')).resolves.toEqual({ theme: 'dark' });
    await expect(tandem.chooseAppearance('light')).rejects.toEqual({ code: 'io_error', message: 'cannot save the theme' });
    expect(invoke.mock.calls).toEqual([
      ['tandem:appearance', null],
      ['tandem:appearance', { theme: 'dark' }],
      ['tandem:appearance', { theme: 'light' }],
    ]);
  });

  it('asks main to open a built site on tandem:open-site, and rejects with main\'s refusal', async () => {
    invoke.mockResolvedValueOnce({ result: null }).mockResolvedValueOnce({ error: { code: 'not_built', message: "'x' holds no built docs site" } });
    await expect(tandem.openSite!('architecture', 'architecture/dist')).resolves.toBeUndefined();
    await expect(tandem.openSite!('architecture', 'x')).rejects.toEqual({ code: 'not_built', message: "'x' holds no built docs site" });
    expect(invoke.mock.calls.map(([channel, payload]) => [channel, payload])).toEqual([
      ['tandem:open-site', { domain: 'architecture', folder: 'architecture/dist' }],
      ['tandem:open-site', { domain: 'architecture', folder: 'x' }],
    ]);
  });

  it("asks for a domain's asset on tandem:asset and answers its bytes as an ArrayBuffer", async () => {
    invoke.mockResolvedValueOnce({ result: new Uint8Array([82, 73, 70, 70]) }).mockResolvedValueOnce({ error: { code: 'file_invalid', message: 'x is not a SoundFont' } });
    const bytes = await tandem.asset('midi', 'soundfont', 'fonts/a.sf2');
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(bytes)]).toEqual([82, 73, 70, 70]);
    await expect(tandem.asset('midi', 'soundfont')).rejects.toEqual({ code: 'file_invalid', message: 'x is not a SoundFont' });
    expect(invoke.mock.calls).toEqual([
      ['tandem:asset', { domain: 'midi', name: 'soundfont', path: 'fonts/a.sf2' }],
      ['tandem:asset', { domain: 'midi', name: 'soundfont' }],
    ]);
  });

  it('hands listeners the change only, never the IPC event, until unsubscribed', () => {
    const received: unknown[][] = [];
    const unsubscribe = tandem.onChange((...args: unknown[]) => received.push(args));
    const ipcEvent = { sender: { send: () => undefined }, ports: [] };
    for (const listener of listeners.get('tandem:change') ?? []) listener(ipcEvent, change);
    expect(received).toEqual([[change]]);
    unsubscribe();
    unsubscribe();
    expect(listeners.get('tandem:change')?.size).toBe(0);
  });

  it('refuses a listener that is not a function', () => {
    expect(() => tandem.onChange('x' as never)).toThrow(TypeError);
  });
});
