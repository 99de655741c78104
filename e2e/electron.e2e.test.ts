/**
 * The Electron app end to end (Playwright's `_electron` driving the BUILT app, out/main/index.js):
 * the window opens, `window.tandem` is exactly the TandemApi and the page has no Node, a person's
 * edit through it is history attributed to `person`, and the app takes a workspace over from a
 * running `tandem serve` without losing the AI's edit.
 *
 * It needs the Electron binary, a display, the better-sqlite3 addon built for Electron
 * (`npm run rebuild:electron`) and the build. Where any is missing the suite is reported SKIPPED,
 * with the reason in its name and on the console; it never passes without running.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ElectronApplication, type Page, _electron as electron } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { version } from '../package.json';
import { readInstallRecord } from '../src/main/core/install-record';
import type { ApiAnswer, StudioInfo } from '../src/shared/tandem-api';
import { Harness, REPO_ROOT, readEndpointFile, textOf } from '../src/main/cli/test-harness';
import { waitFor } from '../src/main/mcp/test-fixtures';
import { electronSqliteBindingPath, findElectronBinary, hasDisplay } from '../scripts/launch-decision.mjs';

// As the preload exposes them (src/preload/index.test.ts holds the same list).
const TANDEM_API_KEYS = ['appearance', 'asset', 'callTool', 'chooseAppearance', 'connectClaudeDesktop', 'describeClaudeDesktop', 'describeExample', 'dismissWelcome', 'info', 'listFiles', 'mutate', 'onChange', 'onPresence', 'openClaudeBundle', 'openExample', 'openSite', 'pickExampleFolder', 'pickFile', 'query', 'reportPresence', 'session', 'snapshot'];

const electronBinary = findElectronBinary(REPO_ROOT);
function whyNotRunnable(): string | undefined {
  if (!electronBinary.found) return `no Electron binary: ${electronBinary.reason}`;
  if (!hasDisplay()) return 'no display: set DISPLAY or WAYLAND_DISPLAY (for example run under xvfb-run)';
  if (!existsSync(electronSqliteBindingPath(REPO_ROOT))) return 'better-sqlite3 is not built for Electron: run npm run rebuild:electron';
  if (!existsSync(join(REPO_ROOT, 'out', 'main', 'index.js'))) return 'the app is not built: run npm run build';
  return undefined;
}
const skipReason = whyNotRunnable();
if (skipReason) console.log(`SKIPPED: the Electron e2e suite (${skipReason})`);

interface RunningApp {
  app: ElectronApplication;
  page: Page;
  stderr: () => string;
  /** Its config folder (TANDEM_CONFIG_DIR): where it writes its install record. */
  configDir: string;
}

const harness = new Harness();
const running: RunningApp[] = [];
const configDirs: string[] = [];

/** Starts the built app on `workspace`, with a data folder of its own, and waits for window.tandem!. */
async function launchApp(workspace: string): Promise<RunningApp> {
  if (!electronBinary.found) throw new Error('no Electron binary');
  const configDir = mkdtempSync(join(tmpdir(), 'tandem-electron-config-'));
  configDirs.push(configDir);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE' && key !== 'ELECTRON_RENDERER_URL') env[key] = value;
  }
  env.XDG_CONFIG_HOME = configDir;
  // Its install record in a folder of its own, not the one this run's `tandem serve` cores share.
  env.TANDEM_CONFIG_DIR = join(configDir, 'tandem');
  // Chromium refuses to start as root with its OS sandbox; the renderer stays sandboxed by Electron.
  const rootOnly = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const app = await electron.launch({
    executablePath: electronBinary.path,
    args: [...rootOnly, REPO_ROOT, '--workspace', workspace],
    env,
    timeout: 60_000,
  });
  let stderr = '';
  app.process().stderr?.on('data', (chunk) => (stderr += chunk));
  const entry: RunningApp = { app, page: await app.firstWindow(), stderr: () => stderr, configDir: env.TANDEM_CONFIG_DIR };
  running.push(entry);
  await entry.page.waitForFunction(() => typeof window.tandem === 'object', undefined, { timeout: 30_000 });
  return entry;
}

afterEach(async () => {
  for (const { app } of running.splice(0)) await app.close().catch(() => undefined);
  await harness.cleanup();
});

afterAll(() => {
  for (const dir of configDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skipReason !== undefined)(`Electron app${skipReason ? ` (SKIPPED: ${skipReason})` : ''}`, () => {
  it('opens the window; window.tandem is exactly the TandemApi and the page has no Node', async () => {
    const workspace = harness.tempWorkspace('electron');
    const { page } = await launchApp(workspace);

    const surface = await page.evaluate(() => ({
      keys: Object.keys(window.tandem!).sort(),
      types: Object.values(window.tandem!).map((value) => typeof value),
      require: typeof (globalThis as Record<string, unknown>).require,
      process: typeof (globalThis as Record<string, unknown>).process,
      module: typeof (globalThis as Record<string, unknown>).module,
      Buffer: typeof (globalThis as Record<string, unknown>).Buffer,
      ipcRenderer: typeof (globalThis as Record<string, unknown>).ipcRenderer,
      electron: typeof (globalThis as Record<string, unknown>).electron,
    }));
    expect(surface.keys).toEqual(TANDEM_API_KEYS);
    expect(new Set(surface.types)).toEqual(new Set(['function']));
    expect(surface).toMatchObject({ require: 'undefined', process: 'undefined', module: 'undefined', Buffer: 'undefined', ipcRenderer: 'undefined', electron: 'undefined' });

    const info = await page.evaluate(() => window.tandem!.info());
    expect(info).toEqual<StudioInfo>({ workspace: realpathSync(workspace), domains: expect.arrayContaining(['drawio']), toolDomains: [], host: 'electron' });

    // The page cannot navigate away from the renderer (to a port where nothing listens, should the guard fail).
    const before = page.url();
    await page.evaluate(() => {
      window.location.href = 'http://127.0.0.1:9/';
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(page.url()).toBe(before);
  });

  it("records a person's edit through window.tandem in history, and answers bad input with a code", async () => {
    const workspace = harness.tempWorkspace('electron');
    const { page } = await launchApp(workspace);

    const { answer, events } = await page.evaluate(async () => {
      const seen: { origin: string; kind: string; ops?: string[] }[] = [];
      const unsubscribe = window.tandem!.onChange((event) => seen.push({ origin: event.origin, kind: event.kind, ops: event.ops }));
      const result = await window.tandem!.mutate('drawio', ['add svc Billing theme:blue']);
      await new Promise((r) => setTimeout(r, 300));
      unsubscribe();
      return { answer: result, events: seen };
    });
    expect(answer.isError).toBe(false);
    expect(answer.text).toContain('Billing');
    expect(events).toContainEqual({ origin: 'person', kind: 'batch', ops: ['add svc Billing theme:blue'] });

    const history = await page.evaluate(() => window.tandem!.query('drawio', 'history 5'));
    expect(history.text).toMatch(/#\d+ person batch: add svc Billing theme:blue/);

    const refusal = await page.evaluate(() =>
      window.tandem!.mutate('drawio', 'add svc X' as unknown as string[]).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(refusal).toMatchObject({ code: 'bad_request', message: expect.stringContaining('ops') });
  });

  it('keeps the theme switch\'s choice in the config folder over its own channel, and refuses a theme it does not know', async () => {
    const workspace = harness.tempWorkspace('electron-appearance');
    const { page, configDir } = await launchApp(workspace);
    expect(await page.evaluate(() => window.tandem!.appearance())).toEqual({ theme: 'system' });
    await page.getByTestId('theme-switch').selectOption('dark');
    await waitFor(() => existsSync(join(configDir, 'appearance.json')) && readFileSync(join(configDir, 'appearance.json'), 'utf8').includes('"dark"'), 10_000);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const refusal = await page.evaluate(() => window.tandem!.chooseAppearance('sepia' as 'dark').then(() => undefined, (error: unknown) => error));
    expect(refusal).toMatchObject({ code: 'bad_request', message: expect.stringContaining('theme') });
    expect(JSON.parse(readFileSync(join(configDir, 'appearance.json'), 'utf8'))).toEqual({ theme: 'dark' });
  });

  it('records how to start it for the Claude Desktop bundle, and Connect Claude Desktop offers the bundle to open or show', async () => {
    const workspace = harness.tempWorkspace('electron-claude');
    const { page, configDir } = await launchApp(workspace);
    // The bundle's bridge starts the studio from this record (with --workspace DIR added).
    const found = readInstallRecord({ TANDEM_CONFIG_DIR: configDir });
    if (!('record' in found)) throw new Error(`no install record: ${found.file} (${found.problem})`);
    expect(found.record).toMatchObject({ version, args: [REPO_ROOT] });
    expect(realpathSync(found.record.command)).toBe(realpathSync(electronBinary.found ? electronBinary.path : ''));

    await page.getByTestId('connect-claude-open').click();
    await page.getByTestId('claude-bundle-open').waitFor();
    expect(await page.getByTestId('claude-bundle-path').innerText()).toBe(join(REPO_ROOT, 'dist', 'tandem.mcpb'));
    // "Show in folder" hands the path to the system's file manager; a mode that is neither is refused with a code.
    expect(await page.evaluate(() => window.tandem!.openClaudeBundle!('reveal'))).toBeUndefined();
    const refusal = await page.evaluate(() => window.tandem!.openClaudeBundle!('delete' as 'open').then(() => undefined, (error: unknown) => error));
    expect(refusal).toMatchObject({ code: 'bad_request' });
  });

  it('takes the workspace over from tandem serve: serve exits, the AI edit is there, the bridge goes on', async () => {
    const workspace = harness.tempWorkspace('takeover');
    const serve = await harness.serve(workspace);
    const bridge = await harness.bridgeClient(workspace, 'claude-e2e');
    const edit = await bridge.client.callTool({ name: 'drawio', arguments: { ops: ['add svc Legacy theme:green'] } });
    expect(textOf(edit)).toContain('Legacy');

    const { app, page } = await launchApp(workspace);
    const serveExit = await Promise.race([serve.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(serveExit).toBe(0);

    const described: ApiAnswer = await page.evaluate(() => window.tandem!.query('drawio', 'history 5'));
    expect(described.text).toContain('claude-e2e batch: add svc Legacy theme:green');
    const appPid = app.process().pid;
    expect(readEndpointFile(workspace)?.pid).toBe(appPid);

    // The bridge's MCP session goes on against the app's core and sees the person's edits.
    await page.evaluate(() => window.tandem!.mutate('drawio', ['add db Ledger near:Legacy dir:right']));
    const history = await waitFor(
      async () => {
        const text = textOf(await bridge.client.callTool({ name: 'drawio_query', arguments: { q: 'history 5' } }).catch(() => undefined));
        return text.includes('person batch: add db Ledger') ? text : undefined;
      },
      20_000,
      'the bridge to reach the app core',
    );
    expect(history).toContain('claude-e2e batch: add svc Legacy theme:green');

    // Quitting closes the core first: the workspace lock is released.
    await app.close();
    running.splice(0);
    expect(existsSync(join(workspace, '.tandem', 'core.lock')) ? readFileSync(join(workspace, '.tandem', 'core.lock'), 'utf8') : 'released').toBe('released');
  });
});
