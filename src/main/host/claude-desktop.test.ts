/**
 * "Connect Claude Desktop" on real files: the entry written into a claude_desktop_config.json (made,
 * or changed with a backup of what it held), other servers and settings kept, an invalid file never
 * overwritten; and the same through the renderer API's validated call.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleApiPayload } from '../api/dispatch';
import type { StudioCore } from '../core/studio-api';
import { StudioError } from '../kernel/errors';
import { CLAUDE_CONFIG_INVALID, claudeDesktopConnector, claudeDesktopSetup, describeClaudeDesktop, writeClaudeDesktopConfig } from './claude-desktop';

let dir: string;
let configFile: string;
const workspace = '/home/someone/Tandem';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-claude-config-'));
  configFile = join(dir, 'Claude', 'claude_desktop_config.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const setup = () => claudeDesktopSetup(workspace, { TANDEM_CLAUDE_CONFIG: configFile });
const backups = () => readdirSync(join(dir, 'Claude')).filter((name) => name.endsWith('.bak'));

describe('Connect Claude Desktop: the config file', () => {
  it('creates the file with the entry where there is none, without a backup', () => {
    expect(describeClaudeDesktop(setup()).config.state).toBe('absent');
    const written = writeClaudeDesktopConfig(setup());
    expect(written).toEqual({ configFile, changed: true });
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    expect(config.mcpServers.tandem).toEqual({ command: process.execPath, args: [setup().tandemBin, 'mcp', '--workspace', workspace] });
    expect(describeClaudeDesktop(setup()).config.state).toBe('connected');
  });

  it('adds the entry to a file with other servers and settings, keeping them and a byte-exact backup', () => {
    const before = '{\n  "globalShortcut": "Ctrl+Space",\n  "mcpServers": {\n    "files": { "command": "npx", "args": ["-y", "files"], "env": { "ROOT": "/x" } }\n  }\n}\n';
    mkdirSync(join(dir, 'Claude'));
    writeFileSync(configFile, before);
    const info = describeClaudeDesktop(setup());
    expect(info.config.state).toBe('without-entry');
    expect(info.entry.mcpServers.tandem.args).toEqual([setup().tandemBin, 'mcp', '--workspace', workspace]);

    const written = writeClaudeDesktopConfig(setup(), new Date('2026-11-26T21:40:00.000Z'));
    expect(written.changed).toBe(true);
    expect(written.backupFile).toBe(`${configFile}.2026-11-26T21-40-00-000Z.bak`);
    expect(readFileSync(written.backupFile!, 'utf8')).toBe(before);
    const after = JSON.parse(readFileSync(configFile, 'utf8'));
    expect(after.globalShortcut).toBe('Ctrl+Space');
    expect(Object.keys(after.mcpServers)).toEqual(['files', 'tandem']);
    expect(after.mcpServers.files).toEqual({ command: 'npx', args: ['-y', 'files'], env: { ROOT: '/x' } });

    // Written again: nothing to change, no second backup.
    expect(writeClaudeDesktopConfig(setup())).toEqual({ configFile, changed: false });
    expect(backups()).toHaveLength(1);
  });

  it('replaces another Tandem entry (another workspace), with a backup', () => {
    mkdirSync(join(dir, 'Claude'));
    writeFileSync(configFile, JSON.stringify({ mcpServers: { tandem: { command: 'node', args: ['/old/bin/tandem.js', 'mcp', '--workspace', '/elsewhere'] } } }));
    expect(describeClaudeDesktop(setup()).config.state).toBe('other-entry');
    expect(writeClaudeDesktopConfig(setup()).backupFile).toBeDefined();
    expect(JSON.parse(readFileSync(configFile, 'utf8')).mcpServers.tandem.args).toContain(workspace);
  });

  it.each([
    ['not JSON', '{ "mcpServers": { "files": { "command": "npx", } }', /is not valid JSON/],
    ['not an object', '["tandem"]', /holds no JSON object/],
    ['mcpServers not an object', '{ "mcpServers": ["tandem"] }', /"mcpServers" in it is not an object/],
  ])('never overwrites a file that is %s: a clear error, the file unchanged, no backup', (_what, text, problem) => {
    mkdirSync(join(dir, 'Claude'));
    writeFileSync(configFile, text);
    expect(describeClaudeDesktop(setup()).config).toMatchObject({ state: 'invalid', problem: expect.stringMatching(problem) });
    let thrown: unknown;
    try {
      writeClaudeDesktopConfig(setup());
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(StudioError);
    expect(thrown).toMatchObject({ code: CLAUDE_CONFIG_INVALID, message: expect.stringMatching(problem), suggestion: expect.stringContaining('fix') });
    expect(readFileSync(configFile, 'utf8')).toBe(text);
    expect(backups()).toEqual([]);
  });
});

describe('Connect Claude Desktop: the renderer API call', () => {
  const studio = { workspace } as StudioCore;
  const call = (payload: unknown) => handleApiPayload(studio, payload, ctx()) as Promise<{ result?: unknown; error?: { code: string; message: string } }>;
  const ctx = () => ({ host: 'browser' as const, claudeDesktop: claudeDesktopConnector(workspace, { TANDEM_CLAUDE_CONFIG: configFile }) });

  it('describes, then writes, through the validated call; refuses anything else', async () => {
    const described = await call({ method: 'claudeDesktop', action: 'describe' });
    expect(described.result).toMatchObject({ workspace, configFile, config: { state: 'absent' } });
    const written = await call({ method: 'claudeDesktop', action: 'writeConfig' });
    expect(written.result).toEqual({ configFile, changed: true });
    expect(existsSync(configFile)).toBe(true);

    const bad = await call({ method: 'claudeDesktop', action: 'deleteConfig' });
    expect(bad.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('action') });
    const extra = await call({ method: 'claudeDesktop', action: 'writeConfig', path: '/etc/passwd' });
    expect(extra.error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('path: unknown field') });

    writeFileSync(configFile, '{ broken');
    const refused = await call({ method: 'claudeDesktop', action: 'writeConfig' });
    expect(refused.error).toMatchObject({ code: CLAUDE_CONFIG_INVALID });
    expect(readFileSync(configFile, 'utf8')).toBe('{ broken');
  });
});
