/**
 * The main side of window.tandem: one invoke channel for every API call, one each for the native file
 * and folder dialogs, one each for the domains' side channels (assets, sites), one for the appearance, and the change feed pushed to the window. Every invoke is served only for the studio
 * window's main frame showing our renderer, and every payload is validated before it reaches the
 * core. Handlers never throw: each answers an ApiReply.
 */
import { type BrowserWindow, type IpcMainInvokeEvent, type OpenDialogOptions, type SaveDialogOptions, dialog, ipcMain, shell } from 'electron';
import type { ApiError, ApiReply } from '../../shared/api-schema';
import type { ChangeEvent } from '../../shared/change-feed';
import type { PresenceEvent } from '../../shared/presence';
import type { StudioHost } from '../host/studio-host';
import { claudeDesktopSetup } from '../host/claude-desktop';
import { type FcpDomain, fileExtensionFor } from '../fcp/domain';
import { APPEARANCE_CHANNEL, ASSET_CHANNEL, CALL_CHANNEL, CHANGE_CHANNEL, OPEN_BUNDLE_CHANNEL, OPEN_SITE_CHANNEL, PICK_EXAMPLE_FOLDER_CHANNEL, PICK_FILE_CHANNEL, PRESENCE_CHANNEL, errorReply } from './ipc-contract';
import { exampleFolder } from '../core/example-workspace';
import { toApiError } from '../api/dispatch';
import { parsePickFileRequest } from './pick-file-request';
import { type RendererLocation, isTrustedSender } from './renderer-location';
import { workspaceRelativePath } from './workspace-path';

type Log = (message: string) => void;

export interface IpcBridgeOptions {
  host: StudioHost;
  location: RendererLocation;
  /** The studio window, when one is open. */
  currentWindow(): BrowserWindow | undefined;
  log: Log;
}

const UNTRUSTED_SENDER: ApiError = {
  code: 'untrusted_sender',
  message: 'this call did not come from the studio window',
  suggestion: 'use window.tandem in the Tandem Studio window',
};

function internalError(err: unknown): ApiError {
  return { code: 'internal_error', message: `internal error: ${(err as Error)?.message ?? String(err)}`, suggestion: 'try again; if it persists, see the app log' };
}

/** Whether `event` comes from the main frame of the studio window showing our renderer. */
function isFromStudioWindow(event: IpcMainInvokeEvent, window: BrowserWindow | undefined, location: RendererLocation): boolean {
  const frame = event.senderFrame;
  const contents = window && !window.isDestroyed() ? window.webContents : undefined;
  return isTrustedSender(
    {
      frameUrl: frame?.url,
      isMainFrame: frame !== null && frame.parent === null,
      fromStudioWindow:
        contents !== undefined &&
        event.sender === contents &&
        frame !== null &&
        frame.processId === contents.mainFrame.processId &&
        frame.routingId === contents.mainFrame.routingId,
    },
    location,
  );
}

type FileFilter = { name: string; extensions: string[] };

/** The native dialog, modal to the window when there is one, starting in the workspace; undefined when cancelled. */
async function askForPath(window: BrowserWindow | undefined, mode: 'open' | 'save', workspace: string, filters: FileFilter[]): Promise<string | undefined> {
  if (mode === 'open') {
    const options: OpenDialogOptions = { title: 'Open', defaultPath: workspace, filters, properties: ['openFile'] };
    const answer = await (window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options));
    return answer.canceled ? undefined : answer.filePaths[0];
  }
  const options: SaveDialogOptions = { title: 'Save as', defaultPath: workspace, filters, properties: ['createDirectory', 'showOverwriteConfirmation'] };
  const answer = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options));
  return answer.canceled || !answer.filePath ? undefined : answer.filePath;
}

async function pickFile(payload: unknown, options: IpcBridgeOptions): Promise<ApiReply> {
  const parsed = parsePickFileRequest(payload);
  if (!parsed.ok) return errorReply(parsed.error);
  const { domain, mode } = parsed.request;
  let fcpDomain: FcpDomain;
  try {
    fcpDomain = options.host.studio.fcp(domain).domain;
  } catch (err) {
    const error = err as Partial<ApiError>;
    return errorReply({ code: error.code ?? 'unknown_domain', message: error.message ?? `no domain "${domain}"`, suggestion: error.suggestion });
  }
  const workspace = options.host.workspace;
  const extensions = [fcpDomain.fileExtension, ...(fcpDomain.otherFileTypes ?? []).map((type) => type.extension)];
  const filters = [{ name: fcpDomain.title, extensions: extensions.map((extension) => extension.replace(/^\./, '')) }];
  const chosen = await askForPath(options.currentWindow(), mode, workspace, filters);
  // null, not undefined, survives the IPC copy as a value; the preload answers undefined for it.
  if (chosen === undefined) return { result: null };
  const relative = workspaceRelativePath(workspace, chosen, fileExtensionFor(fcpDomain, chosen));
  return relative.ok ? { result: relative.path } : errorReply(relative.error);
}

/**
 * Where the example goes, from the system's folder dialog (modal, starting in the workspace, new
 * folders allowed): the renderer sends nothing (null), and gets an absolute folder inside the
 * workspace, null when cancelled, or outside_workspace for a folder elsewhere.
 */
async function pickExampleFolder(payload: unknown, options: IpcBridgeOptions): Promise<ApiReply> {
  if (payload !== null && payload !== undefined) return errorReply({ code: 'bad_request', message: 'the folder dialog takes no arguments', suggestion: 'invoke it with null' });
  const workspace = options.host.workspace;
  const window = options.currentWindow();
  const dialogOptions: OpenDialogOptions = { title: 'Folder for the example', buttonLabel: 'Choose', defaultPath: workspace, properties: ['openDirectory', 'createDirectory', 'promptToCreate'] };
  const answer = await (window ? dialog.showOpenDialog(window, dialogOptions) : dialog.showOpenDialog(dialogOptions));
  if (answer.canceled || !answer.filePaths[0]) return { result: null };
  try {
    return { result: exampleFolder(workspace, answer.filePaths[0]).abs };
  } catch (err) {
    return errorReply(toApiError(err));
  }
}

/**
 * The studio-wide appearance on its own channel: null reads it, `{ theme }` chooses it. The payload
 * becomes an `appearance` call, so the core's one schema validates it (an unknown field or theme is
 * bad_request) and its one dispatcher answers it.
 */
function answerAppearance(payload: unknown, host: StudioHost): Promise<ApiReply> {
  if (payload === null || payload === undefined) return host.answerApi({ method: 'appearance' }, 'electron');
  if (typeof payload !== 'object' || Array.isArray(payload)) {
    return Promise.resolve(errorReply({ code: 'bad_request', message: 'the appearance call takes null or { theme }', suggestion: '{"theme":"dark"}' }));
  }
  return host.answerApi({ ...payload, method: 'appearance' }, 'electron');
}

/** Opens a site a domain built in the system browser; the address (it holds a key) stays in main. */
async function openSite(payload: unknown, options: IpcBridgeOptions): Promise<ApiReply> {
  const site = options.host.siteAddress(payload);
  if (!site.ok) return errorReply(site.error);
  await shell.openExternal(site.address);
  return { result: null };
}

/**
 * "Connect Claude Desktop": opens the bundle (the system hands a .mcpb to Claude Desktop, which
 * installs it) or shows it in its folder. The renderer names only the mode, never a path.
 */
async function openClaudeBundle(payload: unknown, options: IpcBridgeOptions): Promise<ApiReply> {
  const mode = (payload as { mode?: unknown } | null)?.mode;
  if (mode !== 'open' && mode !== 'reveal') return errorReply({ code: 'bad_request', message: 'mode must be "open" or "reveal"', suggestion: '{"mode":"open"}' });
  const bundle = claudeDesktopSetup(options.host.workspace).bundleFile;
  if (!bundle) return errorReply({ code: 'bundle_not_built', message: 'the Claude Desktop bundle (dist/tandem.mcpb) has not been built', suggestion: 'npm run bundle (in the Tandem Studio folder)' });
  if (mode === 'reveal') {
    shell.showItemInFolder(bundle);
    return { result: null };
  }
  const failed = await shell.openPath(bundle);
  return failed ? errorReply({ code: 'open_failed', message: `could not open ${bundle}: ${failed}`, suggestion: 'show it in its folder and double-click it, or drag it onto Claude Desktop' }) : { result: null };
}

/** Registers the IPC handlers and the change-feed forwarding; returns the function that removes them. */
export function registerIpcBridge(options: IpcBridgeOptions): () => void {
  const { host, log } = options;

  const guarded =
    (channel: string, serve: (payload: unknown) => Promise<ApiReply>) =>
    async (event: IpcMainInvokeEvent, payload: unknown): Promise<ApiReply> => {
      if (!isFromStudioWindow(event, options.currentWindow(), options.location)) {
        log(`refused a ${channel} call from ${event.senderFrame?.url?.slice(0, 200) ?? 'a frame that is gone'}`);
        return errorReply(UNTRUSTED_SENDER);
      }
      try {
        return await serve(payload);
      } catch (err) {
        log(`${channel}: ${(err as Error)?.stack ?? err}`);
        return errorReply(internalError(err));
      }
    };

  // The studio window is one presence window for as long as the bridge serves it.
  const presenceWindow = host.studio.presence.openWindow('electron');
  ipcMain.handle(
    CALL_CHANNEL,
    guarded(CALL_CHANNEL, (payload) => host.answerApi(payload, 'electron', presenceWindow)),
  );
  ipcMain.handle(
    PICK_FILE_CHANNEL,
    guarded(PICK_FILE_CHANNEL, (payload) => pickFile(payload, options)),
  );
  ipcMain.handle(
    PICK_EXAMPLE_FOLDER_CHANNEL,
    guarded(PICK_EXAMPLE_FOLDER_CHANNEL, (payload) => pickExampleFolder(payload, options)),
  );
  ipcMain.handle(
    OPEN_SITE_CHANNEL,
    guarded(OPEN_SITE_CHANNEL, (payload) => openSite(payload, options)),
  );
  ipcMain.handle(
    OPEN_BUNDLE_CHANNEL,
    guarded(OPEN_BUNDLE_CHANNEL, (payload) => openClaudeBundle(payload, options)),
  );
  ipcMain.handle(
    ASSET_CHANNEL,
    guarded(ASSET_CHANNEL, (payload) => host.answerAsset(payload)),
  );
  ipcMain.handle(
    APPEARANCE_CHANNEL,
    guarded(APPEARANCE_CHANNEL, (payload) => answerAppearance(payload, host)),
  );

  const sendToWindow = (channel: string, event: ChangeEvent | PresenceEvent) => {
    const window = options.currentWindow();
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return;
    window.webContents.send(channel, event);
  };
  const stopFeed = host.studio.subscribe((change) => sendToWindow(CHANGE_CHANNEL, change));
  const stopPresence = host.studio.presence.subscribe((event) => sendToWindow(PRESENCE_CHANNEL, event));

  return () => {
    stopFeed();
    stopPresence();
    host.studio.presence.closeWindow(presenceWindow);
    ipcMain.removeHandler(CALL_CHANNEL);
    ipcMain.removeHandler(PICK_FILE_CHANNEL);
    ipcMain.removeHandler(PICK_EXAMPLE_FOLDER_CHANNEL);
    ipcMain.removeHandler(OPEN_SITE_CHANNEL);
    ipcMain.removeHandler(OPEN_BUNDLE_CHANNEL);
    ipcMain.removeHandler(ASSET_CHANNEL);
    ipcMain.removeHandler(APPEARANCE_CHANNEL);
  };
}
