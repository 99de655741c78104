/**
 * Where the studio window's renderer comes from, and the checks that follow from it: which URLs
 * are our app's content, which IPC senders are trusted, which navigations are allowed and which
 * links may open in the system browser. Pure: no electron import, so it is tested under Node.
 */
import { pathToFileURL } from 'node:url';

export type RendererLocation =
  /** electron-vite's dev server (`ELECTRON_RENDERER_URL`), loopback only. */
  | { kind: 'dev-server'; url: string; origin: string }
  /** The built renderer: `file://…/out/renderer/index.html`. */
  | { kind: 'file'; url: string; directoryUrl: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * The dev server when electron-vite names one (it must be http(s) on this machine, so that a stray
 * environment variable cannot point the window at a remote page), else the built index.html.
 */
export function rendererLocation(options: { devServerUrl?: string; indexHtmlPath: string }): RendererLocation {
  if (options.devServerUrl) {
    const url = parseUrl(options.devServerUrl);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new Error(`ELECTRON_RENDERER_URL must be an http(s) URL on localhost; got "${options.devServerUrl}"`);
    }
    return { kind: 'dev-server', url: url.href, origin: url.origin };
  }
  const index = pathToFileURL(options.indexHtmlPath);
  const directoryUrl = new URL('./', index).href;
  return { kind: 'file', url: index.href, directoryUrl };
}

/** Whether `url` is the renderer's own page (any query or fragment), the one document we trust. */
export function isRendererDocument(url: string, location: RendererLocation): boolean {
  const candidate = parseUrl(url);
  if (!candidate) return false;
  if (location.kind === 'dev-server') return candidate.origin === location.origin;
  const expected = new URL(location.url);
  return candidate.protocol === 'file:' && candidate.host === expected.host && candidate.pathname === expected.pathname;
}

/** Whether a response is our app's content (gets our CSP): the dev server's origin, or files of the built renderer. */
export function isAppContent(url: string, location: RendererLocation): boolean {
  const candidate = parseUrl(url);
  if (!candidate) return false;
  if (location.kind === 'dev-server') return candidate.origin === location.origin;
  const directory = new URL(location.directoryUrl);
  return candidate.protocol === 'file:' && candidate.host === directory.host && candidate.pathname.startsWith(directory.pathname);
}

/** What main knows about the frame behind an IPC message. */
export interface IpcSenderFacts {
  /** `event.senderFrame` is gone (navigated away or destroyed) when this is undefined. */
  frameUrl: string | undefined;
  /** The frame is the top-level frame of its page, not an iframe. */
  isMainFrame: boolean;
  /** The message came from the studio window's web contents. */
  fromStudioWindow: boolean;
}

/** An IPC call is served only for the studio window's main frame showing our renderer. */
export function isTrustedSender(sender: IpcSenderFacts, location: RendererLocation): boolean {
  return sender.fromStudioWindow && sender.isMainFrame && sender.frameUrl !== undefined && isRendererDocument(sender.frameUrl, location);
}

/** A navigation that stays on the same document (only the fragment changes) is harmless. */
export function isSameDocument(currentUrl: string, targetUrl: string): boolean {
  const current = parseUrl(currentUrl);
  const target = parseUrl(targetUrl);
  if (!current || !target) return false;
  current.hash = '';
  target.hash = '';
  return current.href === target.href;
}

/**
 * The URL to hand to the system browser for a link the page tried to open, or undefined to drop
 * it: only plain https URLs (no credentials), never file:, javascript:, custom schemes or http.
 */
export function externalLinkTarget(url: string): string | undefined {
  const candidate = parseUrl(url);
  if (!candidate || candidate.protocol !== 'https:' || candidate.username || candidate.password || !candidate.hostname) return undefined;
  return candidate.href;
}

/**
 * Permission requests are denied, with one exception the editor needs for copy: writing plain
 * text to the clipboard, and only for our own renderer. Reading the clipboard stays denied.
 */
export function isPermissionGranted(permission: string, requestingUrl: string, location: RendererLocation): boolean {
  return permission === 'clipboard-sanitized-write' && isRendererDocument(requestingUrl, location);
}
