import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appWorkspaceDir, instanceDataDir, workspaceArgument } from './launch-options';

describe('workspaceArgument', () => {
  it('reads --workspace DIR and --workspace=DIR among Electron and Chromium arguments', () => {
    expect(workspaceArgument(['/app', '--workspace', '/w'])).toBe('/w');
    expect(workspaceArgument(['/app', '--workspace=/w2', '--enable-logging'])).toBe('/w2');
    expect(workspaceArgument(['--inspect=9229', '.', '--no-sandbox'])).toBeUndefined();
  });

  it('takes the last one, and ignores a flag without a value', () => {
    expect(workspaceArgument(['--workspace', '/a', '--workspace=/b'])).toBe('/b');
    expect(workspaceArgument(['--workspace'])).toBeUndefined();
    expect(workspaceArgument(['--workspace', '--enable-logging'])).toBeUndefined();
    expect(workspaceArgument(['--workspace='])).toBeUndefined();
  });
});

describe('appWorkspaceDir', () => {
  it('prefers the flag, then TANDEM_WORKSPACE, then ~/Tandem, always absolute', () => {
    expect(appWorkspaceDir(['--workspace', '/nowhere/flag'], { TANDEM_WORKSPACE: '/nowhere/env' })).toBe('/nowhere/flag');
    expect(appWorkspaceDir([], { TANDEM_WORKSPACE: '/nowhere/env' })).toBe('/nowhere/env');
    expect(appWorkspaceDir(['--workspace', 'relative'], {})).toBe(join(process.cwd(), 'relative'));
  });
});

describe('instanceDataDir', () => {
  it('gives each workspace its own data folder (and so its own single-instance lock)', () => {
    const a = instanceDataDir('/appdata', '/home/me/Tandem');
    const b = instanceDataDir('/appdata', '/home/me/Other');
    expect(a).toMatch(/^\/appdata\/Tandem Studio\/workspaces\/[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
    expect(instanceDataDir('/appdata', '/home/me/Tandem')).toBe(a);
  });
});
