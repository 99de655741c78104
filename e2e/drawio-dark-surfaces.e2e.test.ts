/**
 * Dark theme on the diagram canvas, where a file names the fill under its labels: a label with no
 * colour of its own takes the ink of what it lies on (a white class body's rows stay black, the
 * canvas's labels take the theme's light ink); a default fill is the theme's paper even under a label
 * colour the file names (a UML frame's tab is dark in dark, its black title lightened on it, not a
 * white band on the dark canvas); an edge label's default box (diagrams.net's page colour) is the
 * theme's paper with the theme's ink, one the file fills white keeps it with the file's ink, and one
 * without a box takes the theme's ink; a text cell on a filled shape painted under it takes that fill's
 * ink. Checked by computed colours and by the pixels under each label (support/drawn-contrast), on a
 * file made here and on the corpus's class diagram and state machine.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../src/main/testing/corpora';
import { connectAiClient } from './support/ai-client';
import { launchChromium, openStudioTab } from './support/browser';
import { Disposables } from './support/disposables';
import { diagramTexts, lowDrawnContrast, themeVariableColor } from './support/drawn-contrast';
import { CONDITION_TIMEOUT_MS, expectNoPageErrors } from './support/studio';
import { REPO_ROOT, startStudioServer, tempWorkspace } from './support/studio-server';

const cell = (id: string, value: string, style: string, x: number, y: number, w: number, h: number, parent = '1') =>
  `<mxCell id="${id}" value="${value}" style="${style}" vertex="1" parent="${parent}"><mxGeometry x="${x}" y="${y}" width="${w}" height="${h}" as="geometry"/></mxCell>`;

/** A class box (white body named by swimlaneFillColor), boxes filled white by name and by default, a UML frame with a black title, a label whose markup names a dark blue (as a lane header of business-swimlane), and two labelled edges. */
const SURFACES = `<mxfile><diagram id="p" name="Surfaces"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
${cell('frame', 'Frame title', 'shape=umlFrame;whiteSpace=wrap;html=1;width=160;height=24;fontColor=#000000;fillColor=default;', 20, 20, 760, 420)}
${cell('cls', 'Order', 'swimlane;fontStyle=1;childLayout=stackLayout;startSize=26;swimlaneFillColor=#ffffff;fillColor=#dae8fc;', 60, 80, 160, 86)}
${cell('row1', '+ id: string', 'text;strokeColor=none;fillColor=none;align=left;verticalAlign=top;spacingLeft=4;', 0, 26, 160, 30, 'cls')}
${cell('row2', '+ total(): number', 'text;strokeColor=none;fillColor=none;align=left;verticalAlign=top;spacingLeft=4;', 0, 56, 160, 30, 'cls')}
${cell('white', 'Named white', 'rounded=0;whiteSpace=wrap;html=1;fillColor=white;', 300, 80, 140, 60)}
${cell('hex', 'Hex white', 'rounded=0;whiteSpace=wrap;html=1;fillColor=#ffffff;', 300, 200, 140, 60)}
${cell('paper', 'Default paper', 'rounded=0;whiteSpace=wrap;html=1;', 540, 80, 140, 60)}
${cell('region', '', 'fillColor=#FFF2CC;', 60, 300, 200, 100)}
${cell('on-region', 'On the region', 'text;align=center;', 80, 320, 120, 30)}
${cell('lane', '&lt;font color=&quot;#23497d&quot;&gt;Lane header&lt;/font&gt;', 'text;html=1;fillColor=none;strokeColor=none;fontColor=#2F5B7C;', 540, 330, 140, 30)}
<mxCell id="boxed" value="boxed label" style="endArrow=classic;html=1;" edge="1" parent="1" source="white" target="paper"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="named-box" value="named box" style="endArrow=classic;html=1;labelBackgroundColor=#ffffff;" edge="1" parent="1" source="hex" target="white"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="bare" value="bare label" style="endArrow=classic;html=1;labelBackgroundColor=none;" edge="1" parent="1" source="hex" target="paper"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

function drawnColors(page: Page) {
  return page.evaluate(() => {
    const label = (text: string) => {
      const span = [...document.querySelectorAll('.shape-label, .group-code-label, .edge-label')].find((node) => node.textContent?.trim() === text);
      if (!span) throw new Error(`no label ${text}`);
      return span as HTMLElement;
    };
    const ink = (text: string) => getComputedStyle(label(text)).color;
    // The frame's tab: the one filled path of its figure (the frame's body is only outlined).
    const frameTab = [...label('Frame title').closest('.shape-node, .group-frame')!.querySelectorAll('.shape-svg path')].find((path) => getComputedStyle(path).fill !== 'none');
    return {
      row: ink('+ id: string'),
      namedWhite: ink('Named white'),
      hexWhite: ink('Hex white'),
      paper: ink('Default paper'),
      frameTitle: ink('Frame title'),
      frameTabFill: frameTab ? getComputedStyle(frameTab).fill : 'no tab',
      onRegion: ink('On the region'),
      markupInk: getComputedStyle([...label('Lane header').querySelectorAll('span')].pop()!).color,
      boxedEdge: ink('boxed label'),
      boxedEdgeBox: getComputedStyle(label('boxed label')).backgroundColor,
      namedBoxEdge: ink('named box'),
      namedBoxEdgeBox: getComputedStyle(label('named box')).backgroundColor,
      bareEdge: ink('bare label'),
    };
  });
}

const SHOTS = join(REPO_ROOT, 'test-results', 'dark-surfaces');

/** The page at 1280x800 and 1920x1080 (the diagram framed again at each), back at 1280x800 after. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [{ width: 1920, height: 1080 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, `${name}-${size.width}.png`) });
  }
}

describe('dark theme on the diagram canvas', () => {
  it('draws default ink in the ink of the fill under it, a default fill in the theme\'s paper under a named ink (lightened), and edge labels in their default box in the theme\'s, in a named one as named', { timeout: 180_000 }, async () => {
    const disposables = new Disposables();
    try {
      const workspace = tempWorkspace(disposables, 'surfaces');
      mkdirSync(join(workspace, 'diagrams'));
      writeFileSync(join(workspace, 'diagrams', 'surfaces.drawio'), SURFACES);
      copyFileSync(corpusPath('drawio', 'software-class_3.xml'), join(workspace, 'diagrams', 'classes.drawio'));
      copyFileSync(corpusPath('drawio', 'uml-state_machine_1.xml'), join(workspace, 'diagrams', 'states.drawio'));
      const browser = await launchChromium(disposables);
      const server = await startStudioServer(disposables, { workspace });
      const ai = await connectAiClient(disposables, server);
      const black = 'rgb(0, 0, 0)';
      const white = 'rgb(255, 255, 255)';
      for (const colorScheme of ['light', 'dark'] as const) {
        await ai.session('open diagrams/surfaces.drawio');
        const context = disposables.track(await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme }), 'context', (c) => c.close());
        context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
        const tab = await openStudioTab(context, server.studioUrl);
        const { page } = tab;
        await page.locator('.edge-label', { hasText: 'bare label' }).waitFor();
        const drawn = { ...(await drawnColors(page)), themeInk: await themeVariableColor(page, '--diagram-ink'), themePaper: await themeVariableColor(page, '--diagram-paper') };
        await screenshots(page, `surfaces-${colorScheme}`);
        // Rows in the class's white body, and labels in boxes the file fills white, stay black in both themes.
        expect([drawn.row, drawn.namedWhite, drawn.hexWhite, drawn.namedBoxEdge]).toEqual([black, black, black, black]);
        // A text cell laid on a pale region painted under it (a sibling, not its container) takes the region's black, in dark too.
        expect(drawn.onRegion).toBe(black);
        expect(drawn.namedBoxEdgeBox).toBe(white);
        // An edge label's default box is diagrams.net's page colour: the theme's paper, with the theme's ink on it (no white slab in dark).
        expect([drawn.boxedEdgeBox, drawn.boxedEdge]).toEqual([drawn.themePaper, drawn.themeInk]);
        // The UML frame's tab (its default fill) is the theme's paper, no white band in dark; its named black title is lightened on it in dark.
        expect(drawn.frameTabFill).toBe(drawn.themePaper);
        if (colorScheme === 'light') expect(drawn.frameTitle).toBe(black);
        else expect(drawn.frameTitle).toMatch(/^oklch\(0\.78 /);
        // A dark blue the label's markup names (<font color>) on the canvas: as named in light, lightened in dark, as its style's fontColor is.
        if (colorScheme === 'light') expect(drawn.markupInk).toBe('rgb(35, 73, 125)');
        else expect(drawn.markupInk).toMatch(/^oklch\(0\.78 /);
        // On the canvas and the default paper: the theme's ink (black in light, light in dark).
        expect(drawn.paper).toBe(drawn.themeInk);
        expect(drawn.bareEdge).toBe(drawn.themeInk);
        if (colorScheme === 'dark') expect(drawn.themeInk).not.toBe(black);
        // Every label of this file reads against the pixels under it.
        const texts = await diagramTexts(page);
        const contrast = await lowDrawnContrast(page, texts);
        expect(contrast.checked).toBeGreaterThanOrEqual(11);
        expect(contrast.failures).toEqual([]);

        // The corpus's class diagram: every field and method row (default ink, in white class bodies) reads, light and dark.
        await ai.session('open diagrams/classes.drawio');
        await page.locator('.shape-label', { hasText: 'method(type)' }).first().waitFor();
        await page.waitForTimeout(500);
        await screenshots(page, `classes-${colorScheme}`);
        const rows = (await diagramTexts(page)).filter((t) => t.text.startsWith('+ '));
        const rowContrast = await lowDrawnContrast(page, rows);
        expect(rowContrast.checked).toBeGreaterThan(20);
        expect(rowContrast.failures).toEqual([]);

        // The corpus's state machine: its texts lie on a pale yellow region drawn under them (siblings, not members); every label reads.
        await ai.session('open diagrams/states.drawio');
        await page.locator('.shape-label', { hasText: 'book hotel' }).first().waitFor();
        await page.locator('.react-flow__controls-fitview').click();
        await page.waitForTimeout(500);
        await screenshots(page, `states-${colorScheme}`);
        const stateContrast = await lowDrawnContrast(page, await diagramTexts(page));
        expect(stateContrast.checked).toBeGreaterThan(30);
        expect(stateContrast.failures).toEqual([]);
        expectNoPageErrors(tab);
      }
    } finally {
      await disposables.disposeAll();
    }
  });
});
