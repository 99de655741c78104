/**
 * A wide edge is picked on its whole body, as diagrams.net picks it: a flexArrow 40 px wide by a
 * click inside its shaft well off its centre line (where neither its outline nor the line's pick
 * band lies), a 12 px filledEdge by a click on its core's edge. A click just past the body picks nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canvasZoom, edgeElement, waitForEdge } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';

const { startStudio } = useStudios();

const cell = (id: string, value: string, x: number, y: number) =>
  `<mxCell id="${id}" value="${value}" style="rounded=0;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="${x}" y="${y}" width="80" height="60" as="geometry"/></mxCell>`;
const WIDE_EDGES_FILE = `<mxfile><diagram id="p1" name="Wide"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
${cell('a', 'A', 40, 40)}${cell('b', 'B', 440, 40)}${cell('c', 'C', 40, 240)}${cell('d', 'D', 440, 240)}
<mxCell id="e" value="" style="shape=flexArrow;html=1;width=40;endWidth=20;fillColor=#dae8fc;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="f" value="" style="shape=filledEdge;html=1;strokeWidth=12;fillColor=#ffe6cc;strokeColor=#d79b00;endArrow=none;" edge="1" parent="1" source="c" target="d"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

/** Whether the edge between the two shapes is selected. */
const selected = (page: Page, source: string, target: string) =>
  edgeElement(page, source, target).evaluate((element) => element.closest('.react-flow__edge')?.classList.contains('selected') ?? false);

/** The screen point `offset` page pixels below the middle of the edge's centre line (horizontal here). */
async function besideMiddle(page: Page, source: string, target: string, offset: number): Promise<{ x: number; y: number }> {
  const zoom = await canvasZoom(page);
  const line = (await edgeElement(page, source, target).locator('path.react-flow__edge-interaction').boundingBox())!;
  return { x: line.x + line.width / 2, y: line.y + line.height / 2 + offset * zoom };
}

describe('a wide edge shape', () => {
  it('is picked on its whole body, not only along its centre line', async () => {
    const studio = await startStudio();
    mkdirSync(join(studio.server.workspace, 'diagrams'));
    writeFileSync(join(studio.server.workspace, 'diagrams', 'wide.drawio'), WIDE_EDGES_FILE);
    await studio.ai.session('open diagrams/wide.drawio');
    const tab = await studio.openTab();
    const { page } = tab;
    await waitForEdge(page, 'A', 'B');
    await waitForEdge(page, 'C', 'D');

    // Just past the flexArrow's shaft (20 px each side of its line): nothing is picked.
    let at = await besideMiddle(page, 'A', 'B', 24);
    await page.mouse.click(at.x, at.y);
    expect(await selected(page, 'A', 'B')).toBe(false);
    // Inside its shaft, 14 px off its line: past the 7 px band the line is picked by, short of the outline.
    at = await besideMiddle(page, 'A', 'B', 14);
    await page.mouse.click(at.x, at.y);
    await eventually(() => selected(page, 'A', 'B')).toBe(true);

    // The filledEdge, 12 px wide: 5 px off its line, on its body, outside its core.
    await page.mouse.click(10, 10);
    at = await besideMiddle(page, 'C', 'D', 5.5);
    await page.mouse.click(at.x, at.y);
    await eventually(() => selected(page, 'C', 'D')).toBe(true);
    expectNoPageErrors(tab);
  });
});
