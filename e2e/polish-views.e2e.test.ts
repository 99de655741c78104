/**
 * Every view as a person sees it (issue 24), full of real content while an AI edits: the diagram
 * and the song from the corpora, a busy board of 40+ cards, a big C4 project, a test dashboard
 * with no Docker engine, the context rules. Each view is screenshot at 1280x800 and 1920x1080 into
 * test-results/polish-*.png and checked with element boxes (support/layout-checks.ts): chips
 * inside what they label, names whole or ellipsed with a tooltip, nothing wider than the window,
 * every button named, a focus ring where Tab goes. Then what each view was fixed for.
 */
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generatedProject } from '../src/main/domains/architecture/fixture';
import { readProjectKey } from '../src/main/domains/context/project-key';
import { corpusPath } from '../src/main/testing/corpora';
import type { AiClient } from './support/ai-client';
import { expectChipsInside, expectFocusRingsOnTab, expectNamesShown, lookAtEverySize } from './support/layout-checks';
import { openMusic, rollFrame } from './support/music';
import { AI_ORIGIN, eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const { startStudio } = useStudios();
/** A view full of content on a loaded 2-core machine: D2's first render alone takes seconds. */
const VIEW_TEST_MS = 240_000;
const SLOW_MS = 90_000;
const slowly = <T>(probe: () => Promise<T> | T) => expect.poll(probe, { timeout: SLOW_MS, interval: 100 });

/** A tool's answer as text; fails the test on an error answer. */
async function call(ai: AiClient, tool: string, args: Record<string, unknown>): Promise<string> {
  const result: CallToolResult = await ai.callTool(tool, args);
  const text = (result.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  if (result.isError) throw new Error(`${tool}(${JSON.stringify(args)}) answered an error: ${text}`);
  return text;
}

async function openView(page: Page, domain: string, view: string): Promise<void> {
  await page.getByTestId(`domain-${domain}`).click();
  await page.getByTestId(view).waitFor({ state: 'visible' });
}

/** The boxes of two elements overlap. */
async function overlapping(page: Page, a: string, b: string): Promise<boolean> {
  const [boxA, boxB] = [await page.getByTestId(a).first().boundingBox(), await page.getByTestId(b).first().boundingBox()];
  if (!boxA || !boxB) return false;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

describe('every view, full, at the sizes people use', () => {
  it('the diagram: a corpus C4 diagram the AI edits', { timeout: VIEW_TEST_MS }, async () => {
    const { server, ai, openTab } = await startStudio();
    mkdirSync(join(server.workspace, 'diagrams'));
    copyFileSync(corpusPath('drawio', 'blog-C4.drawio'), join(server.workspace, 'diagrams', 'c4.drawio'));
    await ai.session('open diagrams/c4.drawio');
    await ai.drawio(['add svc AuthService', 'add db Sessions', 'connect AuthService -> Sessions label:"reads"']);
    const tab = await openTab();
    const { page } = tab;
    await page.locator('[data-testid^="shape-"]').first().waitFor();
    await lookAtEverySize(page, 'diagram');
    await expectFocusRingsOnTab(page);
    expectNoPageErrors(tab);
  });

  it('music: a corpus song of many instruments, named as General MIDI names them; a picked track brings its notes into view', { timeout: VIEW_TEST_MS }, async () => {
    const { server, ai, openTab } = await startStudio();
    copyFileSync(corpusPath('midi', 'avgvst-MarchOfHope.mid'), join(server.workspace, 'march.mid'));
    await ai.midiSession('open march.mid');
    // A track of our own whose notes lie far from the start and high up: only a scroll shows them.
    await ai.midi(['track add Sparkle instrument:tinkle-bell', 'note Sparkle C7 at:40.1 dur:quarter', 'note Sparkle E7 at:40.2 dur:quarter', 'track add Kit instrument:tr-808-kit', 'note Kit kick at:1.1']);
    const tab = await openTab();
    const { page } = tab;
    await openMusic(page);
    const view = page.getByTestId('music-view');

    // Instruments by their General MIDI names, a channel-10 track by its kit; none cut without a tooltip.
    const instruments = await view.getByTestId('track-instrument').allInnerTexts();
    expect(instruments).toContain('Tinkle Bell');
    expect(instruments).toContain('TR-808 Kit');
    expect(instruments).toContain('French Horn');
    expect(instruments.filter((name) => /^[a-z0-9-]+$/.test(name))).toEqual([]);
    await expectNamesShown(view.locator('.track-instrument, .track-name'));

    // Picking the track brings its notes into view; the AI's selection query describes it.
    const notesOf = async () => (await rollFrame(page)).notes.length;
    await view.getByTestId('track-Sparkle').click();
    await eventually(notesOf).toBe(2);
    await eventually(() => ai.midiQuery('selection')).toMatch(/track Sparkle \(@selected: all 2 notes\)\n\s+Sparkle ch:\d+ tinkle-bell \(2 notes\)\n\s+notes from 40\.1 to 40\.3, C7 to E7/);
    // The AI's read marks the picked row: its name stays whole beside the chip.
    await view.getByTestId('track-Sparkle').getByTestId('read-mark').waitFor();
    expect(await view.getByTestId('track-Sparkle').locator('.track-name').evaluate((name) => name.scrollWidth <= name.clientWidth + 1)).toBe(true);
    expect(await expectChipsInside(view.locator('.track-row'), '.read-chip, .origin-chip')).toBeGreaterThan(0);

    await lookAtEverySize(page, 'music', async () => {
      await eventually(notesOf).toBe(2);
    });
    await expectFocusRingsOnTab(page);
    expectNoPageErrors(tab);
  });

  it('tasks: a busy board of 42 cards the AI adds and edits; one chip per actor, inside its card', { timeout: VIEW_TEST_MS }, async () => {
    const { ai, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;
    await openView(page, 'tasks', 'tasks-view');
    const priorities = ['high', 'medium', 'low'];
    const ids: string[] = [];
    for (let i = 0; i < 42; i++) {
      const description = i % 7 === 0 ? `A long card ${i}: migrate the authentication service to the new session store without downtime` : `Card ${i}`;
      const answer = JSON.parse(await call(ai, 'add_todo', { description, priority: priorities[i % 3], tags: i % 4 === 0 ? ['backend', 'needs-review'] : [] }));
      ids.push(answer.todo.id);
    }
    // The person checks two off; the AI edits a few more while the board shows.
    const cards = page.locator('[data-testid="todo-card"]');
    await eventually(() => cards.count()).toBe(42);
    await page.locator(`[data-testid="todo-card"][data-todo-id="${ids[1]}"] [data-testid="todo-done"]`).click();
    for (const id of ids.slice(0, 6)) await call(ai, 'update_todo', { todo_id: id, priority: 'high' });
    await page.locator('[data-testid="change-highlight"]').first().waitFor();

    // One chip per actor on each card, and each chip inside its card (the top cards of a lane included).
    const chipTexts = await cards.evaluateAll((elements) => elements.map((card) => [...card.querySelectorAll('.origin-chip')].map((chip) => (chip as HTMLElement).innerText)));
    for (const chips of chipTexts) expect(new Set(chips).size).toBe(chips.length);
    expect(chipTexts.flat()).toContain(AI_ORIGIN);
    expect(await expectChipsInside(cards, '.origin-chip, .tag-chip, .due-chip, .link-chip')).toBeGreaterThan(42);

    await lookAtEverySize(page, 'tasks', async () => {
      expect(await expectChipsInside(cards, '.origin-chip')).toBeGreaterThanOrEqual(42);
    });
    await expectFocusRingsOnTab(page);
    expectNoPageErrors(tab);
  });

  it('test env: no Docker engine says so, where it looked, and keeps Build shut; the folder follows the project shown; a toast covers no hint', { timeout: VIEW_TEST_MS }, async () => {
    const { server, ai, openTab } = await startStudio({ env: { DOCKER_HOST: 'unix:///nonexistent/tandem-no-engine.sock' } });
    const tab = await openTab();
    const { page } = tab;
    await openView(page, 'testenv', 'testenv-view');
    const notice = page.getByTestId('testenv-engine');
    await slowly(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toContain('unix:///nonexistent/tandem-no-engine.sock (DOCKER_HOST)');

    // A refusal's toast does not cover the empty dashboard's hint.
    await page.getByTestId('testenv-folder').fill('no-such-folder');
    await page.getByTestId('testenv-init').click();
    await page.getByTestId('toast').waitFor();
    expect(await overlapping(page, 'toast', 'testenv-empty')).toBe(false);
    await lookAtEverySize(page, 'testenv-empty');

    // Two projects: Build is shut with the reason; the folder field shows the project on screen.
    for (const name of ['shop', 'blog']) {
      mkdirSync(join(server.workspace, name));
      writeFileSync(join(server.workspace, name, 'e2e.yaml'), `version: 1\nproject: {name: ${name}}\nservices:\n  - name: api\n    image: busybox\ntests:\n  suites:\n    - {id: smoke, name: Smoke, runner: yaml, file: smoke.yaml}\n`);
      await call(ai, 'preflight_init', { projectPath: name });
    }
    const build = page.getByTestId('testenv-build');
    await eventually(() => page.getByTestId('project-select').locator('option').count()).toBe(2);
    expect(await build.isDisabled()).toBe(true);
    expect(await build.getAttribute('title')).toMatch(/^build: no Docker engine answers at unix:\/\/\/nonexistent\/tandem-no-engine\.sock \(DOCKER_HOST\)/);
    expect(await page.getByTestId('testenv-setup').isDisabled()).toBe(true);
    expect(await page.getByTestId('testenv-clean').isEnabled()).toBe(true);
    const folder = page.getByTestId('testenv-folder');
    await page.getByTestId('project-select').selectOption({ label: 'blog' }).catch(() => page.getByTestId('project-select').selectOption(join(server.workspace, 'blog')));
    await eventually(() => folder.inputValue()).toBe(join(server.workspace, 'blog'));
    await page.getByTestId('project-select').selectOption(join(server.workspace, 'shop'));
    await eventually(() => folder.inputValue()).toBe(join(server.workspace, 'shop'));

    await lookAtEverySize(page, 'testenv');
    await expectFocusRingsOnTab(page);
    expectNoPageErrors(tab);
  });

  it('architecture: a big C4 project the AI changes and reads; the selected row keeps its name, the diagram fits its frame and zooms', { timeout: VIEW_TEST_MS }, async () => {
    const { server, ai, openTab } = await startStudio();
    cpSync(corpusPath('loko', 'serverless'), join(server.workspace, 'architecture'), { recursive: true });
    // Eight generated systems of four containers of three components beside it: a big project.
    for (const [path, text] of Object.entries(generatedProject(8, 4, 3))) {
      if (!path.startsWith('src/')) continue;
      mkdirSync(join(server.workspace, 'architecture', path, '..'), { recursive: true });
      writeFileSync(join(server.workspace, 'architecture', path), text);
    }
    await call(ai, 'query_project', {});
    const tab = await openTab();
    const { page } = tab;
    await openView(page, 'architecture', 'architecture-view');
    await page.getByTestId('arch-load-state').waitFor({ state: 'detached' });
    const system = page.getByTestId('arch-node-order-processing');
    await system.click();

    // The AI describes it and reads it: both chips on the selected row, its name still whole.
    await call(ai, 'update_element', { target: 'order-processing', description: 'Serverless order processing system handling order creation, payment processing, and fulfillment' });
    await call(ai, 'query_architecture', { scope: 'system', target: 'order-processing' });
    await system.locator('[data-testid="read-mark"]').waitFor();
    await expectNamesShown(page.getByTestId('arch-node-name'));
    const name = system.getByTestId('arch-node-name');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    expect(await expectChipsInside(page.locator('.arch-node'), '.origin-chip, .read-chip')).toBeGreaterThan(0);

    // The description shows the name and the description once each.
    const description = await page.getByTestId('arch-description').innerText();
    expect(description.split('Order Processing API').length - 1).toBe(0);
    expect(description.split('Serverless order processing system handling').length - 1).toBe(1);

    // The diagram fills its frame (fitted: one side at 94% of the frame), and zooms and pans like the canvas.
    const diagram = page.getByTestId('arch-diagram');
    await slowly(() => diagram.locator('img').count()).toBe(1);
    const fitted = async () => {
      const [frame, picture] = [await diagram.locator('.pan-zoom-frame').boundingBox(), await diagram.locator('img').boundingBox()];
      return Math.max(picture!.width / frame!.width, picture!.height / frame!.height);
    };
    await eventually(fitted).toBeGreaterThan(0.9);
    const scale = async () => Number(await diagram.getAttribute('data-scale'));
    const before = await scale();
    const frameBox = (await diagram.locator('.pan-zoom-frame').boundingBox())!;
    await page.mouse.move(frameBox.x + frameBox.width / 2, frameBox.y + frameBox.height / 2);
    await page.mouse.wheel(0, -300);
    await eventually(scale).toBeGreaterThan(before * 1.5);
    await page.getByTestId('arch-diagram-fit').click();
    await eventually(scale).toBeCloseTo(before, 2);
    await diagram.locator('.pan-zoom-frame').focus();
    await page.keyboard.press('+');
    await eventually(scale).toBeGreaterThan(before);
    await page.keyboard.press('0');
    await eventually(scale).toBeCloseTo(before, 2);

    await lookAtEverySize(page, 'architecture', async () => {
      await eventually(fitted).toBeGreaterThan(0.9);
    });
    await expectFocusRingsOnTab(page);
    expectNoPageErrors(tab);
  });

  it('context: the rules and the manifest of a workspace with a state file', { timeout: VIEW_TEST_MS }, async () => {
    const { server, ai, openTab } = await startStudio();
    copyFileSync(join(REPO_ROOT, 'src', 'main', 'domains', 'context', 'fixtures', 'logic64-state.json'), join(server.workspace, 'logic64-state.json'));
    const key = readProjectKey(server.workspace)!;
    const tab = await openTab();
    const { page } = tab;
    await openView(page, 'context', 'context-view');
    await page.getByTestId('context-load-state').waitFor({ state: 'detached' });
    // The AI reads the map and asks for two blueprints: the manifest and the log fill.
    await ai.callTool('get_initial_context', { project_api_key: key });
    await ai.callTool('ask_cortex', { intent: 'Manage the cart with Redux Toolkit', project_api_key: key });
    await ai.callTool('ask_cortex', { intent: 'Add a comments section to the project page', project_api_key: key });
    await eventually(() => page.getByTestId('blueprint-entry').count()).toBe(2);
    await eventually(() => page.getByTestId('context-manifest').innerText()).toContain('BinaaTrack SaaS');
    await lookAtEverySize(page, 'context');
    await expectFocusRingsOnTab(page);
    expectNoPageErrors(tab);
  });
});
