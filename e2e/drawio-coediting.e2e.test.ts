/**
 * Live diagram co-editing end to end: a real `tandem serve`, a real MCP client on its HTTP
 * endpoint (the AI) and Debian's Chromium showing the studio page (the person), all on 127.0.0.1.
 *
 * Every test starts its own core on a fresh workspace; the browser is shared by the file. Waits
 * are on conditions (selectors, polled answers), never on time. Without Chromium the suite FAILS.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geometryOf } from './support/ai-client';
import { canvasZoom, dragBy, edgeElement, renameShape, shapeNode, waitForEdge } from './support/browser';
import {
  AI_ORIGIN,
  PERSON_ORIGIN,
  eventually,
  expectNoPageErrors,
  historyEntriesBy,
  shapeAliases,
  shownPosition,
  useStudios,
} from './support/studio';
import { REPO_ROOT, readEndpointFile } from './support/studio-server';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'editor.png');

const { startStudio } = useStudios();

describe('drawio co-editing: the AI over MCP and a person in the browser', () => {
  it('serves the studio at the address it prints, with the token of endpoint.json in the fragment', async () => {
    const { server } = await startStudio();
    const endpoint = readEndpointFile(server.workspace);
    expect(endpoint?.url).toBe(server.baseUrl);
    expect(endpoint?.token).toBe(server.token);
    expect(endpoint?.pid).toBe(server.pid);
    expect(new URL(server.studioUrl).hostname).toBe('127.0.0.1');
  });

  it('shows the shapes and the edge an MCP client adds, live, without reloading the page', async () => {
    const { ai, openTab } = await startStudio();
    const tab = await openTab();
    const { page } = tab;
    expect(await shapeAliases(page)).toEqual([]);
    // Survives only as long as the document does: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

    const answer = await ai.drawio(['add svc AuthService', 'add db UserDB', 'connect AuthService -> UserDB label:"queries"']);
    expect(answer).toContain('digest: 2s 1e 0g');

    await shapeNode(page, 'AuthService').waitFor();
    await shapeNode(page, 'UserDB').waitFor();
    await waitForEdge(page, 'AuthService', 'UserDB');
    expect(await shapeAliases(page)).toEqual(['AuthService', 'UserDB']);
    expect(await shapeNode(page, 'AuthService').getAttribute('data-shape-type')).toBe('svc');
    expect(await shapeNode(page, 'UserDB').getAttribute('data-shape-type')).toBe('db');
    expect(await shapeNode(page, 'AuthService').innerText()).toContain('AuthService');
    await eventually(() => page.getByText('queries', { exact: true }).count()).toBe(1);
    // Where the core put them: UserDB below AuthService (a new shape goes below the last one).
    expect(await shownPosition(page, 'AuthService')).toEqual({ x: 200, y: 200 });
    const userDb = geometryOf(await ai.query('describe UserDB'))!;
    expect(await shownPosition(page, 'UserDB')).toEqual({ x: userDb.x, y: userDb.y });
    // The activity panel lists the AI's batch under its origin.
    await page.locator(`[data-testid="activity-item"][data-origin="${AI_ORIGIN}"]`).first().waitFor();

    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expectNoPageErrors(tab);
  });

  it("a drag and a rename in the page show in the MCP client's describe and history, attributed to the person", async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc AuthService at:200,200', 'add db UserDB at:200,400']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'AuthService').waitFor();
    const before = geometryOf(await ai.query('describe AuthService'))!;
    const zoom = await canvasZoom(page);

    // To the right and a little down, into empty space.
    await dragBy(page, shapeNode(page, 'AuthService'), 260, 40);
    await renameShape(page, 'UserDB', 'Users Database');

    // The core has the position the person dropped the shape at.
    await eventually(async () => geometryOf(await ai.query('describe AuthService'))?.x).not.toBe(before.x);
    const dropped = await shownPosition(page, 'AuthService');
    const after = geometryOf(await ai.query('describe AuthService'))!;
    expect(Math.abs(after.x - dropped.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.y - dropped.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.x - (before.x + 260 / zoom))).toBeLessThanOrEqual(4);
    expect(Math.abs(after.y - (before.y + 40 / zoom))).toBeLessThanOrEqual(4);

    await eventually(() => ai.query('describe UserDB')).toContain('text: "Users Database"');
    await eventually(() => shapeNode(page, 'UserDB').innerText()).toContain('Users Database');

    const history = await ai.query('history 10');
    const personEntries = historyEntriesBy(history, PERSON_ORIGIN);
    expect(personEntries, history).toHaveLength(2);
    expect(personEntries[0]).toMatch(/ batch: move .* to:/);
    expect(personEntries[1]).toMatch(/ batch: label .*"Users Database"/);
    // The AI's own batch stays attributed to the AI.
    expect(historyEntriesBy(history, AI_ORIGIN)).toHaveLength(1);
    expectNoPageErrors(tab);
  });

  it("undo in the page undoes the AI's last batch, and the MCP client sees it undone", async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc AuthService', 'add db UserDB', 'connect AuthService -> UserDB']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'UserDB').waitFor();

    await ai.drawio(['add queue Events', 'connect AuthService -> Events label:"emits"']);
    await shapeNode(page, 'Events').waitFor();
    await waitForEdge(page, 'AuthService', 'Events');
    expect(await ai.query('map')).toContain('Events');

    await page.getByTestId('undo').click();

    await shapeNode(page, 'Events').waitFor({ state: 'detached' });
    await edgeElement(page, 'AuthService', 'Events').waitFor({ state: 'detached' });
    await eventually(() => ai.query('map')).not.toContain('Events');
    const map = await ai.query('map');
    expect(map).toContain('AuthService');
    expect(map).toContain('UserDB');
    expect(map).toMatch(/2s 1e 0g/);
    expect(await shapeAliases(page)).toEqual(['AuthService', 'UserDB']);
    // Recorded as the person's undo of the AI's batch #2.
    expect(await ai.query('history 5')).toMatch(new RegExp(`#3 ${PERSON_ORIGIN} undo: undo[\\s\\S]*!undo #2 by ${AI_ORIGIN}`));

    // Ctrl+Z on the canvas does the same for the batch before it.
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+z');
    await shapeNode(page, 'AuthService').waitFor({ state: 'detached' });
    await eventually(() => ai.query('map')).toMatch(/0s 0e 0g/);
    expectNoPageErrors(tab);
  });

  it('a second tab stays in sync with edits from the MCP client and from the first tab', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Gateway']);
    const first = await openTab();
    const second = await openTab();
    await shapeNode(second.page, 'Gateway').waitFor();

    // From the AI: both tabs show it.
    await ai.drawio(['add svc Billing', 'connect Gateway -> Billing']);
    for (const { page } of [first, second]) {
      await shapeNode(page, 'Billing').waitFor();
      await waitForEdge(page, 'Gateway', 'Billing');
    }

    // From the first tab: a shape from the palette and a rename appear in the second.
    await first.page.getByTestId('palette-db').click();
    await shapeNode(first.page, 'Db1').waitFor();
    await shapeNode(second.page, 'Db1').waitFor();
    await renameShape(first.page, 'Billing', 'Billing Service');
    await eventually(() => shapeNode(second.page, 'Billing').innerText()).toContain('Billing Service');

    expect(await shapeAliases(second.page)).toEqual(await shapeAliases(first.page));
    expect(await shapeAliases(second.page)).toEqual(['Billing', 'Db1', 'Gateway']);
    // The second tab's activity shows the first tab's edits as the person's.
    await eventually(() => second.page.locator(`[data-testid="activity-item"][data-origin="${PERSON_ORIGIN}"]`).count()).toBe(2);
    expect(await ai.query('map')).toContain('Db1');
    expectNoPageErrors(first, second);
  });

  it('saves a screenshot of the editor (test-results/editor.png, a CI artifact)', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio([
      'add actor Customer',
      'add api Gateway theme:purple',
      'add svc Orders theme:green',
      'add svc Payments theme:green',
      'add db OrdersDB theme:orange',
      'add queue Events theme:yellow',
      'connect Customer -> Gateway label:"HTTPS"',
      'connect Gateway -> Orders -> OrdersDB',
      'connect Gateway -> Payments style:dashed',
      'connect Orders -> Events label:"publishes"',
      'group Orders Payments as:Backend',
      'layout @all algo:layered dir:LR',
    ]);
    const tab = await openTab();
    const { page } = tab;
    await renameShape(page, 'Events', 'Order events');
    await page.locator(`[data-testid="activity-item"][data-origin="${PERSON_ORIGIN}"]`).waitFor();
    for (const alias of ['Customer', 'Gateway', 'Orders', 'Payments', 'OrdersDB', 'Events']) await shapeNode(page, alias).waitFor();
    await waitForEdge(page, 'Orders', 'Events');

    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH });
    const png = readFileSync(SCREENSHOT_PATH);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(10_000);
    expectNoPageErrors(tab);
  });
});
