/**
 * diagrams.net's libraries from both sides, end to end: a real `tandem serve`, Debian's Chromium as
 * the person and a real MCP client as the AI. The person searches the palette ("Search shapes") and
 * adds an AWS Lambda, which the AI then sees; the AI adds one and the page draws it from its
 * stencil; a name no library has answers the AI with the nearest names. Screenshot of the search
 * in test-results/drawio-palette.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geometryOf } from './support/ai-client';
import { canvasPagePoint, shapeNode } from './support/browser';
import { PERSON_ORIGIN, eventually, expectNoPageErrors, historyEntriesBy, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'drawio-palette.png');
const LAMBDA_STENCIL = 'svg [data-stencil="mxgraph.aws4.lambda"]';

const { startStudio } = useStudios();

/** A studio with a diagram open (the AI made it) and a tab showing it. */
async function studioWithDiagram() {
  const { ai, openTab } = await startStudio();
  await ai.drawio(['add svc Web at:100,100']);
  const tab = await openTab();
  await shapeNode(tab.page, 'Web').waitFor();
  return { ai, tab, page: tab.page };
}

describe("diagrams.net's library shapes in the palette and for the AI", () => {
  it('the person searches "lambda", adds the AWS Lambda from the keyboard and by a click, and the AI sees both in map', async () => {
    const { ai, tab, page } = await studioWithDiagram();

    const search = page.getByTestId('palette-search');
    await search.fill('lambda');
    const results = page.locator('[role="option"][data-testid^="palette-shape-"]');
    await eventually(() => results.count()).toBeGreaterThan(2);
    const names = await results.evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice('palette-shape-'.length)));
    expect(names[0]).toBe('aws4.lambda');
    expect(names).toEqual(expect.arrayContaining(['aws4.lambda_function', 'aws3.lambda']));
    expect(names.every((name) => name.includes('lambda'))).toBe(true);
    // Each result drawn from its stencil: the Lambda framed as its palette inserts it, the library named.
    const first = page.getByTestId('palette-shape-aws4.lambda');
    await first.locator(LAMBDA_STENCIL).waitFor();
    expect(await first.locator(`${LAMBDA_STENCIL} > rect`).count()).toBe(1);
    expect(await first.locator('.shape-search-library').textContent()).toBe('aws4');
    await page.locator('.palette').screenshot({ path: SCREENSHOT_PATH });

    // Keyboard: the highlight moves with the arrows, Enter adds the highlighted shape.
    await search.press('ArrowDown');
    expect(await results.nth(1).getAttribute('aria-selected')).toBe('true');
    await search.press('ArrowUp');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await shapeNode(page, 'Lambda1').locator(LAMBDA_STENCIL).waitFor();
    // A click adds another, beside the first.
    await first.click();
    await shapeNode(page, 'Lambda2').locator(LAMBDA_STENCIL).waitFor();

    const map = await ai.query('map');
    expect(map).toMatch(/Lambda1/);
    expect(map).toMatch(/Lambda2/);
    const described = await ai.query('describe Lambda1');
    // The palette's size and style: AWS 4's resource icon in Lambda orange.
    expect(described).toMatch(/@\(-?\d+,-?\d+ 78x78\)/);
    expect(described).toContain('fill:#D05C17');
    expect(described).toContain('drawn as: mxgraph.aws4.lambda in mxgraph.aws4.resourceIcon');
    const added = historyEntriesBy(await ai.query('history 5'), PERSON_ORIGIN);
    expect(added).toHaveLength(2);
    expect(added.join('\n')).toMatch(/add aws4\.lambda Lambda1 at:-?\d+,-?\d+/);

    // Escape clears the search; nothing of it stays on screen.
    await search.press('Escape');
    expect(await search.inputValue()).toBe('');
    await eventually(() => results.count()).toBe(0);
    expectNoPageErrors(tab);
  });

  it('a library shape and a built-in type dragged from the palette are added where they drop, at their palette sizes', async () => {
    const { ai, tab, page } = await studioWithDiagram();
    await page.getByTestId('palette-search').fill('cisco router');
    const router = page.getByTestId('palette-shape-cisco.routers.router');
    await router.waitFor();
    const canvas = page.getByTestId('canvas');
    const box = (await canvas.boundingBox())!;
    const drop = { x: box.width * 0.6, y: box.height * 0.5 };
    await router.dragTo(canvas, { targetPosition: drop });
    await shapeNode(page, 'Router1').locator('svg [data-stencil="mxgraph.cisco.routers.router"]').waitFor();
    // Centred where it dropped: the drop point in page units, from xyflow's viewport.
    const dropped = await canvasPagePoint(page, { x: box.x + drop.x, y: box.y + drop.y });
    const router1 = geometryOf(await ai.query('describe Router1'))!;
    expect(router1).toMatchObject({ w: 79, h: 53 });
    expect(Math.abs(router1.x + router1.w / 2 - dropped.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(router1.y + router1.h / 2 - dropped.y)).toBeLessThanOrEqual(2);
    await page.getByTestId('palette-db').dragTo(canvas, { targetPosition: { x: box.width * 0.3, y: box.height * 0.3 } });
    await shapeNode(page, 'Db1').waitFor();
    const added = historyEntriesBy(await ai.query('history 5'), PERSON_ORIGIN).join('\n');
    expect(added).toMatch(/add cisco\.routers\.router Router1 at:-?\d+,-?\d+/);
    expect(added).toMatch(/add db Db1 at:-?\d+,-?\d+/);
    expectNoPageErrors(tab);
  });

  it('the AI adds aws4.lambda and the page draws the Lambda icon from its stencil inside a framed resource icon', async () => {
    const { ai, openTab } = await startStudio();
    const answer = await ai.drawio(['add aws4.lambda Checkout at:200,120']);
    expect(answer).toMatch(/Checkout/);
    const tab = await openTab();
    const icon = shapeNode(tab.page, 'Checkout').locator(LAMBDA_STENCIL);
    await icon.waitFor();
    // The resource icon's frame: a square in the palette's fillColor (or its gradient), the icon drawn inside it.
    const frame = icon.locator('> rect');
    expect(await frame.count()).toBe(1);
    expect(await icon.locator(':scope > g path').count()).toBeGreaterThan(0);
    const [frameBox, iconBox] = [await frame.boundingBox(), await icon.locator(':scope > g').boundingBox()];
    expect(iconBox!.width).toBeLessThan(frameBox!.width);
    expect(iconBox!.x).toBeGreaterThan(frameBox!.x);
    expect(iconBox!.y).toBeGreaterThan(frameBox!.y);
    // Its label below the icon, as diagrams.net puts it (verticalLabelPosition=bottom).
    const label = await shapeNode(tab.page, 'Checkout').locator('.shape-label').boundingBox();
    expect(label!.y).toBeGreaterThanOrEqual(frameBox!.y + frameBox!.height - 1);
    expectNoPageErrors(tab);
  });

  it('a name no library has answers the AI with the nearest names to try, and adds nothing', async () => {
    const { ai } = await startStudio();
    await ai.drawio(['add svc Web']);
    const result = await ai.callTool('drawio', { ops: ['add aws4.lamda Checkout'] });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
    expect(text).toMatch(/no library shape "aws4\.lamda"/);
    expect(text).toMatch(/try: .*aws4\.lambda/);
    expect(await ai.query('map')).not.toMatch(/Checkout/);
  });
});
