import { describe, expect, it } from 'vitest';
import { StudioError } from '../kernel/errors';
import { bindingVersionFailure, electronSqliteBindingPath, missingBindingFailure, startFailure } from './start-failure';

const binding = electronSqliteBindingPath('/opt/tandem');

describe('start failures', () => {
  it('keeps the Electron addon in build/electron, apart from node_modules', () => {
    expect(binding).toBe('/opt/tandem/build/electron/better_sqlite3.node');
  });

  it('names the command that builds a missing addon', () => {
    const failure = missingBindingFailure(binding);
    expect(failure.detail).toContain(binding);
    expect(failure.detail).toContain('[electron_addon_missing]');
    expect(failure.detail).toContain('npm run rebuild:electron');
  });

  it('recognises an addon built for another runtime', () => {
    const err = new Error(
      "The module '/opt/tandem/build/electron/better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version of Node.js requires NODE_MODULE_VERSION 140.",
    );
    const failure = startFailure(err, binding);
    expect(failure.detail).toContain('[electron_addon_mismatch]');
    expect(failure.detail).toContain('npm run rebuild:electron');
  });

  it("passes a core error's code and suggestion through", () => {
    const failure = startFailure(new StudioError('workspace_locked', 'the core (pid 7) did not let go', 'stop pid 7'), binding);
    expect(failure.title).toContain('in use');
    expect(failure.detail).toBe('the core (pid 7) did not let go [workspace_locked]\n\ntry: stop pid 7');
  });

  it('words anything else as internal_error', () => {
    expect(startFailure('boom', binding).detail).toBe('boom [internal_error]');
  });

  it('flags an addon recorded for another Electron version, and only then', () => {
    expect(bindingVersionFailure(JSON.stringify({ electron: '44.0.0' }), '45.4.1', binding)?.detail).toContain('built for Electron 44.0.0, but this is Electron 45.4.1');
    expect(bindingVersionFailure(JSON.stringify({ electron: '45.4.1' }), '45.4.1', binding)).toBeUndefined();
    expect(bindingVersionFailure(undefined, '45.4.1', binding)).toBeUndefined();
    expect(bindingVersionFailure('not json', '45.4.1', binding)).toBeUndefined();
  });
});
