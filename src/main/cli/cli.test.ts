/** The command line itself: help, mistakes (exit code 2 with a code and a `try:` line), mcp-config. */
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeConfigDir } from './paths';
import { Harness, TANDEM_BIN } from './test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

describe('tandem command line', () => {
  it('lists the commands, and each command has --help', async () => {
    const overview = await harness.run(['--help']);
    expect(overview.code).toBe(0);
    for (const name of ['serve', 'mcp', 'mcp-config']) expect(overview.stdout).toContain(`  ${name} `);
    for (const name of ['serve', 'mcp', 'mcp-config']) {
      const help = await harness.run([name, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`usage: tandem ${name}`);
      expect(help.stdout).toContain('--workspace DIR');
    }
  });

  it('refuses an unknown command with exit code 2, a code and a try: line', async () => {
    const result = await harness.run(['srve']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "srve", did you mean "serve"?');
    expect(result.stderr).toContain('[unknown_command]');
    expect(result.stderr).toContain('  try: tandem serve --help');
  });

  it('refuses unknown options, bad ports and unknown toolsets with exit code 2', async () => {
    const ws = harness.tempWorkspace();
    const typo = await harness.run(['serve', '--workspace', ws, '--prot', '8080']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown option --prot, did you mean --port?');
    expect(typo.stderr).toContain('[unknown_option]');
    expect(typo.stderr).toContain(`try: tandem serve --workspace ${ws} --port 8080`);

    const port = await harness.run(['serve', '--workspace', ws, '--port', 'eighty']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('[bad_port]');

    const toolset = await harness.run(['mcp', '--workspace', ws, '--toolsets', 'drawio,midy']);
    expect(toolset.code).toBe(2);
    expect(toolset.stderr).toContain('unknown toolset "midy"; toolsets: drawio');
    expect(toolset.stderr).toContain('try: --toolsets drawio');
    expect(toolset.stdout).toBe('');

    const stray = await harness.run(['mcp-config', 'extra']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('[unexpected_argument]');
  });

  it('prints the Claude Desktop entry with absolute paths', async () => {
    const result = await harness.run(['mcp-config', '--workspace', 'relative/ws'], { HOME: '/home/someone', XDG_CONFIG_HOME: '' });
    expect(result.code).toBe(0);
    const config = JSON.parse(result.stdout);
    expect(config).toEqual({
      mcpServers: {
        tandem: { command: process.execPath, args: [TANDEM_BIN, 'mcp', '--workspace', resolve('relative/ws')] },
      },
    });
    expect(result.stderr).toContain(join(claudeConfigDir(process.platform, { HOME: '/home/someone' }).replace(homedir(), '/home/someone'), 'claude_desktop_config.json'));
  });

  it('knows where Claude Desktop keeps its config on each OS', () => {
    expect(claudeConfigDir('darwin')).toMatch(/Library\/Application Support\/Claude$/);
    expect(claudeConfigDir('win32', { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' })).toBe(join('C:\\Users\\me\\AppData\\Roaming', 'Claude'));
    expect(claudeConfigDir('linux', { XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/Claude');
    expect(claudeConfigDir('linux', {})).toMatch(/\.config\/Claude$/);
  });

  it('refuses a workspace path that is a file with a one-line error, not a stack', async () => {
    const ws = harness.tempWorkspace();
    const file = join(ws, 'not-a-dir');
    writeFileSync(file, 'x');
    const result = await harness.run(['serve', '--workspace', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^tandem serve: .*not-a-dir.* \[io_error\]\n {2}try: /);
    expect(result.stderr).not.toContain('    at ');
  });
});
