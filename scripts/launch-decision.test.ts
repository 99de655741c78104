import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareVersions, decideLaunch, decideLaunchHere, findElectronBinary, hasDisplay, minimumNode } from './launch-decision.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project folder with node_modules/electron as npm leaves it: with or without its downloaded binary. */
function project(options: { electronPackage?: boolean; pathTxt?: string; binary?: boolean; addon?: boolean } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'tandem-start-'));
  roots.push(root);
  const electronDir = join(root, 'node_modules', 'electron');
  if (options.electronPackage ?? true) {
    mkdirSync(electronDir, { recursive: true });
    writeFileSync(join(electronDir, 'package.json'), '{"name":"electron","version":"45.4.1","engines":{"node":">= 22.12.0"}}');
  }
  if (options.pathTxt !== undefined) writeFileSync(join(electronDir, 'path.txt'), options.pathTxt);
  if (options.binary && options.pathTxt) {
    mkdirSync(join(electronDir, 'dist'), { recursive: true });
    writeFileSync(join(electronDir, 'dist', options.pathTxt), '');
  }
  if (options.addon) {
    mkdirSync(join(root, 'build', 'electron'), { recursive: true });
    writeFileSync(join(root, 'build', 'electron', 'better_sqlite3.node'), '');
  }
  return root;
}

describe('findElectronBinary', () => {
  it('finds the binary that path.txt names under dist/', () => {
    const root = project({ pathTxt: 'electron', binary: true });
    expect(findElectronBinary(root, {})).toEqual({ found: true, path: join(root, 'node_modules', 'electron', 'dist', 'electron') });
  });

  it('says the binary is fetched on first use when path.txt is missing, on a Node that Electron takes', () => {
    const result = findElectronBinary(project(), {}, '22.12.0');
    expect(result.found).toBe(false);
    if (!result.found) expect(result.reason).toMatch(/not been downloaded yet: Electron 45\.4\.1 fetches it on first use, with "npx install-electron"/);
  });

  it("names Electron's own Node requirement when this Node is older", () => {
    const result = findElectronBinary(project(), {}, '20.20.2');
    expect(result.found).toBe(false);
    if (!result.found) {
      expect(result.reason).toContain('Electron 45.4.1 needs Node.js 22.12.0 or newer');
      expect(result.reason).toContain('this is Node.js 20.20.2');
    }
  });

  it('reads version bounds', () => {
    expect(minimumNode('>= 22.12.0')).toBe('22.12.0');
    expect(minimumNode('>=20')).toBe('20');
    expect(minimumNode('^20.19.0 || >=22.12.0')).toBeUndefined();
    expect(compareVersions('20.20.2', '22.12.0')).toBe(-1);
    expect(compareVersions('22.12.0', '22.12')).toBe(0);
    expect(compareVersions('24.1.0', '22.12.0')).toBe(1);
  });

  it('says the binary is missing when path.txt names a file that is not there', () => {
    const result = findElectronBinary(project({ pathTxt: 'electron' }), {});
    expect(result).toMatchObject({ found: false });
    if (!result.found) expect(result.reason).toContain('binary is missing');
  });

  it('says the package is not installed', () => {
    expect(findElectronBinary(project({ electronPackage: false }), {})).toMatchObject({ found: false, reason: expect.stringContaining('npm install') });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH as electron itself does', () => {
    const root = project();
    const dist = join(root, 'custom-dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'electron'), '');
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toEqual({ found: true, path: join(dist, 'electron') });
    expect(findElectronBinary(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'nowhere') }).found).toBe(false);
  });
});

describe('hasDisplay', () => {
  it('is always true on macOS and Windows', () => {
    expect(hasDisplay('darwin', {})).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });

  it('needs DISPLAY or WAYLAND_DISPLAY elsewhere', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: '' })).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':99' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('freebsd', { DISPLAY: ':0' })).toBe(true);
  });
});

describe('decideLaunch', () => {
  const binary = { found: true as const, path: '/p/electron' };
  const noBinary = { found: false as const, reason: 'the Electron binary was never downloaded' };

  it.each([
    // binary, display, addon, platform → mode, reasons mentioned
    [binary, true, true, 'linux', 'electron', []],
    [binary, true, true, 'darwin', 'electron', []],
    [binary, false, true, 'linux', 'serve', ['no display']],
    [noBinary, true, true, 'darwin', 'serve', ['no Electron binary']],
    [noBinary, true, true, 'win32', 'serve', ['no Electron binary']],
    [noBinary, false, false, 'linux', 'serve', ['no Electron binary', 'no display']],
    [binary, true, false, 'linux', 'serve', ['rebuild:electron']],
    [binary, true, false, 'win32', 'serve', ['rebuild:electron']],
  ] as const)('binary %o, display %s, addon %s on %s → %s', (electron, display, sqliteBindingBuilt, platform, mode, mentioned) => {
    const decision = decideLaunch({ electron, display, sqliteBindingBuilt, platform });
    expect(decision.mode).toBe(mode);
    if (decision.mode === 'electron') {
      expect(decision.electronPath).toBe('/p/electron');
      return;
    }
    expect(decision.reasons).toHaveLength(mentioned.length);
    mentioned.forEach((word, i) => expect(decision.reasons[i]).toContain(word));
  });

  it('decides from the files of a project folder', () => {
    expect(decideLaunchHere(project({ pathTxt: 'electron', binary: true, addon: true }), { DISPLAY: ':1' }, 'linux')).toMatchObject({ mode: 'electron' });
    expect(decideLaunchHere(project({ pathTxt: 'electron', binary: true, addon: true }), {}, 'linux')).toMatchObject({ mode: 'serve' });
    expect(decideLaunchHere(project(), { DISPLAY: ':1' }, 'linux')).toMatchObject({ mode: 'serve' });
  });
});
