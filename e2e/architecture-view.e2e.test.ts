/**
 * The Architecture view end to end (issue 10): a real `tandem serve` (D2 in its own process), a
 * real MCP client on its HTTP endpoint (the AI) and Debian's Chromium (the person), on one loko
 * project. The AI draws, the view shows it rendered; the person edits the D2 and the AI reads the
 * new source; a broken D2 shows at its line and writes nothing; validation findings lead to their
 * element; the person describes, renames and (once confirmed) deletes an element; the docs build
 * shows its progress and ends with the site openable; a loko.toml broken by hand shows in the view
 * and refuses the AI's calls with its line until it is fixed.
 *
 * D2's WASM takes seconds to warm on a busy machine: every wait is on a condition, with room.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AiClient } from './support/ai-client';
import { AI_ORIGIN, eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';
import { watchAttribute } from './support/testenv';

const { startStudio } = useStudios();
/** D2's first render after the core starts (WASM load and warm-up) on a loaded 2-core machine. */
const D2_TIMEOUT_MS = 30_000;
const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'architecture.png');

function waitLong<T>(probe: () => Promise<T> | T) {
  return expect.poll(probe, { timeout: D2_TIMEOUT_MS, interval: 50 });
}

/** The architecture tool's answer as data; fails the test on an error answer. */
async function arch<T = any>(ai: AiClient, tool: string, args: Record<string, unknown>): Promise<T> {
  const result: CallToolResult = await ai.callTool(tool, args);
  const text = (result.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  if (result.isError) throw new Error(`${tool}(${JSON.stringify(args)}) answered an error: ${text}`);
  return JSON.parse(text) as T;
}

/** The SVG markup an <img> of the view shows (a data: URL), or '' while there is none. */
async function shownSvg(image: Locator): Promise<string> {
  if ((await image.count()) === 0) return '';
  const src = (await image.getAttribute('src')) ?? '';
  return src.startsWith('data:image/svg+xml') ? decodeURIComponent(src.slice(src.indexOf(',') + 1)) : '';
}

const node = (page: Page, key: string) => page.getByTestId(`arch-node-${key}`);

async function openArchitecture(page: Page): Promise<Locator> {
  await page.getByTestId('domain-architecture').click();
  const view = page.getByTestId('architecture-view');
  await view.waitFor({ state: 'visible' });
  await page.getByTestId('arch-load-state').waitFor({ state: 'detached' });
  return view;
}

describe('the Architecture view: the AI over MCP and a person in the browser, on one loko project', () => {
  it('shows what the AI draws, lets the person edit the D2 live, validate, and build and open the docs', async () => {
    const { ai, server, context, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;
    const view = await openArchitecture(page);

    // No project yet: the person creates one from the view.
    await view.getByTestId('arch-no-project').waitFor();
    await view.getByTestId('arch-init').click();
    await page.getByTestId('arch-init-name').fill('Payments Platform');
    await page.getByTestId('dialog-confirm').click();
    await waitLong(() => view.getByTestId('arch-title').innerText()).toBe('Payments Platform');
    await view.getByTestId('arch-tree-empty').waitFor();

    // The AI creates a system and draws it: the tree shows it (with the AI's name for a moment), the view its rendered diagram.
    await arch(ai, 'create_system', { system_name: 'Payments', description: 'Takes card payments' });
    await node(page, 'Payments').waitFor();
    const drawn = 'gateway: Card Gateway\nledger: Ledger Store\ngateway -> ledger: records';
    await arch(ai, 'update_diagram', { scope: 'system', target: 'Payments', d2_code: drawn });
    await node(page, 'Payments').click();
    await eventually(() => view.getByTestId('arch-element-name').innerText()).toBe('Payments');
    await waitLong(() => shownSvg(view.getByTestId('arch-diagram').locator('img'))).toContain('Card Gateway');
    const svg = await shownSvg(view.getByTestId('arch-diagram').locator('img'));
    expect(svg).toContain('Ledger Store');
    expect(svg).toContain('records');
    expect(await view.getByTestId('arch-description').innerText()).toContain('Takes card payments');
    await view.locator(`[data-testid="activity-item"][data-origin="${AI_ORIGIN}"]`).first().waitFor();
    // An update that changes nothing is in the activity too, saying so (not hidden behind the edit before it).
    await arch(ai, 'update_element', { target: 'Payments', description: 'Takes card payments' });
    await eventually(() => view.getByTestId('activity-item').first().innerText()).toContain('no change');
    expect(await view.getByTestId('activity-item').first().innerText()).toContain('update_element Payments');

    // The AI sees what the person selected, and the person sees what the AI reads.
    await eventually(async () => (await arch(ai, 'query_project', {})).selected_by_person).toBe('Payments');
    const marks = await watchAttribute(page, 'read-mark', 'data-origin');
    const before = await arch(ai, 'query_architecture', { scope: 'system', target: 'Payments', detail: 'full' });
    expect(before.system.diagram.d2).toBe(drawn);
    await eventually(marks).toContain(AI_ORIGIN);

    // The person edits the D2: the preview follows the typing, Save writes it, the AI reads it.
    await view.getByTestId('arch-edit-d2').click();
    const edited = `${drawn}\nfraud: Fraud Check\ngateway -> fraud: screens`;
    await view.getByTestId('d2-text').fill(edited);
    await waitLong(() => shownSvg(view.getByTestId('d2-preview').locator('img'))).toContain('Fraud Check');
    await view.getByTestId('d2-save').click();
    await view.getByTestId('d2-dirty').waitFor({ state: 'detached' });
    await eventually(async () => (await arch(ai, 'query_architecture', { scope: 'system', target: 'Payments', detail: 'full' })).system.diagram.d2).toBe(edited);
    const file = join(server.workspace, 'architecture', 'src', 'Payments', 'system.d2');
    expect(readFileSync(file, 'utf8')).toBe(edited);

    // A broken D2: its error shows at its line, Save is refused, and nothing is written.
    await view.getByTestId('d2-text').fill(`${edited}\nfraud -> \n`);
    await waitLong(() => view.getByTestId('d2-error').getAttribute('data-line')).toBe('6');
    expect(await view.getByTestId('d2-error-line').getAttribute('data-line')).toBe('6');
    await view.getByTestId('d2-save').click();
    await eventually(() => page.getByTestId('toast').innerText()).toContain('INVALID_SYNTAX');
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect((await arch(ai, 'query_architecture', { scope: 'system', target: 'Payments', detail: 'full' })).system.diagram.d2).toBe(edited);
    await page.getByTestId('toast-dismiss').click();
    await view.getByTestId('d2-close').click();

    // Validation: a system without a description is a finding; clicking it goes to that system.
    await arch(ai, 'create_system', { system_name: 'Accounts' });
    await node(page, 'Accounts').waitFor();
    await view.getByTestId('arch-validate').click();
    const finding = view.locator('[data-testid="arch-finding"][data-code="MISSING_DESCRIPTION"]', { hasText: 'Accounts' });
    await waitLong(() => finding.count()).toBeGreaterThan(0);
    await finding.first().click();
    await eventually(() => view.getByTestId('arch-element').getAttribute('data-key')).toBe('Accounts');
    expect(await node(page, 'Accounts').getAttribute('aria-selected')).toBe('true');
    // The tree answers the keyboard like a file tree.
    await node(page, 'Accounts').click();
    await page.keyboard.press('End');
    await eventually(() => view.getByTestId('arch-element').getAttribute('data-key')).toBe('Payments');
    await page.keyboard.press('ArrowUp');
    await eventually(() => view.getByTestId('arch-element').getAttribute('data-key')).toBe('Accounts');

    // The person describes Accounts and renames it; the AI reads both. Then deletes it, once confirmed.
    await view.getByTestId('arch-edit').click();
    await page.getByTestId('arch-edit-name').fill('Customer Accounts');
    await page.getByTestId('arch-edit-description').fill('Keeps who the customers are');
    await page.getByTestId('dialog-confirm').click();
    await eventually(() => view.getByTestId('arch-element-name').innerText()).toBe('Customer Accounts');
    const described = await arch(ai, 'query_architecture', { scope: 'system', target: 'Accounts', detail: 'structure' });
    expect(described.system).toMatchObject({ id: 'Accounts', name: 'Customer Accounts', description: 'Keeps who the customers are' });
    await view.getByTestId('arch-delete').click();
    await page.getByTestId('arch-delete-warning').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('dialog').waitFor({ state: 'detached' });
    expect((await arch(ai, 'query_project', {})).system_count).toBe(2);
    await view.getByTestId('arch-delete').click();
    await page.getByTestId('dialog-confirm').click();
    await node(page, 'Accounts').waitFor({ state: 'detached' });
    expect((await arch(ai, 'query_project', {})).systems.map((s: { id: string }) => s.id)).toEqual(['Payments']);
    await view.getByTestId('arch-element-empty').waitFor();

    // The docs build: its progress shows while it runs, then the site opens, served by the core.
    await node(page, 'Payments').click();
    const progress = await watchAttribute(page, 'arch-build-progress', 'data-total');
    await view.getByTestId('arch-build-docs').click();
    const open = view.getByTestId('arch-open-site');
    await open.waitFor({ timeout: 120_000 });
    expect((await progress()).length).toBeGreaterThan(0);
    await page.screenshot({ path: SCREENSHOT_PATH });
    const [site] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await site.waitForLoadState();
    expect(site.url()).toMatch(new RegExp(`^${server.baseUrl}/site/architecture/[0-9a-f]{32}/architecture%2Fdist/index\\.html$`));
    await eventually(() => site.locator('body').innerText()).toContain('Payments');

    // loko.toml broken in an editor: the view says where, and the AI's calls are refused with the line, until it is fixed.
    const config = join(server.workspace, 'architecture/loko.toml');
    const good = readFileSync(config, 'utf8');
    writeFileSync(config, `${good}\n[d2\n`);
    await eventually(() => view.getByTestId('arch-config-problem').innerText()).toMatch(/^loko\.toml:\d+: /);
    const refused = await ai.callTool('query_project', {});
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content[0] as { text: string }).text).error).toMatchObject({ code: 'INVALID_SYNTAX', message: expect.stringMatching(/^architecture\/loko\.toml:\d+: /) });
    writeFileSync(config, good);
    expect((await arch(ai, 'query_project', {})).systems.map((s: { id: string }) => s.id)).toEqual(['Payments']);
    await view.getByTestId('arch-config-problem').waitFor({ state: 'detached' });
    expectNoPageErrors(tab);
  }, 240_000);

  it("opens a task's architecture: link in the view, at the element it names", async () => {
    const { ai, openTab } = await startStudio();
    await arch(ai, 'init_project', { name: 'Shop' });
    await arch(ai, 'create_system', { system_name: 'Payments' });
    await arch(ai, 'create_container', { system_name: 'Payments', container_name: 'API', type: 'Go' });
    const added = await ai.callTool('add_todo', { description: 'Document the payments API', links: ['architecture:Payments/API'] });
    const todo = (added.structuredContent as { todo: { id: string } }).todo;
    const tab = await openTab();
    const { page } = tab;
    await page.getByTestId('domain-tasks').click();
    const board = page.getByTestId('tasks-view');
    await board.locator(`[data-testid="todo-card"][data-todo-id="${todo.id}"] [data-testid="todo-link"][data-link="architecture:Payments/API"]`).click();

    const view = page.getByTestId('architecture-view');
    await view.waitFor({ state: 'visible' });
    await eventually(() => view.getByTestId('arch-element').getAttribute('data-key')).toBe('Payments/API');
    expect(await node(page, 'Payments/API').getAttribute('aria-selected')).toBe('true');
    expect(await board.isVisible()).toBe(false);
    // The AI sees where the link took the person.
    await eventually(async () => (await arch(ai, 'query_project', {})).selected_by_person).toBe('Payments/API');
    expectNoPageErrors(tab);
  }, 120_000);
});
