/**
 * A short connector's label leaves the connector visible, as diagrams.net draws it: the label's
 * background is as big as its text (no box around it), so the line shows above and below a label
 * that sits on it; and the AI's last action at the foot of the rail shows whole, wrapped between words. Screenshots in light
 * and dark in test-results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { edgeElement, waitForEdge } from './support/browser';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';
import { REPO_ROOT } from './support/studio-server';

const { startStudio } = useStudios();

// Boxes 50 px apart joined by labelled connectors: the edge's own label, one in a larger font, and a
// label that wraps at its geometry's width (120 px) with a word much shorter than that.
const SHORT_EDGE_FILE = `<mxfile><diagram id="p1" name="Short"><mxGraphModel><root>
<mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="a" value="Web" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="50" as="geometry"/></mxCell>
<mxCell id="b" value="API" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="140" width="120" height="50" as="geometry"/></mxCell>
<mxCell id="e" value="HTTPS" style="endArrow=classic;html=1;" edge="1" parent="1" source="a" target="b"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="c" value="DB" style="shape=cylinder3;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="260" y="140" width="80" height="50" as="geometry"/></mxCell>
<mxCell id="f" value="reads" style="endArrow=classic;html=1;fontSize=16;" edge="1" parent="1" source="b" target="c"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="d" value="Queue" style="rounded=1;whiteSpace=wrap;html=1;" vertex="1" parent="1"><mxGeometry x="40" y="240" width="120" height="50" as="geometry"/></mxCell>
<mxCell id="g" value="jobs" style="endArrow=classic;html=1;whiteSpace=wrap;" edge="1" parent="1" source="b" target="d"><mxGeometry width="120" relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

describe('a short connector with a label', () => {
  it('draws the label as big as its text, so the connector shows on both sides of it', async () => {
    const studio = await startStudio();
    mkdirSync(join(studio.server.workspace, 'diagrams'));
    writeFileSync(join(studio.server.workspace, 'diagrams', 'short.drawio'), SHORT_EDGE_FILE);
    await studio.ai.session('open diagrams/short.drawio');
    const tab = await studio.openTab();
    const { page } = tab;
    // And a connector the AI draws, with the studio's own defaults.
    await studio.ai.drawio(['add svc Auth at:420,40', 'add db Store near:Auth dir:below', 'connect Auth -> Store label:"reads"']);
    for (const [source, target, fontSize] of [['Web', 'API', 11], ['API', 'DB', 16], ['API', 'Queue', 11], ['Auth', 'Store', 11]] as const) {
      await waitForEdge(page, source, target);
      const edge = edgeElement(page, source, target);
      const label = edge.getByTestId('edge-label');
      const box = (await label.boundingBox())!;
      const text = await label.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const r = range.getBoundingClientRect();
        return { width: r.width, height: r.height };
      });
      const zoom = await page.locator('.react-flow__viewport').evaluate((v) => new DOMMatrix(getComputedStyle(v).transform).a);
      // The label's box is its text's box: no padding, one line of its font (diagrams.net's line height).
      expect(box.height).toBeLessThanOrEqual(Math.ceil(fontSize * 1.25 * zoom) + 1);
      expect(box.width).toBeLessThanOrEqual(text.width + 2);
      // The connector shows outside the label: its drawn length is more than the label covers of it.
      const path = (await edge.locator('path.react-flow__edge-path').boundingBox())!;
      const along = Math.max(path.width, path.height);
      const covered = path.height > path.width ? box.height : box.width;
      expect(along - covered).toBeGreaterThan(along * 0.3);
    }
    // The AI's last action at the foot of the rail is not cut sideways: it wraps, and its chip's title has it all.
    const last = page.getByTestId('presence-client').locator('.presence-last');
    await last.waitFor();
    const fits = await last.evaluate((element) => ({ fits: element.scrollWidth <= element.clientWidth + 1, text: element.textContent ?? '', title: element.parentElement?.title ?? '' }));
    expect(fits.fits).toBe(true);
    expect(fits.title).toContain(fits.text);
    // Nor cut at its foot: a session action shows whole, its path as the file's name (the title has the path), a tool's name wrapped at its `_`.
    await studio.ai.session('save');
    await studio.ai.session('open diagrams/short.drawio');
    await eventually(() => last.textContent()).toBe('drawio_session open short.drawio');
    const shown = await last.evaluate((element) => {
      const node = [...element.childNodes].find((child) => child.textContent?.startsWith('session'))!;
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, 'session'.length);
      return { clamped: element.scrollHeight > element.clientHeight + 1, sessionLines: range.getClientRects().length, title: element.parentElement?.title ?? '' };
    });
    expect(shown).toEqual({ clamped: false, sessionLines: 1, title: expect.stringContaining('drawio_session open diagrams/short.drawio') });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(REPO_ROOT, 'test-results', `drawio-short-edge-${colorScheme}.png`) });
    }
    expectNoPageErrors(tab);
  });
});
