/**
 * The Electron main process: hosts the studio core of one workspace and opens the studio window.
 *
 * - One app instance per workspace (Electron's single-instance lock, in a data folder per workspace);
 *   a second launch on the same workspace focuses the first one's window.
 * - The core is hosted with takeover: a headless core (`tandem serve`, or one a bridge started) that
 *   owns the workspace hands it over (it flushes and exits), and connected bridges reconnect here.
 * - better-sqlite3 loads the addon built for Electron (`npm run rebuild:electron`), never the Node
 *   one in node_modules that the CLI and the tests use.
 * - Quitting closes the host first (running calls finish, the journal is flushed).
 *
 * This folder is the only code that imports electron.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserWindow, app, dialog, session } from 'electron';
import { type StudioHost, type StudioHostOptions, startStudioHost } from '../host/studio-host';
import { registerIpcBridge } from './ipc-bridge';
import { appWorkspaceDir, instanceDataDir } from './launch-options';
import { type RendererLocation, rendererLocation } from './renderer-location';
import {
  type StartFailure,
  badRendererUrlFailure,
  bindingVersionFailure,
  electronSqliteBindingPath,
  missingBindingFailure,
  startFailure,
} from './start-failure';
import { createStudioWindow, secureSession, secureWebContents } from './studio-window';
import { writeInstallRecord } from '../core/install-record';

/** out/main → the project root, out/preload, out/renderer. */
const PROJECT_ROOT = join(__dirname, '..', '..');
const PRELOAD_PATH = join(__dirname, '..', 'preload', 'index.cjs');
const RENDERER_DIR = join(__dirname, '..', 'renderer');
const INDEX_HTML_PATH = join(RENDERER_DIR, 'index.html');

const log = (message: string) => process.stderr.write(`${new Date().toISOString()} [app ${process.pid}] ${message}\n`);

/** Tells the person why the app cannot go on (dialog and stderr), closes the host if it runs, and exits. */
async function fail(failure: StartFailure): Promise<void> {
  log(`${failure.title}: ${failure.detail.replace(/\n+/g, ' ')}`);
  if (app.isReady()) dialog.showErrorBox(failure.title, failure.detail);
  await closeHost().catch((err) => log(`closing the studio core failed: ${(err as Error)?.stack ?? err}`));
  app.exit(1);
}

const workspaceDir = appWorkspaceDir(process.argv.slice(1));
// Before anything makes the folder: a workspace this start makes is a new person's (the welcome).
const newWorkspace = !existsSync(workspaceDir);
// Before anything touches the data folder: one folder, and so one single-instance lock, per workspace.
app.setPath('userData', instanceDataDir(app.getPath('appData'), workspaceDir));
app.enableSandbox();

let host: StudioHost | undefined;
let studioWindow: BrowserWindow | undefined;
let location: RendererLocation | undefined;
let removeIpcBridge: (() => void) | undefined;

function currentWindow(): BrowserWindow | undefined {
  return studioWindow && !studioWindow.isDestroyed() ? studioWindow : undefined;
}

function showWindow(): void {
  const open = currentWindow();
  if (open) {
    if (open.isMinimized()) open.restore();
    open.focus();
    return;
  }
  if (!host || !location) return;
  studioWindow = createStudioWindow({ location, preloadPath: PRELOAD_PATH, indexHtmlPath: INDEX_HTML_PATH, workspace: host.workspace, log });
  studioWindow.on('closed', () => (studioWindow = undefined));
}

async function start(): Promise<void> {
  try {
    location = rendererLocation({ devServerUrl: process.env.ELECTRON_RENDERER_URL, indexHtmlPath: INDEX_HTML_PATH });
  } catch (err) {
    return fail(badRendererUrlFailure((err as Error).message));
  }
  secureSession(session.defaultSession, location, log);
  const rendererLocationNow = location;
  app.on('web-contents-created', (_event, contents) => secureWebContents(contents, rendererLocationNow, log));

  const nativeBinding = electronSqliteBindingPath(PROJECT_ROOT);
  if (!existsSync(nativeBinding)) return fail(missingBindingFailure(nativeBinding));
  const metadataFile = nativeBinding.replace(/\.node$/, '.json');
  const metadata = existsSync(metadataFile) ? readFileSync(metadataFile, 'utf8') : undefined;
  const mismatch = bindingVersionFailure(metadata, process.versions.electron, nativeBinding);
  if (mismatch) return fail(mismatch);

  // `nativeBinding` goes to Studio.open → Journal: the Electron build of better-sqlite3.
  const hostOptions: StudioHostOptions = {
    workspaceDir,
    newWorkspace,
    takeover: true,
    nativeBinding,
    rendererDir: RENDERER_DIR,
    log,
    onTakenOver: (closed) => {
      // Another host took the workspace over: this window has nothing left to show.
      log('another Tandem host took this workspace over; quitting');
      closed
        .catch(() => undefined)
        .then(() => {
          host = undefined;
          app.quit();
        });
    },
  };
  try {
    host = await startStudioHost(hostOptions);
  } catch (err) {
    return fail(startFailure(err, nativeBinding));
  }
  log(`hosting workspace ${host.workspace}; MCP at ${host.url}/mcp and ${host.socket}`);
  // How the Claude Desktop bundle's bridge starts the studio where none runs: this app, on its workspace.
  const recordFailed = writeInstallRecord({ version: app.getVersion(), command: process.execPath, args: app.isPackaged ? [] : [PROJECT_ROOT] });
  if (recordFailed) log(`could not write the install record: ${recordFailed.message}`);
  removeIpcBridge = registerIpcBridge({ host, location, currentWindow, log });
  showWindow();
}

let closingHost: Promise<void> | undefined;
/** Closes the host once: running calls finish, the journal is flushed, the workspace released. */
function closeHost(): Promise<void> {
  closingHost ??= (async () => {
    const open = host;
    host = undefined;
    // The window's calls meanwhile are answered studio_closing by the host, then the bridge goes.
    try {
      if (open) await open.close();
    } finally {
      removeIpcBridge?.();
      removeIpcBridge = undefined;
    }
  })();
  return closingHost;
}

if (!app.requestSingleInstanceLock({ workspace: workspaceDir })) {
  // Another instance has this workspace open; it shows its window (second-instance below).
  log(`workspace ${workspaceDir} is already open in Tandem Studio; focusing that window`);
  app.exit(0);
} else {
  app.on('second-instance', () => showWindow());

  app
    .whenReady()
    .then(start)
    .catch((err) => fail(startFailure(err, electronSqliteBindingPath(PROJECT_ROOT))));

  app.on('activate', () => showWindow());
  // On macOS the app (and the core that MCP clients use) stays up without a window, as macOS apps do.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let hostClosed = false;
  app.on('before-quit', (event) => {
    if (hostClosed) return;
    event.preventDefault();
    closeHost()
      .catch((err) => log(`closing the studio core failed: ${(err as Error)?.stack ?? err}`))
      .finally(() => {
        hostClosed = true;
        app.quit();
      });
  });

  // Ctrl-C in the terminal that started the app, or a service manager's stop: quit the same way.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log(`${signal}: closing`);
      app.quit();
    });
  }
  // A fault in one call must not take down the core the AI and the window share; acknowledged edits are journaled already.
  process.on('uncaughtException', (err) => log(`uncaught: ${err.stack ?? err}`));
  process.on('unhandledRejection', (err) => log(`unhandled rejection: ${(err as Error)?.stack ?? err}`));
}
