/**
 * The preload of the studio window (sandboxed, context-isolated): exposes exactly one TandemApi as
 * `window.tandem`, and nothing else: no ipcRenderer, no generic invoke, no Node. Every call goes
 * over one fixed channel; main validates the payload and checks the sender. A failed call rejects
 * with a plain `{code, message, suggestion?}` object, as the browser's WebSocket client does.
 */
import { type IpcRendererEvent, contextBridge, ipcRenderer } from 'electron';
import type { ChangeEvent, DomainSnapshot } from '../shared/change-feed';
import type { ApiAnswer, ApiCall, FileEntry, StudioInfo, TandemApi, ToolCallAnswer } from '../shared/tandem-api';
import { CALL_CHANNEL, CHANGE_CHANNEL, PICK_FILE_CHANNEL, SOUNDFONT_CHANNEL, unwrapReply } from '../main/electron/ipc-contract';

function call<T>(payload: ApiCall): Promise<T> {
  return ipcRenderer.invoke(CALL_CHANNEL, payload).then((reply: unknown) => unwrapReply<T>(reply));
}

const tandem: TandemApi = {
  info: () => call<StudioInfo>({ method: 'info' }),
  snapshot: (domain) => call<DomainSnapshot>({ method: 'snapshot', domain }),
  mutate: (domain, ops) => call<ApiAnswer>({ method: 'mutate', domain, ops }),
  query: (domain, q) => call<ApiAnswer>({ method: 'query', domain, q }),
  session: (domain, action) => call<ApiAnswer>({ method: 'session', domain, action }),
  listFiles: (domain) => call<FileEntry[]>({ method: 'listFiles', domain }),
  callTool: (domain, tool, args) => call<ToolCallAnswer>({ method: 'callTool', domain, tool, ...(args ? { args } : {}) }),
  soundFont: (path) =>
    ipcRenderer
      .invoke(SOUNDFONT_CHANNEL, path ? { path } : {})
      .then((reply: unknown) => unwrapReply<Uint8Array>(reply))
      .then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer),
  onChange(listener) {
    if (typeof listener !== 'function') throw new TypeError('window.tandem.onChange needs a function');
    // The renderer gets the change only, never the IPC event (whose `sender` reaches ipcRenderer).
    const forward = (_event: IpcRendererEvent, change: ChangeEvent) => listener(change);
    ipcRenderer.on(CHANGE_CHANNEL, forward);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipcRenderer.removeListener(CHANGE_CHANNEL, forward);
    };
  },
  pickFile: (domain, mode) =>
    ipcRenderer
      .invoke(PICK_FILE_CHANNEL, { domain, mode })
      .then((reply: unknown) => unwrapReply<string | null>(reply) ?? undefined),
};

contextBridge.exposeInMainWorld('tandem', tandem);
