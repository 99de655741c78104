/**
 * The playback harness (e2e/playback): the studio's real player in a page of its own, built with
 * Vite and served by a real studio host as its renderer, so the page gets the studio's CSP, its
 * SoundFont route and its WebSocket API on one origin. Used by the playback e2e tests and the
 * playback benchmark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import type { MidiRecord } from '../../src/shared/midi/records';
import { Workspace } from '../../src/main/core/workspace';
import { type StudioHost, startStudioHost } from '../../src/main/host/studio-host';
import type { Disposables } from './disposables';
import { REPO_ROOT, tempWorkspace } from './studio-server';

/** Builds the harness page into a temporary folder (removed by `disposables`); answers the folder. */
export async function buildPlaybackHarness(disposables: Disposables): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'tandem-playback-harness-'));
  disposables.track(outDir, `harness build ${outDir}`, (dir) => rmSync(dir, { recursive: true, force: true }));
  await build({
    configFile: false,
    root: join(REPO_ROOT, 'e2e', 'playback'),
    base: './',
    logLevel: 'warn',
    // No modulepreload polyfill: Chromium needs none, and it does not resolve when Vite runs under tsx (the bench).
    // No asset inlined as a data: URL (the level meter's worklet would be): the studio's CSP loads only its own files.
    build: { outDir, emptyOutDir: true, minify: false, reportCompressedSize: false, modulePreload: { polyfill: false }, assetsInlineLimit: 0 },
  });
  return outDir;
}

export interface PlaybackHarness {
  host: StudioHost;
  page: Page;
  token: string;
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

/** A studio host on a fresh workspace serving the harness, and a tab showing it with the player loaded on `records`. */
export async function openPlaybackHarness(
  disposables: Disposables,
  context: BrowserContext,
  harnessDir: string,
  records: MidiRecord[],
  options: { workspace?: string; soundFont?: string } = {},
): Promise<PlaybackHarness> {
  const workspace = options.workspace ?? tempWorkspace(disposables, 'playback');
  // No worker started ahead: the harness opens no file, and on two cores a worker starting as the
  // page plays starved its audio thread (a note sounded late into a window meant to be silent).
  const host = await startStudioHost({ workspaceDir: workspace, rendererDir: harnessDir, warmOffload: false });
  disposables.track(host, 'playback studio host', (h) => h.close());
  const token = Workspace.readEndpoint(workspace)!.token;
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  await page.goto(`${host.url}/`);
  await page.waitForFunction(() => window.playback !== undefined);
  await page.evaluate(([t, r, soundFont]) => window.playback.load(t, r, { soundFont }), [token, records, options.soundFont] as const);
  return { host, page, token, pageErrors };
}
