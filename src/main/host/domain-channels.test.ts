import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Workspace } from '../core/workspace';
import { SITE_PATH } from '../../shared/channel-addresses';
import { DomainChannelIndex, siteAddressFor } from './domain-channels';
import { siteKey } from './site-route';

const dirs: string[] = [];
const held: Workspace[] = [];
afterEach(() => {
  held.splice(0).forEach((ws) => ws.release());
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'tandem-site-request-'));
  dirs.push(root);
  mkdirSync(join(root, 'architecture/dist'), { recursive: true });
  mkdirSync(join(root, 'architecture/src'), { recursive: true });
  writeFileSync(join(root, 'architecture/dist/.loko-build.json'), '{}');
  const ws = await Workspace.acquire(root);
  held.push(ws);
  return { url: 'http://127.0.0.1:4321', token: 'secret-token', resolveFolder: (folder: string) => ws.resolvePath(folder).abs };
}

/** A domain that builds sites (marked by `.loko-build.json`) and one that builds none. */
const channels = new DomainChannelIndex([
  { name: 'docs', channels: { sites: { marker: '.loko-build.json', howToBuild: 'build the docs first' } } },
  { name: 'notes' },
]);

describe("openSite in the Electron window: main makes the address of a site a domain built", () => {
  it('answers the index page of a built output folder, under the key the token makes for that domain and folder', async () => {
    const context = await workspace();
    const answer = siteAddressFor(channels, { domain: 'docs', folder: 'architecture/dist' }, context);
    const key = siteKey('secret-token', 'docs', 'architecture/dist');
    expect(answer).toEqual({ ok: true, address: `http://127.0.0.1:4321${SITE_PATH}docs/${key}/architecture%2Fdist/index.html` });
    // A key is for one domain and folder.
    expect(key).not.toBe(siteKey('secret-token', 'notes', 'architecture/dist'));
    expect(key).not.toBe(siteKey('secret-token', 'docs', 'architecture'));
  });

  it('refuses a folder with no build in it, one outside the workspace, and a payload of the wrong shape', async () => {
    const context = await workspace();
    const ask = (payload: unknown) => siteAddressFor(channels, payload, context);
    expect(ask({ domain: 'docs', folder: 'architecture/src' })).toMatchObject({ ok: false, error: { code: 'not_built', suggestion: 'build the docs first' } });
    expect(ask({ domain: 'notes', folder: 'architecture/dist' })).toMatchObject({ ok: false, error: { code: 'bad_request', message: 'the notes domain builds no sites' } });
    const outside = ask({ domain: 'docs', folder: '../elsewhere' });
    expect(outside.ok).toBe(false);
    expect(JSON.stringify(outside)).toMatch(/outside|inside|workspace/i);
    expect(ask({ domain: 'docs', folder: '' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(ask({ folder: 'architecture/dist' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(ask({ domain: 'docs', folder: 'architecture/dist', extra: 1 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(ask('architecture/dist')).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
