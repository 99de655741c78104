/**
 * The Context view end to end: a real `tandem serve`, a real MCP client on its HTTP endpoint (the
 * AI) asking for the map and for blueprints, and Debian's Chromium showing the studio page (the
 * person), who sees the AI's asks in the blueprint log live and edits the governance rules.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readProjectKey } from '../src/main/domains/context/project-key';
import { AI_ORIGIN, eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const { startStudio } = useStudios();
const STATE = readFileSync(join(REPO_ROOT, 'src', 'main', 'domains', 'context', 'fixtures', 'logic64-state.json'), 'utf8');

const contextView = (page: Page) => page.getByTestId('context-view');

async function openContext(page: Page): Promise<void> {
  await page.getByTestId('domain-context').click();
  await contextView(page).waitFor({ state: 'visible' });
  await page.getByTestId('context-load-state').waitFor({ state: 'detached' });
}

describe('the Context view: the AI asks, the person sees and sets the rules', () => {
  it("shows an AI's ask_cortex in the blueprint log live, and the manifest it received", async () => {
    const { server, ai, openTab } = await startStudio();
    writeFileSync(join(server.workspace, 'logic64-state.json'), STATE);
    const key = readProjectKey(server.workspace)!;
    const tab = await openTab();
    const { page } = tab;
    await openContext(page);
    await expect(page.getByTestId('blueprint-log').innerText()).resolves.toContain('No blueprint asked for yet');

    const reject = await ai.callTool('ask_cortex', { intent: 'Manage the cart with Redux Toolkit', project_api_key: key });
    expect(reject.structuredContent).toMatchObject({ type: 'REJECT' });
    const entry = page.getByTestId('blueprint-entry').first();
    await eventually(() => entry.innerText()).toContain('Manage the cart with Redux Toolkit');
    const text = await entry.innerText();
    expect(text).toContain('REJECT');
    expect(text).toContain(AI_ORIGIN);
    expect(text).toContain('Redux is forbidden');

    await ai.callTool('ask_cortex', { intent: 'Add a comments section to the project page', project_api_key: key });
    await eventually(() => page.getByTestId('blueprint-entry').count()).toBe(2);
    expect(await page.getByTestId('blueprint-entry').first().innerText()).toContain('SCAFFOLD');

    await ai.callTool('get_initial_context', { project_api_key: key });
    await eventually(() => page.getByTestId('context-manifest').innerText()).toContain('BinaaTrack SaaS');
    expect(await page.getByTestId('context-manifest').innerText()).toContain(`The map as ${AI_ORIGIN} last received it`);
    // The documentation: db_schema generated from the state, rendered as markdown.
    await page.getByRole('tab', { name: 'Database schema' }).click();
    await eventually(() => page.getByTestId('docs-body').locator('h2', { hasText: 'comments' }).count()).toBe(1);
    expectNoPageErrors(tab);
  });

  it("renders a doc's GitHub-flavoured tables as tables, their cells' markdown included", async () => {
    const { server, openTab } = await startStudio();
    writeFileSync(join(server.workspace, 'logic64-state.json'), STATE);
    mkdirSync(join(server.workspace, 'docs', '00_principles'), { recursive: true });
    const table = ['# Standards', '', '| Rule | Applies to |', '| :--- | ---: |', '| **No** `any` | src/ |', '| ~~tabs~~ spaces | all |', ''];
    writeFileSync(join(server.workspace, 'docs', '00_principles', 'coding_standards.md'), table.join('\n'));
    const tab = await openTab();
    const { page } = tab;
    await openContext(page);
    await page.getByRole('tab', { name: 'Coding standards' }).click();
    const rendered = page.getByTestId('docs-body').locator('table');
    await eventually(() => rendered.count()).toBe(1);
    expect(await rendered.locator('th').allInnerTexts()).toEqual(['Rule', 'Applies to']);
    expect(await rendered.locator('tbody tr').count()).toBe(2);
    expect(await rendered.locator('tbody td strong').innerText()).toBe('No');
    expect(await rendered.locator('tbody td del').innerText()).toBe('tabs');
    // No pipe of the source is left in the text.
    expect(await page.getByTestId('docs-body').innerText()).not.toContain('|');
    expectNoPageErrors(tab);
  });

  it('saves the rules the person edits to logic64-state.json, and the next blueprint obeys them', async () => {
    const { server, ai, openTab } = await startStudio();
    writeFileSync(join(server.workspace, 'logic64-state.json'), STATE);
    const key = readProjectKey(server.workspace)!;
    // A first call makes the core read the state and show it.
    await ai.callTool('consult_documentation', { node_id: 'db_schema' });
    await ai.callTool('get_initial_context', { project_api_key: key });
    const tab = await openTab();
    const { page } = tab;
    await openContext(page);
    const forbidden = page.getByTestId('rules-forbidden');
    await eventually(() => forbidden.innerText()).toContain('express');

    await forbidden.getByLabel('Add to Forbidden').fill('lodash');
    await forbidden.getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('rules-save').click();
    await eventually(() => page.getByTestId('rules-message').innerText()).toBe('Saved to logic64-state.json');
    expect(JSON.parse(readFileSync(join(server.workspace, 'logic64-state.json'), 'utf8')).stack.forbidden).toContain('lodash');
    // The map the AI received before the save does not name the new rule; the current one does.
    const manifest = page.getByTestId('context-manifest');
    await eventually(() => manifest.innerText()).toContain(`The map as ${AI_ORIGIN} last received it`);
    expect(await manifest.innerText()).not.toContain('lodash');
    await page.getByTestId('manifest-show-current').click();
    await eventually(() => page.getByTestId('manifest-caption').innerText()).toContain('The map as it is now');
    expect(await manifest.innerText()).toContain('lodash');
    await page.screenshot({ path: 'test-results/context-rules.png' });

    const answer = await ai.callTool('ask_cortex', { intent: 'Group the rows with lodash', project_api_key: key });
    expect(answer.structuredContent).toMatchObject({ type: 'REJECT', compliance: { reason: expect.stringContaining('lodash is forbidden') } });
    await eventually(() => page.getByTestId('blueprint-entry').first().innerText()).toContain('Group the rows with lodash');
    expectNoPageErrors(tab);
  });

  it('tells the AI which documentation node the person reads, and marks the node the AI consults', async () => {
    const { server, ai, openTab } = await startStudio();
    writeFileSync(join(server.workspace, 'logic64-state.json'), STATE);
    const key = readProjectKey(server.workspace)!;
    await ai.callTool('consult_documentation', { node_id: 'db_schema' });
    const tab = await openTab();
    const { page } = tab;
    await openContext(page);
    await page.getByTestId('docs-tab-db_schema').click();
    // The manifest names where the person looks (a report reaches the core a moment after the click).
    await eventually(async () => ((await ai.callTool('get_initial_context', { project_api_key: key })).structuredContent as { manifest: { person?: { looking_at: string } } }).manifest.person?.looking_at).toMatch(
      /^the context view \(documentation node .+\), nothing selected, in browser tab \d+/,
    );

    await ai.callTool('consult_documentation', { node_id: 'db_schema' });
    const mark = page.getByTestId('docs-tab-db_schema').locator(`[data-testid="read-mark"][data-origin="${AI_ORIGIN}"]`);
    await mark.waitFor();
    expect(await mark.innerText()).toBe(`read by ${AI_ORIGIN}`);
    expectNoPageErrors(tab);
  });
});
