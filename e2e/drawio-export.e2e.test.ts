/**
 * Export from the diagram view, end to end: a real `tandem serve`, Debian's Chromium clicking
 * Export, the file written in the workspace with the diagram inside (read back with fast-png and
 * fast-xml-parser, not the studio's own readers), and the AI opening the picture over MCP and
 * finding the person's diagram in it. Without Chromium the suite FAILS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { shapeNode } from './support/browser';
import { eventually, useStudios } from './support/studio';

const { startStudio } = useStudios();

describe('export in the diagram view', () => {
  it('writes the page as .drawio.svg and .drawio.png in the workspace, says where, and the AI reopens them', async () => {
    const studio = await startStudio();
    await studio.ai.session('new "Checkout flow"');
    await studio.ai.drawio(['add svc Api theme:green at:100,100', 'add db Orders near:Api dir:right', 'connect Api -> Orders label:writes', 'add aws4.lambda Charge at:100,300']);
    const { page } = await studio.openTab();
    await shapeNode(page, 'Orders').waitFor();

    await page.getByTestId('export').click();
    const pathInput = page.getByTestId('export-path-input');
    expect(await pathInput.inputValue()).toBe('diagrams/checkout-flow.drawio.svg');
    await page.getByTestId('export-confirm').click();
    await eventually(() => page.getByTestId('export-result').textContent()).toMatch(/^exported diagrams\/checkout-flow\.drawio\.svg \(page "Page-1", \d+x\d+ px at scale 1/);
    const svgPath = join(studio.server.workspace, 'diagrams', 'checkout-flow.drawio.svg');
    const svg = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(svgPath, 'utf8')).svg as Record<string, string>;
    expect(svg.content).toContain('value="Orders"');
    // The built worker draws diagrams.net's stencils (maxGraph on linkedom, bundled in out/main).
    expect(readFileSync(svgPath, 'utf8')).toMatch(/<g data-stencil="mxgraph\.aws4\.lambda">(?:(?!<\/g>).)*<path /);

    await page.getByTestId('export-png').click();
    expect(await pathInput.inputValue()).toBe('diagrams/checkout-flow.drawio.png');
    await page.getByTestId('export-scale-input').fill('2');
    await page.getByTestId('export-confirm').click();
    await eventually(() => page.getByTestId('export-result').textContent()).toMatch(/^exported diagrams\/checkout-flow\.drawio\.png \(page "Page-1", \d+x\d+ px at scale 2/);
    const png = decodePng(readFileSync(join(studio.server.workspace, 'diagrams', 'checkout-flow.drawio.png')));
    const [, , w, h] = svg.viewBox.split(' ').map(Number);
    expect([png.width, png.height]).toEqual([w * 2, h * 2]);
    expect(decodeURIComponent(png.text.mxfile)).toContain('value="Api"');

    // A refused export says why in the dialog.
    await pathInput.fill('diagrams/checkout.pdf');
    await page.getByTestId('export-confirm').click();
    await eventually(() => page.getByTestId('export-error').textContent()).toContain('[bad_param]');

    // The AI opens the picture the person made: the same diagram.
    expect(await studio.ai.session('open diagrams/checkout-flow.drawio.png discard:true')).toMatch(/^!opened diagrams\/checkout-flow\.drawio\.png "Checkout flow"/);
    expect(await studio.ai.query('map')).toMatch(/Api[\s\S]*Orders|Orders[\s\S]*Api/);
  });
});
