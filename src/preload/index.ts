/**
 * The preload of the studio window (sandboxed, context-isolated): exposes exactly one TandemApi as
 * `window.tandem`, and nothing else: no ipcRenderer, no generic invoke, no Node. Every call goes
 * over one fixed channel; main validates the payload and checks the sender. A failed call rejects
 * with a plain `{code, message, suggestion?}` object, as the browser's WebSocket client does.
 */
import { type IpcRendererEvent, contextBridge, ipcRenderer } from 'electron';
import type { Appearance } from '../shared/appearance';
import type { DomainSnapshot } from '../shared/change-feed';
import type { ApiAnswer, ApiCall, ClaudeDesktopInfo, ClaudeDesktopWritten, ExampleOpened, ExampleState, FileEntry, StudioInfo, TandemApi, ToolCallAnswer } from '../shared/tandem-api';
import { APPEARANCE_CHANNEL, ASSET_CHANNEL, CALL_CHANNEL, CHANGE_CHANNEL, OPEN_BUNDLE_CHANNEL, OPEN_SITE_CHANNEL, PICK_EXAMPLE_FOLDER_CHANNEL, PICK_FILE_CHANNEL, PRESENCE_CHANNEL, unwrapReply } from '../main/electron/ipc-contract';

function call<T>(payload: ApiCall): Promise<T> {
  return ipcRenderer.invoke(CALL_CHANNEL, payload).then((reply: unknown) => unwrapReply<T>(reply));
}

/** Subscribes `listener` to one main → renderer channel; returns the unsubscribe function. */
function listen<E>(channel: string, name: string, listener: (event: E) => void): () => void {
  if (typeof listener !== 'function') throw new TypeError(`window.tandem.${name} needs a function`);
  // The renderer gets the event only, never the IPC event (whose `sender` reaches ipcRenderer).
  const forward = (_event: IpcRendererEvent, event: E) => listener(event);
  ipcRenderer.on(channel, forward);
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    ipcRenderer.removeListener(channel, forward);
  };
}

const tandem: TandemApi = {
  info: () => call<StudioInfo>({ method: 'info' }),
  snapshot: (domain) => call<DomainSnapshot>({ method: 'snapshot', domain }),
  mutate: (domain, ops) => call<ApiAnswer>({ method: 'mutate', domain, ops }),
  query: (domain, q) => call<ApiAnswer>({ method: 'query', domain, q }),
  session: (domain, action) => call<ApiAnswer>({ method: 'session', domain, action }),
  listFiles: (domain) => call<FileEntry[]>({ method: 'listFiles', domain }),
  callTool: (domain, tool, args) => call<ToolCallAnswer>({ method: 'callTool', domain, tool, ...(args ? { args } : {}) }),
  asset: (domain, name, path) =>
    ipcRenderer
      .invoke(ASSET_CHANNEL, path ? { domain, name, path } : { domain, name })
      .then((reply: unknown) => unwrapReply<Uint8Array>(reply))
      .then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer),
  describeClaudeDesktop: () => call<ClaudeDesktopInfo>({ method: 'claudeDesktop', action: 'describe' }),
  connectClaudeDesktop: () => call<ClaudeDesktopWritten>({ method: 'claudeDesktop', action: 'writeConfig' }),
  describeExample: (folder) => call<ExampleState>({ method: 'example', action: 'describe', ...(folder !== undefined && { folder }) }),
  openExample: (folder) => call<ExampleOpened>({ method: 'example', action: 'open', ...(folder !== undefined && { folder }) }),
  pickExampleFolder: () => ipcRenderer.invoke(PICK_EXAMPLE_FOLDER_CHANNEL, null).then((reply: unknown) => unwrapReply<string | null>(reply) ?? undefined),
  appearance: () => ipcRenderer.invoke(APPEARANCE_CHANNEL, null).then((reply: unknown) => unwrapReply<Appearance>(reply)),
  chooseAppearance: (theme) => ipcRenderer.invoke(APPEARANCE_CHANNEL, { theme }).then((reply: unknown) => unwrapReply<Appearance>(reply)),
  dismissWelcome: () => call<null>({ method: 'example', action: 'dismissWelcome' }).then(() => undefined),
  openClaudeBundle: (mode) =>
    ipcRenderer.invoke(OPEN_BUNDLE_CHANNEL, { mode }).then((reply: unknown) => {
      unwrapReply<null>(reply);
    }),
  onChange: (listener) => listen(CHANGE_CHANNEL, 'onChange', listener),
  reportPresence: (report) => call<null>({ method: 'presence', report }).then(() => undefined),
  onPresence: (listener) => listen(PRESENCE_CHANNEL, 'onPresence', listener),
  pickFile: (domain, mode) =>
    ipcRenderer
      .invoke(PICK_FILE_CHANNEL, { domain, mode })
      .then((reply: unknown) => unwrapReply<string | null>(reply) ?? undefined),
  openSite: (domain, folder) =>
    ipcRenderer.invoke(OPEN_SITE_CHANNEL, { domain, folder }).then((reply: unknown) => {
      unwrapReply<null>(reply);
    }),
};

contextBridge.exposeInMainWorld('tandem', tandem);
