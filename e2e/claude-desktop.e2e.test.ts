/**
 * "Connect Claude Desktop" in the studio page (Debian's Chromium against a real `tandem serve`):
 * the dialog shows the config entry, writes it into a Claude Desktop config file on request
 * (TANDEM_CLAUDE_CONFIG points the core at a temp one) keeping the other servers and a backup, and
 * refuses to touch a file that is not valid JSON. Without Chromium the suite FAILS.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';

const configDir = mkdtempSync(join(tmpdir(), 'tandem-e2e-claude-'));
const configFile = join(configDir, 'Claude', 'claude_desktop_config.json');
// The cores this file starts inherit it (each test file runs in a process of its own).
process.env.TANDEM_CLAUDE_CONFIG = configFile;
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

const { startStudio } = useStudios();

describe('Connect Claude Desktop in the studio window', () => {
  it('shows the entry, writes it with a backup of the file it changes, and leaves an invalid file alone', async () => {
    const before = JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', 'files'] } }, theme: 'dark' }, null, 2);
    mkdirSync(join(configDir, 'Claude'), { recursive: true });
    writeFileSync(configFile, before);
    const { server, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;

    await page.getByTestId('connect-claude-open').click();
    const entry = page.getByTestId('claude-config-entry');
    await entry.waitFor();
    const shown = JSON.parse(await entry.innerText());
    expect(shown.mcpServers.tandem.args.slice(-3)).toEqual(['mcp', '--workspace', server.workspace]);
    expect(await page.getByTestId('claude-config-state').innerText()).toContain('has no Tandem entry yet');
    // The browser tab has no file manager to hand the bundle to: it shows where it is.
    if (existsSync(join(__dirname, '..', 'dist', 'tandem.mcpb'))) expect(await page.getByTestId('claude-bundle-path').innerText()).toMatch(/dist\/tandem\.mcpb$/);
    expect(await page.getByTestId('claude-bundle-open').count()).toBe(0);

    await page.getByTestId('claude-config-write').click();
    await eventually(() => page.getByTestId('claude-connect-message').innerText()).toMatch(/^Written to .*claude_desktop_config\.json \(the previous file is kept as .*\.bak\)/);
    const written = JSON.parse(readFileSync(configFile, 'utf8'));
    expect(written.theme).toBe('dark');
    expect(written.mcpServers.files).toEqual({ command: 'npx', args: ['-y', 'files'] });
    expect(written.mcpServers.tandem).toEqual(shown.mcpServers.tandem);
    const backups = readdirSync(join(configDir, 'Claude')).filter((name) => name.endsWith('.bak'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(configDir, 'Claude', backups[0]), 'utf8')).toBe(before);
    await eventually(() => page.getByTestId('claude-config-state').innerText()).toContain('already has this entry');
    mkdirSync(join(__dirname, '..', 'test-results'), { recursive: true });
    await page.screenshot({ path: join(__dirname, '..', 'test-results', 'connect-claude-desktop.png') });
    expect(await page.getByTestId('claude-config-write').isDisabled()).toBe(true);

    // A file Claude Desktop's own editing left broken is never overwritten.
    writeFileSync(configFile, '{ "mcpServers": ');
    await page.getByTestId('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('connect-claude-open').click();
    await eventually(() => page.getByTestId('claude-config-state').innerText()).toContain('is not valid JSON and will not be touched');
    expect(await page.getByTestId('claude-config-write').isDisabled()).toBe(true);
    expect(readFileSync(configFile, 'utf8')).toBe('{ "mcpServers": ');
    expectNoPageErrors(tab);
  });
});
