/**
 * The studio window and the app-wide security settings around it: sandboxed, isolated renderer
 * with the narrow preload, our CSP on our content, no navigation away from the renderer, no new
 * windows (plain https links go to the system browser), no permissions, no webviews.
 */
import { BrowserWindow, type Session, shell, type WebContents } from 'electron';
import { contentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy';
import {
  type RendererLocation,
  externalLinkTarget,
  isAppContent,
  isPermissionGranted,
  isRendererDocument,
  isSameDocument,
} from './renderer-location';

type Log = (message: string) => void;

function openInSystemBrowser(url: string, log: Log): void {
  const target = externalLinkTarget(url);
  if (!target) {
    log(`blocked a link to ${url.slice(0, 200)} (only plain https links open, in the system browser)`);
    return;
  }
  shell.openExternal(target).catch((err: Error) => log(`could not open ${target} in the system browser: ${err.message}`));
}

/** Session-wide: our CSP on every response of our content, and no permission for anyone but the clipboard write. */
export function secureSession(session: Session, location: RendererLocation, log: Log): void {
  const policy = contentSecurityPolicy(location);
  session.webRequest.onHeadersReceived((details, respond) => {
    if (!isAppContent(details.url, location)) return respond({});
    respond({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) });
  });
  session.setPermissionRequestHandler((_contents, permission, grant, details) => {
    const granted = isPermissionGranted(permission, details.requestingUrl, location);
    if (!granted) log(`denied the permission "${permission}" to ${details.requestingUrl.slice(0, 200)}`);
    grant(granted);
  });
  session.setPermissionCheckHandler((_contents, permission, _origin, details) =>
    isPermissionGranted(permission, details.requestingUrl ?? '', location),
  );
}

/** Every web contents the app creates: no webviews, no new windows, no navigation off the renderer. */
export function secureWebContents(contents: WebContents, location: RendererLocation, log: Log): void {
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    openInSystemBrowser(url, log);
    return { action: 'deny' };
  });
  // Links meant for the browser open through window.open / target=_blank (above); the page itself never leaves.
  const guardNavigation = (event: { preventDefault(): void; url: string }) => {
    if (isSameDocument(contents.getURL(), event.url) && isRendererDocument(event.url, location)) return;
    event.preventDefault();
    log(`blocked navigation to ${event.url.slice(0, 200)}`);
  };
  contents.on('will-navigate', guardNavigation);
  contents.on('will-redirect', guardNavigation);
  // Frames inside the page (the CSP allows none) never navigate either.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) event.preventDefault();
  });
}

export interface StudioWindowOptions {
  location: RendererLocation;
  /** out/preload/index.cjs */
  preloadPath: string;
  /** out/renderer/index.html, loaded when the location is the built renderer. */
  indexHtmlPath: string;
  workspace: string;
  log: Log;
}

export function createStudioWindow(options: StudioWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: `Tandem Studio: ${options.workspace}`,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('render-process-gone', (_event, details) => {
    options.log(`the window's renderer stopped (${details.reason}, exit ${details.exitCode}); reloading it`);
    if (!window.isDestroyed() && details.reason !== 'clean-exit') window.webContents.reload();
  });
  // The title names the workspace; the page's <title> must not replace it.
  window.on('page-title-updated', (event) => event.preventDefault());

  const loaded =
    options.location.kind === 'dev-server' ? window.loadURL(options.location.url) : window.loadFile(options.indexHtmlPath);
  loaded.catch((err: Error) => options.log(`the window could not load the renderer: ${err.message}`));
  return window;
}
