/**
 * Edges the studio makes, drawn alike by diagrams.net and by the canvas. The AI makes a diagram
 * through MCP (shapes in a group, lined-up pairs of different sizes, pairs that do not line up,
 * dashed and dotted edges, heads at both ends), saves it, and the saved file is drawn by
 * diagrams.net's own viewer (support/drawio-viewer.ts) in the same Chromium: every edge's route,
 * point by point, its width and its dashes are the canvas's. The lined-up pairs are straight in
 * both (issue 6's rule), because the studio writes the fixed ends that make diagrams.net draw them so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drawPage, openViewerTab, startViewerServer, viewerEdges, viewerLabelBox, type Box, type ViewerEdge, type ViewerPage } from './support/drawio-viewer';
import { waitForEdge } from './support/browser';
import { HIGHLIGHT_MS } from '../src/renderer/src/common/origin';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';

const { startStudio } = useStudios();

/** Within this (px), two points of a route are the same. */
const SAME_POINT = 1;
/** How far back from its end the canvas may stop a line behind an arrowhead (classic, size 6, 1 px: 0.75 x 7 + 1.1). */
const MOST_SHORTENING = 8;

interface CanvasEdge {
  points: Array<{ x: number; y: number }>;
  strokeWidth: number;
  dashArray?: string;
}

/** The drawn line of the canvas's edge between two shapes: its points (page coordinates), width and dashes. */
async function canvasEdge(page: Page, source: string, target: string): Promise<CanvasEdge> {
  return page.locator(`[data-testid="edge-${source}-${target}"] path.react-flow__edge-path`).first().evaluate((path) => {
    const d = path.getAttribute('d') ?? '';
    const style = getComputedStyle(path);
    return {
      points: [...d.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) })),
      strokeWidth: Number.parseFloat(style.strokeWidth),
      dashArray: style.strokeDasharray === 'none' ? undefined : style.strokeDasharray.replace(/px/g, '').replace(/,\s*/g, ' '),
    };
  });
}

/** Whether the route crosses or touches the box anywhere (its legs are horizontal or vertical). */
function crossesBox(points: ReadonlyArray<{ x: number; y: number }>, box: Box): boolean {
  return points.slice(1).some((b, i) => {
    const a = points[i];
    const [left, right, top, bottom] = [Math.min(a.x, b.x), Math.max(a.x, b.x), Math.min(a.y, b.y), Math.max(a.y, b.y)];
    return right >= box.x && left <= box.x + box.w && bottom >= box.y && top <= box.y + box.h;
  });
}

const near = (a: { x: number; y: number }, b: { x: number; y: number }, by = SAME_POINT) => Math.hypot(a.x - b.x, a.y - b.y) <= by;

/**
 * Whether the canvas draws diagrams.net's route: the same points in the same order, an end with
 * an arrowhead pulled back along its last leg by at most MOST_SHORTENING.
 */
function sameRoute(viewer: ViewerEdge, canvas: CanvasEdge, heads: { source: boolean; target: boolean }): boolean {
  if (viewer.points.length !== canvas.points.length) return false;
  return viewer.points.every((point, i) => {
    const head = (i === 0 && heads.source) || (i === viewer.points.length - 1 && heads.target);
    if (!head) return near(point, canvas.points[i]);
    const other = canvas.points[i];
    const onLeg = Math.abs(point.x - other.x) <= SAME_POINT || Math.abs(point.y - other.y) <= SAME_POINT;
    return onLeg && near(point, other, MOST_SHORTENING);
  });
}

describe("edges the studio makes, as diagrams.net's viewer draws the saved file", () => {
  it('draws every route, width and dash pattern as diagrams.net does, straight between lined-up shapes', async () => {
    const { ai, server, context, disposables, openTab } = await startStudio();
    await ai.drawio([
      // Lined up, different sizes: one straight line, down and sideways.
      'add box Wide at:200,100 size:240x60',
      'add box Narrow at:300,260 size:80x50',
      'connect Wide -> Narrow',
      'add box Left at:600,100 size:100x120',
      'connect Wide <-> Left style:dashed',
      // Not lined up: diagrams.net's own orthogonal route.
      'add box Right at:800,300 size:100x100',
      'connect Left -> Right style:dotted',
      // Into a group, onto a circle lined up with the box above it, and out of the group to a box aside.
      'add box Top at:600,480',
      'add circle Dot at:600,640 size:40x40',
      'add box Other at:700,640',
      'group Dot Other as:Storage label:"Storage layer"',
      'connect Top -> Dot',
      'connect Other -> Narrow',
    ]);
    await ai.session('save as:studio-edges.drawio');
    const viewer = await openViewerTab(context, await startViewerServer(disposables));
    const tab = await openTab();
    const { page } = tab;

    /** The saved file drawn by diagrams.net, each edge compared with the canvas's; diagrams.net's edges by name. */
    let drawnPage: ViewerPage | undefined;
    const compare = async (): Promise<Map<string, ViewerEdge>> => {
      const xml = readFileSync(join(server.workspace, 'studio-edges.drawio'), 'utf8');
      // Nothing of the studio's own in the edges it wrote.
      for (const cell of xml.match(/<mxCell [^>]*edge="1"[^>]*>/g) ?? []) expect(cell).not.toMatch(/tandem/i);
      drawnPage = await drawPage(viewer, xml, 0);
      const drawn = await viewerEdges(viewer);
      expect(drawn.map((edge) => `${edge.source}->${edge.target}`).sort()).toEqual(['Left->Right', 'Other->Narrow', 'Top->Dot', 'Wide->Left', 'Wide->Narrow']);
      for (const edge of drawn) await waitForEdge(page, edge.source, edge.target);
      // The AI's edges wear its colour and a wider line for a moment; compared once that is gone.
      await page.waitForTimeout(HIGHLIGHT_MS + 200);
      for (const edge of drawn) {
        const heads = { source: edge.source === 'Wide' && edge.target === 'Left', target: true };
        await eventually(async () => {
          const canvas = await canvasEdge(page, edge.source, edge.target);
          return { route: sameRoute(edge, canvas, heads) ? 'same' : { viewer: edge.points, canvas: canvas.points }, strokeWidth: canvas.strokeWidth, dashArray: canvas.dashArray };
        }).toEqual({ route: 'same', strokeWidth: edge.strokeWidth, dashArray: edge.dashArray });
      }
      return new Map(drawn.map((edge) => [`${edge.source}->${edge.target}`, edge]));
    };

    const byName = await compare();
    // diagrams.net's own look for the studio's lines: 1 px, dashed 3 3, dotted 1 4.
    expect(byName.get('Wide->Left')!.dashArray).toBe('3 3');
    expect(byName.get('Left->Right')!.dashArray).toBe('1 4');
    expect(byName.get('Wide->Narrow')!.strokeWidth).toBe(1);
    // Issue 6: straight between lined-up shapes of different sizes, in diagrams.net too.
    for (const name of ['Wide->Narrow', 'Wide->Left', 'Top->Dot']) {
      expect(byName.get(name)!.points, name).toHaveLength(2);
    }
    expect(byName.get('Left->Right')!.points.length).toBeGreaterThan(2);
    // Issue 6: the group's title clear of edges, in diagrams.net too: the edge into the group crosses
    // the frame's top line where the title would start, so the studio wrote the title right of it.
    const title = await viewerLabelBox(viewer, drawnPage!, 'Storage layer');
    expect(title, 'diagrams.net draws the group title').toBeDefined();
    for (const [name, edge] of byName) expect(crossesBox(edge.points, title!), `${name} crosses the title ${JSON.stringify(title)}`).toBe(false);
    // (Its cell is wrapped in an <object> that keeps its name: the style is on the mxCell inside.)
    const storage = /(?:value|label)="Storage layer"[^>]*>(?:\s*<mxCell)?[^>]*style="([^"]*)"/.exec(readFileSync(join(server.workspace, 'studio-edges.drawio'), 'utf8'));
    expect(Number(/spacingLeft=([\d.]+)/.exec(storage![1])![1])).toBeGreaterThan(10);

    // Narrow moved out of line, above Wide and aside: its edges are routed anew, alike in both, never round a shape.
    await ai.drawio(['move Narrow to:520,-120 strict:true']);
    await ai.session('save');
    const moved = await compare();
    expect(moved.get('Wide->Narrow')!.points.length).toBeLessThanOrEqual(3);
    expectNoPageErrors(tab);
  });
});
