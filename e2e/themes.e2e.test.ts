/**
 * Light and dark, in Chromium: with the system's colour scheme light or dark (colorScheme), the
 * page's background and text differ, and on every view's main surfaces each piece of text meets
 * WCAG AA contrast (4.5:1; 3:1 for large text) against the background it is drawn on, computed from
 * the computed styles. The switch overrides the system's scheme and is remembered on reload.
 * The example workspace is opened first, so the views have content. Text that canvases draw (the
 * diagram's labels on their shapes, the piano roll's names and bar numbers, D2's picture) is judged
 * by its colour against the pixels under it (support/drawn-contrast).
 * A diagram's default ink and paper (what a file leaves to diagrams.net's black and white) are drawn
 * in the theme's on the canvas, so they read on the dark canvas too; a colour the file names is drawn as named.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectAiClient } from './support/ai-client';
import { canvasTexts, diagramTexts, lowDrawnContrast, recordCanvasText, svgPictureTexts, themeVariableColor } from './support/drawn-contrast';
import { launchChromium, openStudioTab } from './support/browser';
import { Disposables } from './support/disposables';
import { CONDITION_TIMEOUT_MS, expectNoPageErrors } from './support/studio';
import { startStudioServer, tempWorkspace } from './support/studio-server';

const VIEWS = ['drawio', 'midi', 'testenv', 'tasks', 'architecture', 'context'];

interface Finding {
  text: string;
  where: string;
  ratio: number;
  needed: number;
}

/**
 * Every piece of text on screen in the shown view and the rail, with its contrast against the
 * first opaque background behind it. Left out: what the file colours (the diagram's shapes and
 * edges), the AI's own colour chips, disabled controls (WCAG exempts them) and canvases.
 */
function lowContrast(page: Page): Promise<{ checked: number; failures: Finding[] }> {
  return page.evaluate(() => {
    // rgb(r g b / a), or color(srgb r g b / a) (what color-mix computes to), whose channels are 0..1.
    const parse = (color: string): number[] => {
      const m = color.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      const scale = color.startsWith('color(') ? 255 : 1;
      return [m[0] * scale, m[1] * scale, m[2] * scale, m.length > 3 ? m[3] : 1];
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const blend = (top: number[], under: number[]) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3])).concat(1);
    const backgroundOf = (element: Element): number[] => {
      const layers: number[][] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const bg = parse(getComputedStyle(at).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let color = [255, 255, 255, 1];
      for (const layer of layers.reverse()) color = blend(layer, color);
      return color;
    };
    const skip = '.react-flow__node, .react-flow__edge, .react-flow__edgelabel-renderer, canvas, .origin-chip, .change-origin, .read-chip, .read-origin, .presence-dot, .presence-name, [disabled], :disabled, .arch-kind, .d2-diagram, .arch-diagram, .docs-body, .log-lines, [hidden]';
    const failures: { text: string; where: string; ratio: number; needed: number }[] = [];
    let checked = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest(skip)) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0 || element.closest('[aria-hidden="true"]')) continue;
      if (box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) continue;
      const fg = blend(parse(style.color), backgroundOf(element));
      const [a, b] = [luminance(fg), luminance(backgroundOf(element))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      checked++;
      if (ratio < needed) failures.push({ text: text.slice(0, 40), where: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}: ${style.color} on ${backgroundOf(element).map(Math.round).join(',')}`, ratio: Math.round(ratio * 100) / 100, needed });
    }
    return { checked, failures };
  });
}

const pageColors = (page: Page) =>
  page.evaluate(() => ({ background: getComputedStyle(document.documentElement).backgroundColor, text: getComputedStyle(document.body).color, theme: document.documentElement.dataset.theme }));

describe('light and dark themes', () => {
  it('follow the system, differ, and keep text readable (WCAG AA) on every view, light and dark', { timeout: 180_000 }, async () => {
    const disposables = new Disposables();
    try {
      const browser = await launchChromium(disposables);
      // A config folder of its own: its Dark (studio-wide) must not reach the cores other tests run meanwhile.
      const env = { TANDEM_CONFIG_DIR: join(tempWorkspace(disposables, 'themes-config'), 'tandem') };
      const server = await startStudioServer(disposables, { workspace: join(tempWorkspace(disposables, 'themes'), 'Tandem'), env });
      const colors: Record<string, Awaited<ReturnType<typeof pageColors>>> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = disposables.track(await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme }), 'context', (c) => c.close());
        context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
        await recordCanvasText(context);
        const tab = await openStudioTab(context, server.studioUrl);
        const { page } = tab;
        if (colorScheme === 'light') {
          await page.getByTestId('welcome-open-example').click();
          await page.getByTestId('welcome').waitFor({ state: 'detached' });
        }
        colors[colorScheme] = await pageColors(page);
        expect(colors[colorScheme].theme).toBe(colorScheme);
        const failures: Record<string, Finding[]> = {};
        const drawnChecked: Record<string, number> = {};
        let checked = 0;
        for (const view of VIEWS) {
          await page.getByTestId(`domain-${view}`).click();
          await page.waitForTimeout(800);
          // D2's first render of the system may take a while on a busy machine.
          if (view === 'architecture') {
            await page.getByTestId('arch-tree').getByText('Storefront', { exact: true }).first().click();
            await page.locator('.arch-diagram img').first().waitFor({ timeout: 60_000 });
            await page.waitForTimeout(500);
          }
          const found = await lowContrast(page);
          checked += found.checked;
          // What the canvases draw (the diagram's labels, the roll's names and numbers, D2's picture), by its pixels.
          const drawn = await lowDrawnContrast(page, [...(await diagramTexts(page)), ...(await canvasTexts(page)), ...(await svgPictureTexts(page, '.arch-diagram'))]);
          drawnChecked[view] = drawn.checked;
          const all = [...found.failures, ...drawn.failures];
          if (all.length) failures[`${view} (${colorScheme})`] = all;
        }
        // The example's diagram, its song and its C4 system's picture each have text drawn where the computed styles cannot judge it.
        expect(drawnChecked.drawio).toBeGreaterThan(5);
        expect(drawnChecked.midi).toBeGreaterThan(5);
        expect(drawnChecked.architecture).toBeGreaterThan(2);
        expect(checked).toBeGreaterThan(100);
        expect(failures).toEqual({});
        expectNoPageErrors(tab);
      }
      expect(colors.light.background).not.toBe(colors.dark.background);
      expect(colors.light.text).not.toBe(colors.dark.text);

      // The switch overrides the system's scheme, and the choice outlives a reload.
      const context = disposables.track(await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' }), 'context', (c) => c.close());
      const { page } = await openStudioTab(context, server.studioUrl);
      await page.getByTestId('theme-switch').selectOption('dark');
      expect(await pageColors(page)).toEqual(colors.dark);
      await page.reload();
      await page.locator('[data-testid="connection"].open').waitFor();
      expect(await pageColors(page)).toEqual(colors.dark);
      expect(await page.getByTestId('theme-switch').inputValue()).toBe('dark');
      await page.getByTestId('theme-switch').selectOption('system');
      expect(await pageColors(page)).toEqual(colors.light);
    } finally {
      await disposables.disposeAll();
    }
  });

  it("draws a diagram's default ink in the theme's ink, light and dark, and the colours it names as named", { timeout: 120_000 }, async () => {
    const disposables = new Disposables();
    try {
      const workspace = tempWorkspace(disposables, 'ink');
      mkdirSync(join(workspace, 'diagrams'));
      writeFileSync(join(workspace, 'diagrams', 'ink.drawio'), INK_DIAGRAM);
      const browser = await launchChromium(disposables);
      const server = await startStudioServer(disposables, { workspace });
      const ai = await connectAiClient(disposables, server);
      await ai.session('open diagrams/ink.drawio');
      const drawn: Record<string, Record<string, string>> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = disposables.track(await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme }), 'context', (c) => c.close());
        context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
        const tab = await openStudioTab(context, server.studioUrl);
        await tab.page.locator('[data-testid="edge-Plain-Red"] .react-flow__edge-path').waitFor({ state: 'attached' });
        drawn[colorScheme] = await inkDrawn(tab.page);
        expectNoPageErrors(tab);
      }
      const black = 'rgb(0, 0, 0)';
      const red = 'rgb(255, 0, 0)';
      const white = 'rgb(255, 255, 255)';
      expect(drawn.light).toEqual({ ink: black, paper: white, saidFill: white, saidLabel: black, plainStroke: black, plainLabel: black, saidDefaultStroke: black, edge: black, edgeHead: black, redStroke: red, redLabel: red, redEdge: red, redEdgeHead: red, namedBlackLabel: black, namedBlackEdge: black, namedBlackHead: black });
      const { ink, paper, namedBlackLabel, namedBlackEdge, namedBlackHead } = drawn.dark;
      // The dark theme's ink is light and its paper (diagrams.net's default white fill) dark: they read on the dark canvas, where black did not.
      expect([ink, paper]).not.toContain(black);
      expect(paper).not.toBe(white);
      expect(drawn.dark).toEqual({ ink, paper, saidFill: paper, saidLabel: ink, plainStroke: ink, plainLabel: ink, saidDefaultStroke: ink, edge: ink, edgeHead: ink, redStroke: red, redLabel: red, redEdge: red, redEdgeHead: red, namedBlackLabel, namedBlackEdge, namedBlackHead });
      // A dark colour the file names on no fill of its own (black on its white page), for a label, a line and its head, is lightened on the dark canvas, so it reads; red reads as it is.
      for (const lightened of [namedBlackLabel, namedBlackEdge, namedBlackHead]) expect(lightened).toMatch(/^oklch\(0\.78 /);
    } finally {
      await disposables.disposeAll();
    }
  });
});

/** Two shapes in diagrams.net's default ink (one says `default`, and has the default fill), a red one, an edge of each, and a label the file names black on no fill. */
const INK_DIAGRAM = `<mxfile><diagram id="p" name="Ink"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
<mxCell id="plain" value="Plain" style="rounded=0;whiteSpace=wrap;html=1;fillColor=none;" vertex="1" parent="1"><mxGeometry x="40" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="said" value="Said" style="ellipse;whiteSpace=wrap;html=1;strokeColor=default;" vertex="1" parent="1"><mxGeometry x="40" y="200" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="red" value="Red" style="rounded=0;whiteSpace=wrap;html=1;fillColor=none;strokeColor=#ff0000;fontColor=#ff0000;" vertex="1" parent="1"><mxGeometry x="320" y="40" width="120" height="60" as="geometry"/></mxCell>
<mxCell id="named-black" value="Dark" style="text;html=1;fillColor=none;strokeColor=none;fontColor=#000000;" vertex="1" parent="1"><mxGeometry x="320" y="200" width="120" height="30" as="geometry"/></mxCell>
<mxCell id="black-edge" style="endArrow=classic;html=1;strokeColor=#000000;" edge="1" parent="1" source="named-black" target="red"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="plain-to-red" style="endArrow=classic;html=1;" edge="1" parent="1" source="plain" target="red"><mxGeometry relative="1" as="geometry"/></mxCell>
<mxCell id="said-to-red" style="endArrow=classic;html=1;strokeColor=#ff0000;" edge="1" parent="1" source="said" target="red"><mxGeometry relative="1" as="geometry"/></mxCell>
</root></mxGraphModel></diagram></mxfile>`;

/** The computed colours the canvas draws INK_DIAGRAM's cells in, and the theme's ink and paper themselves. */
async function inkDrawn(page: Page): Promise<Record<string, string>> {
  const drawn = await page.evaluate(() => {
    const shape = (text: string) => [...document.querySelectorAll('.shape-node')].find((node) => node.querySelector('.shape-label')?.textContent === text)!;
    const outline = (text: string) => getComputedStyle(shape(text).querySelector('.shape-svg :is(path, rect, ellipse)')!).stroke;
    const label = (text: string) => getComputedStyle(shape(text).querySelector('.shape-label')!).color;
    const edgePath = (testId: string) => document.querySelector(`[data-testid="${testId}"] .react-flow__edge-path`)!;
    const head = (testId: string) => {
      const marker = document.getElementById(/url\(['"]?#([^'")]+)/.exec(edgePath(testId).getAttribute('marker-end') ?? '')![1])!;
      const drawing = marker.querySelector('path, polygon, circle')!;
      const { fill, stroke } = getComputedStyle(drawing);
      return fill === 'none' ? stroke : fill;
    };
    return {
      saidFill: getComputedStyle(shape('Said').querySelector('.shape-svg :is(path, rect, ellipse)')!).fill,
      saidLabel: label('Said'),
      plainStroke: outline('Plain'),
      plainLabel: label('Plain'),
      saidDefaultStroke: outline('Said'),
      edge: getComputedStyle(edgePath('edge-Plain-Red')).stroke,
      edgeHead: head('edge-Plain-Red'),
      redStroke: outline('Red'),
      redLabel: label('Red'),
      redEdge: getComputedStyle(edgePath('edge-Said-Red')).stroke,
      redEdgeHead: head('edge-Said-Red'),
      namedBlackLabel: label('Dark'),
      namedBlackEdge: getComputedStyle(edgePath('edge-Dark-Red')).stroke,
      namedBlackHead: head('edge-Dark-Red'),
    };
  });
  return { ink: await themeVariableColor(page, '--diagram-ink'), paper: await themeVariableColor(page, '--diagram-paper'), ...drawn };
}
