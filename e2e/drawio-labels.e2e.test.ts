/**
 * Labels drawn as diagrams.net draws them, in Chromium: an edge label at its relative geometry
 * and offset, a wrapped label inside its box, a text cell without a border, fontStyle and
 * fontSize; a label in a shape at a half pixel on diagrams.net's pixels; and the AWS corpus file
 * reopened for a look (screenshot in test-results/).
 * Without Chromium the suite FAILS.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { geometryOf } from './support/ai-client';
import { canvasScreenPoint, canvasZoom, dragBy, shapeNode, waitForEdge } from './support/browser';
import { canvasOrigin } from './support/studio-canvas';
import { LIST_INDENT } from '../src/shared/drawio/render/label-lines';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';
import { corpusPath } from '../src/main/testing/corpora';

const SCREENSHOT_PATH = join(REPO_ROOT, 'test-results', 'drawio-labels-aws.png');

const { startStudio } = useStudios();

const LABELS_FILE = `<mxfile><diagram id="p1" name="Labels"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="Source" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="b" value="Target" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="440" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="e" value="calls" style="edgeStyle=orthogonalEdgeStyle;html=1;fontSize=13;" edge="1" parent="1" source="a" target="b"><mxGeometry x="-0.5" y="20" relative="1" as="geometry"><mxPoint x="10" y="30" as="offset"/></mxGeometry></mxCell>
<mxCell id="w" value="A long label that has to wrap inside its box" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="200" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="t" value="Plain text cell" style="text;html=1;strokeColor=none;fillColor=none;align=center;verticalAlign=middle;" vertex="1" parent="1"><mxGeometry x="240" y="200" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="s" value="Bold italic" style="rounded=0;fontStyle=3;fontSize=18;" vertex="1" parent="1"><mxGeometry x="440" y="200" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="r" value="Turned name" style="rounded=0;html=1;verticalLabelPosition=bottom;verticalAlign=top;rotation=90;" vertex="1" parent="1"><mxGeometry x="40" y="360" width="100" height="40" as="geometry"/></mxCell>
<mxCell id="l" value="Checkout hands each order to billing" style="rounded=0;whiteSpace=wrap;html=1;fontSize=15;" vertex="1" parent="1"><mxGeometry x="240" y="360" width="120" height="60" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

async function openFile(fileName: string, write: (path: string) => void) {
  const studio = await startStudio();
  mkdirSync(join(studio.server.workspace, 'diagrams'));
  write(join(studio.server.workspace, 'diagrams', fileName));
  await studio.ai.session(`open diagrams/${fileName}`);
  const tab = await studio.openTab();
  return { page: tab.page, tab, ai: studio.ai };
}

/**
 * Where diagrams.net puts the edge's label, measured on the drawn path in the page: a quarter of
 * the way along (x=-0.5), 20 px to the left of the direction of travel (y=20), plus the offset.
 */
async function expectedLabelPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.getByTestId('edge-Source-Target').locator('path.react-flow__edge-path').evaluate((element) => {
    const path = element as SVGPathElement;
    const at = path.getTotalLength() * 0.25;
    const p = path.getPointAtLength(at);
    const q = path.getPointAtLength(at + 1);
    const [dx, dy] = [q.x - p.x, q.y - p.y];
    const length = Math.hypot(dx, dy);
    const [nx, ny] = [dy / length, dx / length];
    const local = new DOMPoint(p.x + nx * 20 + 10, p.y - ny * 20 + 30).matrixTransform(path.getScreenCTM()!);
    return { x: local.x, y: local.y };
  });
}

describe('labels as diagrams.net draws them', () => {
  it('places an edge label by its geometry and offset, wraps, and styles shape labels', async () => {
    const { page, tab } = await openFile('labels.drawio', (path) => writeFileSync(path, LABELS_FILE));
    await waitForEdge(page, 'Source', 'Target');
    const text = page.getByTestId('edge-Source-Target').getByTestId('edge-label');
    await eventually(() => text.textContent()).toBe('calls');
    const expected = await expectedLabelPoint(page);
    const box = (await text.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - expected.x)).toBeLessThan(3);
    expect(Math.abs(box.y + box.height / 2 - expected.y)).toBeLessThan(3);
    expect(await text.evaluate((element) => getComputedStyle(element).fontSize)).toBe('13px');

    // whiteSpace=wrap: several lines, all inside the 120x60 box.
    const wrapNode = shapeNode(page, 'A long label that has to wrap inside its box');
    const nodeBox = (await wrapNode.boundingBox())!;
    const textBox = (await wrapNode.locator('.shape-label > span').boundingBox())!;
    expect(textBox.x).toBeGreaterThanOrEqual(nodeBox.x);
    expect(textBox.x + textBox.width).toBeLessThanOrEqual(nodeBox.x + nodeBox.width + 0.5);
    expect(textBox.y).toBeGreaterThanOrEqual(nodeBox.y);
    expect(textBox.y + textBox.height).toBeLessThanOrEqual(nodeBox.y + nodeBox.height + 0.5);
    const lineHeight = await wrapNode.locator('.shape-label').evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(textBox.height).toBeGreaterThan(lineHeight * 1.5);

    // A text cell: no outline, its text on one line.
    const textCell = shapeNode(page, 'Plain text cell');
    expect(await textCell.locator('svg path').first().getAttribute('stroke')).toBe('none');
    expect(await textCell.locator('.shape-label').evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');

    // fontStyle=3 (bold + italic) and fontSize=18.
    const styled = await shapeNode(page, 'Bold italic')
      .locator('.shape-label')
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { weight: style.fontWeight, italic: style.fontStyle, size: style.fontSize };
      });
    expect(styled).toEqual({ weight: '700', italic: 'italic', size: '18px' });
    // Labels are set in the bundled Arimo (Helvetica's widths), not the machine's fallback font.
    await eventually(() => page.evaluate(() => document.fonts.check('12px Arimo'))).toBe(true);

    // A 120x60 box with long text at 15 px: three lines of diagrams.net's 1.2 line height fit in it.
    const long = shapeNode(page, 'Checkout hands each order to billing');
    const longBox = (await long.boundingBox())!;
    const longText = (await long.locator('.shape-label > span').boundingBox())!;
    expect(longText.y).toBeGreaterThanOrEqual(longBox.y);
    expect(longText.y + longText.height).toBeLessThanOrEqual(longBox.y + longBox.height + 0.5);
    expect(longText.x + longText.width).toBeLessThanOrEqual(longBox.x + longBox.width + 0.5);
    const zoom = await canvasZoom(page);
    expect(Math.round(longText.height / zoom / 18)).toBe(3);

    // Turned a quarter clockwise, a shape's label below it turns with it, to its left side, as in diagrams.net.
    const turned = shapeNode(page, 'Turned name');
    const label = (await turned.locator('.shape-label > span').boundingBox())!;
    const centre = await canvasScreenPoint(page, { x: 90, y: 380 });
    expect(label.x + label.width / 2).toBeLessThan(centre.x - 15 * zoom);
    expect(Math.abs(label.y + label.height / 2 - centre.y)).toBeLessThan(40 * zoom);
    expect(label.height).toBeGreaterThan(label.width);
    expectNoPageErrors(tab);
  });

  it('grabs and moves a cell the file gives no size; sets list items in their indent and <font size> at its size', async () => {
    const file = `<mxfile><diagram id="p1" name="Small"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="z" value="Unsized" style="text;html=1;labelPosition=right;align=left;" vertex="1" parent="1"><mxGeometry x="200" y="100" as="geometry"/></mxCell>
<mxCell id="l" value="Steps&lt;ul&gt;&lt;li&gt;&lt;font size=&quot;3&quot;&gt;pay&lt;/font&gt;&lt;/li&gt;&lt;/ul&gt;" style="rounded=0;whiteSpace=wrap;html=1;align=left;verticalAlign=top;" vertex="1" parent="1"><mxGeometry x="400" y="60" width="160" height="100" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;
    const { page, tab, ai } = await openFile('small.drawio', (path) => writeFileSync(path, file));
    const grab = page.getByTestId('grab-Unsized');
    await grab.waitFor();
    const zoom = await canvasZoom(page);
    const box = (await grab.boundingBox())!;
    expect(box.width).toBeGreaterThan(5);
    await dragBy(page, grab, 100 * zoom, 60 * zoom);
    await eventually(async () => geometryOf(await ai.query('describe Unsized'))?.x).toBeGreaterThan(280);
    const moved = geometryOf(await ai.query('describe Unsized'))!;
    expect(Math.abs(moved.y - 160)).toBeLessThan(12);

    // The item's marker hangs in a browser list's 40 px indent; the item's text is at <font size=3>'s 16 px.
    const list = page.locator('.shape-node', { hasText: 'Steps' });
    const marker = list.locator('.list-marker');
    expect(await marker.evaluate((element) => [element.textContent, getComputedStyle(element).width])).toEqual(['\u2022\u00a0', `${LIST_INDENT}px`]);
    const item = list.locator('[data-run]', { hasText: 'pay' });
    expect(await item.evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px');
    const [markerBox, itemBox] = [(await marker.boundingBox())!, (await item.boundingBox())!];
    expect(Math.abs(itemBox.x - (markerBox.x + LIST_INDENT * zoom))).toBeLessThan(1);
    expectNoPageErrors(tab);
  });

  it("sets a label in a shape at a half pixel on the pixels diagrams.net gives its anchor, not a pixel lower", async () => {
    // Both labels have their anchor at (whole + 0.5) in diagrams.net's maths (the whole one in a
    // 101 x 41 box, the half one at x.5, y.5 in 100 x 40), so it draws them alike, 160 px apart.
    const text = (id: string, x: number, y: number, w: number, h: number) =>
      `<mxCell id="${id}" value="Hxg" style="text;html=1;strokeColor=none;fillColor=none;align=center;verticalAlign=middle;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;
    const file = `<mxfile><diagram id="p1" name="Half"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
${text('whole', 40, 40, 101, 41)}${text('half', 200.5, 40.5, 100, 40)}
</root></mxGraphModel></diagram></mxfile>`;
    const { page, tab } = await openFile('half.drawio', (path) => writeFileSync(path, file));
    await page.locator('.shape-label', { hasText: 'Hxg' }).nth(1).waitFor();
    // At 100 %, page (0, 0) on a whole screen pixel (as the canvas frames a small page).
    const origin = await canvasOrigin(page);
    expect(origin).toMatchObject({ zoom: 1, x: Math.round(origin.x), y: Math.round(origin.y) });
    const shot = PNG.sync.read(await page.screenshot({ clip: { x: origin.x + 30, y: origin.y + 30, width: 290, height: 60 } }));
    // The first dark row and column in a band of the screenshot (its x from 30 on the page).
    const inkCorner = (from: number, to: number) => {
      let [top, left] = [Infinity, Infinity];
      for (let y = 0; y < shot.height; y++)
        for (let x = from - 30; x < to - 30; x++)
          if (shot.data[4 * (y * shot.width + x)] < 128) [top, left] = [Math.min(top, y), Math.min(left, x + 30)];
      return { top, left };
    };
    const [whole, half] = [inkCorner(30, 180), inkCorner(190, 320)];
    expect(whole.top).toBeLessThan(Infinity);
    expect(half).toEqual({ top: whole.top, left: whole.left + 160 });
    expectNoPageErrors(tab);
  });

  it('reopens the AWS corpus file for a look', async () => {
    const { page, tab } = await openFile('cloud-aws_1.drawio', (path) => copyFileSync(corpusPath('drawio', 'cloud-aws_1.xml'), path));
    await page.locator('.shape-node').first().waitFor();
    await eventually(() => page.locator('.react-flow__edge-path').count()).toBeGreaterThan(5);
    // Its text cells name no strokeColor: no border, as in diagrams.net; the title at its fontSize=30.
    const title = shapeNode(page, 'Title text');
    expect(await title.locator('svg path').first().getAttribute('stroke')).toBe('none');
    expect(await title.locator('.shape-label').evaluate((element) => getComputedStyle(element).fontSize)).toBe('30px');
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH });
    expectNoPageErrors(tab);
  });
});
