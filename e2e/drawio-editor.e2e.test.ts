/**
 * The diagram editor as a draw.io user reaches for it, end to end: a real `tandem serve`, Debian's
 * Chromium as the person and a real MCP client as the AI, which also reads back what the person's
 * gestures did to the model. Every gesture must arrive as ops in the core's history.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { groupFrameLook } from '../src/shared/drawio/render/group-frame';
import { type AiClient, geometryOf } from './support/ai-client';
import { canvasPagePoint, canvasZoom, delayCoreMessages, dragBy, edgeElement, shapeNode, waitForEdge } from './support/browser';
import { PERSON_ORIGIN, eventually, expectNoPageErrors, historyEntriesBy, shownPosition, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

/** The editor with its context menu open (a CI artifact, and a look for whoever changes the menu). */
const MENU_SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'context-menu.png');

const { startStudio } = useStudios();

async function geometry(ai: AiClient, alias: string) {
  const found = geometryOf(await ai.query(`describe ${alias}`));
  if (!found) throw new Error(`describe ${alias} gave no geometry`);
  return found;
}

describe("the person's gestures change exactly what they touch", () => {
  it('a shape dragged onto others moves alone; the AI plain move onto them still pushes them along', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Mover at:500,200', 'add svc Below at:200,200', 'add svc Further at:200,300']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Mover').waitFor();
    const below = await geometry(ai, 'Below');
    const further = await geometry(ai, 'Further');

    // Drop Mover onto Below, a little above it: Below is then downstream of Mover (TB flow) and
    // covered by it, which is exactly what a plain move pushes along (and Below then Further).
    const from = await shapeNode(page, 'Mover').boundingBox();
    const onto = await shapeNode(page, 'Below').boundingBox();
    await dragBy(page, shapeNode(page, 'Mover'), onto!.x - from!.x, onto!.y - from!.y - 20);

    await eventually(async () => (await geometry(ai, 'Mover')).x).toBeLessThan(300);
    const mover = await geometry(ai, 'Mover');
    expect(Math.abs(mover.x - below.x)).toBeLessThanOrEqual(4);
    expect(mover.y).toBeLessThan(below.y);
    expect(mover.y + mover.h).toBeGreaterThan(below.y + below.h / 2);
    expect(await geometry(ai, 'Below')).toEqual(below);
    expect(await geometry(ai, 'Further')).toEqual(further);
    const personEntries = historyEntriesBy(await ai.query('history 5'), PERSON_ORIGIN);
    expect(personEntries).toHaveLength(1);
    expect(personEntries[0]).toMatch(/ batch: move #s\d+ to:\d+,\d+ strict:true/);

    // The same drop by the AI, without strict, pushes what it lands on: the contract's behaviour.
    await ai.drawio(['move Mover to:500,200']);
    const answer = await ai.drawio([`move Mover to:${mover.x},${mover.y}`]);
    expect(answer).toMatch(/shifted \d+ item/);
    expect((await geometry(ai, 'Below')).y).toBeGreaterThan(below.y);
    expectNoPageErrors(tab);
  });
});

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the editor as a draw.io user reaches for it', () => {
  it('a right click opens the context menu; Duplicate and Delete there go to the core as ops', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Gateway at:200,150', 'add db Orders at:200,320 theme:green', 'connect Gateway -> Orders']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Orders').waitFor();

    // Two shapes selected (Shift+click adds to the selection): the menu offers Align too.
    await shapeNode(page, 'Gateway').click();
    await shapeNode(page, 'Orders').click({ modifiers: ['Shift'] });
    await shapeNode(page, 'Orders').click({ button: 'right' });
    const menu = page.getByTestId('context-menu');
    await menu.waitFor();
    await page.getByTestId('menu-align').hover();
    await page.getByTestId('menu-align-left').waitFor();
    mkdirSync(dirname(MENU_SCREENSHOT_PATH), { recursive: true });
    await page.screenshot({ path: MENU_SCREENSHOT_PATH });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // A right click on a shape outside the selection makes it the selection.
    await page.getByTestId('canvas').click({ position: { x: 20, y: 20 } });
    await shapeNode(page, 'Orders').click({ button: 'right' });
    await menu.waitFor();
    await expect.poll(() => shapeNode(page, 'Orders').getAttribute('class')).toContain('selected');
    expect(await shapeNode(page, 'Gateway').getAttribute('class')).not.toContain('selected');
    expect(await page.getByTestId('menu-duplicate').isEnabled()).toBe(true);
    expect(await page.getByTestId('menu-paste').isEnabled()).toBe(false);
    expect(await page.getByTestId('menu-align').count()).toBe(0);

    await page.getByTestId('menu-duplicate').click();
    await menu.waitFor({ state: 'detached' });
    await shapeNode(page, 'Orders2').waitFor();
    const copy = await geometry(ai, 'Orders2');
    const original = await geometry(ai, 'Orders');
    expect(copy).toEqual({ ...original, x: original.x + 20, y: original.y + 20 });
    expect(await ai.query('describe Orders2')).toContain('green');
    // The copy is now the selection: Delete from its menu removes it, and only it.
    await expect.poll(() => shapeNode(page, 'Orders2').getAttribute('class')).toContain('selected');
    await shapeNode(page, 'Orders2').click({ button: 'right' });
    await page.getByTestId('menu-delete').click();
    await shapeNode(page, 'Orders2').waitFor({ state: 'detached' });
    await eventually(() => ai.query('map')).toMatch(/2s 1e 0g/);

    const personEntries = historyEntriesBy(await ai.query('history 5'), PERSON_ORIGIN);
    expect(personEntries).toHaveLength(2);
    expect(personEntries[0]).toMatch(/ batch: add db Orders2 at:220,340 /);
    expect(personEntries[1]).toMatch(/ batch: remove #s\d+/);
    expectNoPageErrors(tab);
  });

  it('arrow keys nudge the selection, Shift for a grid step, one strict batch per key press; Ctrl+D duplicates', async () => {
    const { ai, context, openTab } = await startStudio();
    // Every key is pressed before the core's answer to the one before it is back: each still acts on what the keys before it made.
    await delayCoreMessages(context, 150);
    await ai.drawio(['add svc Nudged at:200,200', 'add svc Neighbour at:200,262']);
    const tab = await openTab();
    const { page } = tab;
    await shapeNode(page, 'Nudged').click();
    const before = await geometry(ai, 'Nudged');
    const neighbour = await geometry(ai, 'Neighbour');

    // Ctrl+D: a copy a step below-right of where the nudges left it, which becomes the selection, so the next nudge moves it alone.
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown', 'ArrowLeft', 'Control+d', 'Shift+ArrowRight']) await page.keyboard.press(key);

    await eventually(() => geometry(ai, 'Nudged2')).toEqual({ ...before, x: before.x + 32, y: before.y + 30 });
    expect(await geometry(ai, 'Nudged')).toEqual({ ...before, x: before.x + 2, y: before.y + 10 });
    // It now overlaps Neighbour, which stayed where it was.
    expect(await geometry(ai, 'Neighbour')).toEqual(neighbour);
    const personEntries = historyEntriesBy(await ai.query('history 10'), PERSON_ORIGIN);
    expect(personEntries).toHaveLength(7);
    for (const entry of [...personEntries.slice(0, 5), personEntries[6]]) expect(entry).toMatch(/ batch: move #s\d+ to:\d+,\d+ strict:true$/);
    // The nodes show where the model has them, the copy selected.
    await eventually(() => shownPosition(page, 'Nudged')).toEqual({ x: before.x + 2, y: before.y + 10 });
    await eventually(() => shownPosition(page, 'Nudged2')).toEqual({ x: before.x + 32, y: before.y + 30 });
    await expect.poll(() => shapeNode(page, 'Nudged2').getAttribute('class')).toContain('selected');
    expectNoPageErrors(tab);
  });

  it('a double click on empty canvas adds a shape centred there; on a shape it still renames', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc Existing at:200,200']);
    const tab = await openTab();
    const { page } = tab;
    const existing = await shapeNode(page, 'Existing').boundingBox();
    const spot = { x: existing!.x + existing!.width + 200, y: existing!.y + 150 };
    const wanted = await canvasPagePoint(page, spot);

    await page.mouse.dblclick(spot.x, spot.y);
    await shapeNode(page, 'Box1').waitFor();
    const added = await geometry(ai, 'Box1');
    expect(Math.abs(added.x + added.w / 2 - wanted.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(added.y + added.h / 2 - wanted.y)).toBeLessThanOrEqual(1);
    expect(await ai.query('describe Box1')).toContain('Box1 (box)');
    // Selected, as draw.io selects what it adds.
    await expect.poll(() => shapeNode(page, 'Box1').getAttribute('class')).toContain('selected');

    await shapeNode(page, 'Existing').dblclick();
    await page.getByTestId('rename-input').waitFor();
    await page.keyboard.press('Escape');
    expect(await ai.query('map')).toMatch(/2s 0e 0g/);
    expectNoPageErrors(tab);
  });

  it('a drag on empty canvas draws a selection box around shapes; the wheel pans, Ctrl+wheel zooms', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio(['add svc First at:200,200', 'add svc Second at:400,260', 'add svc Outside at:700,500']);
    const tab = await openTab();
    const { page } = tab;
    const first = await shapeNode(page, 'First').boundingBox();
    const second = await shapeNode(page, 'Second').boundingBox();
    const from = { x: first!.x - 30, y: first!.y - 30 };
    const to = { x: second!.x + second!.width + 30, y: second!.y + second!.height + 30 };

    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();

    for (const alias of ['First', 'Second']) await expect.poll(() => shapeNode(page, alias).getAttribute('class')).toContain('selected');
    expect(await shapeNode(page, 'Outside').getAttribute('class')).not.toContain('selected');
    // Nothing moved: the drag drew a box instead of panning.
    expect(await shapeNode(page, 'First').boundingBox()).toEqual(first);
    // The selection is the editor's: Delete removes exactly those two, in one batch.
    await page.keyboard.press('Delete');
    await eventually(() => ai.query('map')).toMatch(/1s 0e 0g/);
    expect(await ai.query('map')).toContain('Outside');

    const outside = await centreOf(shapeNode(page, 'Outside'));
    const zoom = await canvasZoom(page);
    await page.mouse.move(outside.x, outside.y);
    await page.mouse.wheel(0, 120);
    await eventually(async () => (await centreOf(shapeNode(page, 'Outside'))).y).toBeLessThan(outside.y - 20);
    expect(await canvasZoom(page)).toBe(zoom);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -240);
    await page.keyboard.up('Control');
    await eventually(() => canvasZoom(page)).toBeGreaterThan(zoom);
    expectNoPageErrors(tab);
  });

  it('draws a straight edge between lined-up shapes of different sizes and keeps group titles clear of edges', async () => {
    const { ai, openTab } = await startStudio();
    await ai.drawio([
      'add box Wide at:200,100 size:240x60',
      'add box Narrow at:300,260 size:80x50',
      'connect Wide -> Narrow',
      'add box Top at:600,100',
      'add circle Dot at:600,300 size:40x40',
      'add box Other at:700,300',
      'group Dot Other as:Storage label:"Storage layer"',
      'connect Top -> Dot',
    ]);
    const tab = await openTab();
    const { page } = tab;
    await waitForEdge(page, 'Wide', 'Narrow');
    await waitForEdge(page, 'Top', 'Dot');

    // Every point of the path on one vertical line: no dog-leg between the two centres.
    const path = await edgeElement(page, 'Wide', 'Narrow').locator('path.react-flow__edge-path').getAttribute('d');
    const xs = [...path!.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => Math.round(Number(m[1])));
    expect(new Set(xs).size, path!).toBe(1);

    // The edge into the group runs down beside the title, not through it.
    const title = await page.getByTestId('group-Storage').locator('.group-title').boundingBox();
    const line = await edgeElement(page, 'Top', 'Dot').locator('path.react-flow__edge-path').boundingBox();
    expect(title!.width).toBeGreaterThan(40);
    const apart = line!.x + line!.width <= title!.x || line!.x >= title!.x + title!.width;
    expect(apart, `edge ${JSON.stringify(line)} crosses title ${JSON.stringify(title)}`).toBe(true);

    // The frame in the look the export draws it in (group-frame.ts), set by the stylesheet from it.
    const look = groupFrameLook(undefined, false);
    const drawn = await page.getByTestId('group-Storage').evaluate((frame) => {
      const [box, title] = [getComputedStyle(frame), getComputedStyle(frame.querySelector('.group-title')!)];
      return { style: box.borderTopStyle, width: box.borderTopWidth, color: box.borderTopColor, radius: box.borderTopLeftRadius, titleSize: title.fontSize, titleWeight: title.fontWeight };
    });
    // Chromium draws a border's width in whole device pixels (1.5 px is 1 px at this tab's scale of 1).
    expect(drawn).toEqual({ style: 'dashed', width: `${Math.floor(look.strokeWidth)}px`, color: 'rgb(154, 165, 177)', radius: `${look.radius}px`, titleSize: `${look.title.fontSize}px`, titleWeight: String(look.title.fontWeight) });
    expect(look.stroke).toBe('#9aa5b1');
    expectNoPageErrors(tab);
  });
});
