/**
 * The window hardening against stand-ins for electron's web contents, session and shell: what is
 * prevented, what opens in the system browser, which responses get the CSP, which permissions pass.
 */
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const openExternal = vi.fn(async (_url: string) => undefined);
vi.mock('electron', () => ({ BrowserWindow: class {}, shell: { openExternal: (url: string) => openExternal(url) } }));

const { secureSession, secureWebContents } = await import('./studio-window');
const { rendererLocation } = await import('./renderer-location');

const indexHtmlPath = '/opt/tandem/out/renderer/index.html';
const rendererUrl = pathToFileURL(indexHtmlPath).href;
const location = rendererLocation({ indexHtmlPath });

class FakeContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  getURL() {
    return rendererUrl;
  }
}

function navigationEvent(url: string, isMainFrame = true) {
  return { url, isMainFrame, prevented: false, preventDefault() { this.prevented = true; } };
}

beforeEach(() => openExternal.mockClear());

describe('secureWebContents', () => {
  const contents = new FakeContents();
  secureWebContents(contents as never, location, () => undefined);

  it('denies every new window; a plain https link goes to the system browser, nothing else does', () => {
    expect(contents.windowOpenHandler!({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'http://example.com/' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://example.com/docs']]);
  });

  it('prevents navigation away from the renderer, and allows a change of fragment', () => {
    for (const url of ['https://example.com/', pathToFileURL('/etc/passwd').href, `${rendererUrl}?x`, 'javascript:alert(1)']) {
      const event = navigationEvent(url);
      contents.emit('will-navigate', event);
      expect(event.prevented, url).toBe(true);
      const redirect = navigationEvent(url);
      contents.emit('will-redirect', redirect);
      expect(redirect.prevented, url).toBe(true);
    }
    expect(openExternal).not.toHaveBeenCalled();
    const inPage = navigationEvent(`${rendererUrl}#/page-2`);
    contents.emit('will-navigate', inPage);
    expect(inPage.prevented).toBe(false);
  });

  it('prevents frames inside the page from navigating, and webviews from attaching', () => {
    const frame = navigationEvent(rendererUrl, false);
    contents.emit('will-frame-navigate', frame);
    expect(frame.prevented).toBe(true);
    const webview = navigationEvent('');
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
  });
});

describe('secureSession', () => {
  type HeadersListener = (details: { url: string; responseHeaders?: Record<string, string[]> }, respond: (answer: object) => void) => void;
  let onHeaders: HeadersListener | undefined;
  let onRequest: ((contents: unknown, permission: string, grant: (granted: boolean) => void, details: { requestingUrl: string }) => void) | undefined;
  let onCheck: ((contents: unknown, permission: string, origin: string, details: { requestingUrl?: string }) => boolean) | undefined;
  const session = {
    webRequest: { onHeadersReceived: (listener: HeadersListener) => (onHeaders = listener) },
    setPermissionRequestHandler: (handler: typeof onRequest) => (onRequest = handler),
    setPermissionCheckHandler: (handler: typeof onCheck) => (onCheck = handler),
  };
  secureSession(session as never, location, () => undefined);

  it("adds the CSP to our content's responses and leaves others as they were", () => {
    const answers: object[] = [];
    onHeaders!({ url: rendererUrl, responseHeaders: { 'Content-Type': ['text/html'] } }, (a) => answers.push(a));
    onHeaders!({ url: 'https://example.com/', responseHeaders: { 'Content-Type': ['text/html'] } }, (a) => answers.push(a));
    expect(answers[0]).toEqual({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [expect.stringContaining("default-src 'none'")] } });
    expect(answers[1]).toEqual({});
  });

  it('denies permission requests and checks, except the clipboard write for our renderer', () => {
    const granted: boolean[] = [];
    onRequest!({}, 'media', (g) => granted.push(g), { requestingUrl: rendererUrl });
    onRequest!({}, 'geolocation', (g) => granted.push(g), { requestingUrl: rendererUrl });
    onRequest!({}, 'clipboard-sanitized-write', (g) => granted.push(g), { requestingUrl: rendererUrl });
    onRequest!({}, 'clipboard-sanitized-write', (g) => granted.push(g), { requestingUrl: 'https://example.com/' });
    expect(granted).toEqual([false, false, true, false]);
    expect(onCheck!({}, 'clipboard-read', 'file://', { requestingUrl: rendererUrl })).toBe(false);
    expect(onCheck!({}, 'clipboard-sanitized-write', 'file://', { requestingUrl: rendererUrl })).toBe(true);
    expect(onCheck!({}, 'notifications', 'file://', {})).toBe(false);
  });
});
