import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import {
  externalLinkTarget,
  isAppContent,
  isPermissionGranted,
  isRendererDocument,
  isSameDocument,
  isTrustedSender,
  rendererLocation,
} from './renderer-location';

const indexHtmlPath = '/opt/tandem/out/renderer/index.html';
const built = rendererLocation({ indexHtmlPath });
const indexUrl = pathToFileURL(indexHtmlPath).href;
const dev = rendererLocation({ devServerUrl: 'http://localhost:5173/', indexHtmlPath });

describe('rendererLocation', () => {
  it('is the built index.html without a dev server', () => {
    expect(built).toEqual({ kind: 'file', url: indexUrl, directoryUrl: pathToFileURL('/opt/tandem/out/renderer/').href });
  });

  it('is the dev server when electron-vite names one on this machine', () => {
    expect(dev).toEqual({ kind: 'dev-server', url: 'http://localhost:5173/', origin: 'http://localhost:5173' });
    expect(rendererLocation({ devServerUrl: 'http://127.0.0.1:5173', indexHtmlPath }).kind).toBe('dev-server');
  });

  it.each(['https://example.com/', 'http://192.168.1.4:5173/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'])(
    'refuses a dev server URL that is not http(s) on localhost: %s',
    (devServerUrl) => {
      expect(() => rendererLocation({ devServerUrl, indexHtmlPath })).toThrow(/ELECTRON_RENDERER_URL/);
    },
  );
});

describe('isRendererDocument', () => {
  it('accepts the built index.html, with a query or fragment', () => {
    expect(isRendererDocument(indexUrl, built)).toBe(true);
    expect(isRendererDocument(`${indexUrl}#/drawio`, built)).toBe(true);
    expect(isRendererDocument(`${indexUrl}?page=2`, built)).toBe(true);
  });

  it('refuses other files, other schemes and remote pages', () => {
    expect(isRendererDocument(pathToFileURL('/opt/tandem/out/renderer/other.html').href, built)).toBe(false);
    expect(isRendererDocument(pathToFileURL('/tmp/index.html').href, built)).toBe(false);
    expect(isRendererDocument('file://evil-host/opt/tandem/out/renderer/index.html', built)).toBe(false);
    expect(isRendererDocument('https://example.com/index.html', built)).toBe(false);
    expect(isRendererDocument('about:blank', built)).toBe(false);
    expect(isRendererDocument('', built)).toBe(false);
  });

  it('accepts any page of the dev server origin, nothing else', () => {
    expect(isRendererDocument('http://localhost:5173/', dev)).toBe(true);
    expect(isRendererDocument('http://localhost:5173/index.html#x', dev)).toBe(true);
    expect(isRendererDocument('http://localhost:5174/', dev)).toBe(false);
    expect(isRendererDocument('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isRendererDocument('https://localhost:5173/', dev)).toBe(false);
    expect(isRendererDocument(indexUrl, dev)).toBe(false);
  });
});

describe('isAppContent', () => {
  it('covers the files of the built renderer folder only', () => {
    expect(isAppContent(indexUrl, built)).toBe(true);
    expect(isAppContent(pathToFileURL('/opt/tandem/out/renderer/assets/index-1234.js').href, built)).toBe(true);
    expect(isAppContent(pathToFileURL('/opt/tandem/out/renderer-other/index.html').href, built)).toBe(false);
    expect(isAppContent(pathToFileURL('/opt/tandem/out/main/index.js').href, built)).toBe(false);
    expect(isAppContent('https://cdn.example.com/x.js', built)).toBe(false);
  });

  it('covers the dev server origin', () => {
    expect(isAppContent('http://localhost:5173/@vite/client', dev)).toBe(true);
    expect(isAppContent('http://localhost:9999/', dev)).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const trusted = { frameUrl: indexUrl, isMainFrame: true, fromStudioWindow: true };

  it('trusts the studio window main frame showing our renderer', () => {
    expect(isTrustedSender(trusted, built)).toBe(true);
  });

  it('refuses a sub-frame, another window, a vanished frame or another page', () => {
    expect(isTrustedSender({ ...trusted, isMainFrame: false }, built)).toBe(false);
    expect(isTrustedSender({ ...trusted, fromStudioWindow: false }, built)).toBe(false);
    expect(isTrustedSender({ ...trusted, frameUrl: undefined }, built)).toBe(false);
    expect(isTrustedSender({ ...trusted, frameUrl: 'https://example.com/' }, built)).toBe(false);
    expect(isTrustedSender({ ...trusted, frameUrl: 'data:text/html,<script>1</script>' }, built)).toBe(false);
  });
});

describe('isSameDocument', () => {
  it('allows a change of fragment only', () => {
    expect(isSameDocument(indexUrl, `${indexUrl}#/page-2`)).toBe(true);
    expect(isSameDocument(`${indexUrl}#a`, `${indexUrl}#b`)).toBe(true);
    expect(isSameDocument(indexUrl, `${indexUrl}?x=1`)).toBe(false);
    expect(isSameDocument(indexUrl, 'https://example.com/')).toBe(false);
    expect(isSameDocument('', indexUrl)).toBe(false);
  });
});

describe('externalLinkTarget', () => {
  it('passes plain https links to the system browser', () => {
    expect(externalLinkTarget('https://github.com/tandem/studio')).toBe('https://github.com/tandem/studio');
  });

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-msdt:/id',
    'https://user:secret@example.com/',
    'https://user@example.com/',
    'not a url',
    '',
  ])('drops %s', (url) => {
    expect(externalLinkTarget(url)).toBeUndefined();
  });
});

describe('isPermissionGranted', () => {
  it('grants only the clipboard write, only to our renderer', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', indexUrl, built)).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://example.com/', built)).toBe(false);
    for (const permission of ['clipboard-read', 'media', 'geolocation', 'notifications', 'openExternal', 'fullscreen', 'unknown']) {
      expect(isPermissionGranted(permission, indexUrl, built)).toBe(false);
    }
  });
});
