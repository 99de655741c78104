import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Workspace } from '../core/workspace';
import { SITE_PATH } from '../../shared/site-address';
import { siteKey } from '../api/site-files';
import { siteAddressFor } from './site-request';

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
  return { url: 'http://127.0.0.1:4321', token: 'secret-token', resolveFolder: (folder: string) => ws.resolvePath(folder).abs, marker: '.loko-build.json' };
}

describe('openSite in the Electron window: main makes the address of a built site', () => {
  it('answers the index page of a built output folder, under the key the token makes for that folder', async () => {
    const context = await workspace();
    const answer = siteAddressFor({ folder: 'architecture/dist' }, context);
    expect(answer).toEqual({ ok: true, address: `http://127.0.0.1:4321${SITE_PATH}${siteKey('secret-token', 'architecture/dist')}/architecture%2Fdist/index.html` });
  });

  it('refuses a folder with no build in it, one outside the workspace, and a payload of the wrong shape', async () => {
    const context = await workspace();
    expect(siteAddressFor({ folder: 'architecture/src' }, context)).toMatchObject({ ok: false, error: { code: 'not_built', suggestion: expect.stringContaining('build') } });
    const outside = siteAddressFor({ folder: '../elsewhere' }, context);
    expect(outside.ok).toBe(false);
    expect(JSON.stringify(outside)).toMatch(/outside|inside|workspace/i);
    expect(siteAddressFor({ folder: '' }, context)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(siteAddressFor({ folder: 'architecture/dist', extra: 1 }, context)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(siteAddressFor('architecture/dist', context)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
