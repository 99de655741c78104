/**
 * The connection points of shapes whose points diagrams.net lays out by their size and style
 * (getConstraints(style, w, h)), and of shapes that take their points from the class they extend.
 */
import { describe, expect, it } from 'vitest';
import { styleEntries } from '../stencils';
import { SIZE_DEPENDENT_SHAPES } from './connection-constraints-data';
import { connectionPointAt, connectionPointMarks, connectionPointsOf } from './connection-points';
import { perimeterBox, perimeterOfStyle } from './edge-perimeter';
import { SIZE_DEPENDENT_POINTS } from './size-dependent-points';

/** Where a cell of this style in a w x h box at the origin shows its connection points. */
function marks(style: string, w: number, h: number) {
  const box = { x: 0, y: 0, w, h };
  const entries = styleEntries(style);
  return connectionPointMarks(perimeterBox(box, perimeterOfStyle(entries)), connectionPointsOf(entries, undefined, box));
}

/** The point a drop at (x, y) on a w x h cell of this style attaches to. */
function snap(style: string, w: number, h: number, x: number, y: number) {
  const box = { x: 0, y: 0, w, h };
  const entries = styleEntries(style);
  return connectionPointAt(perimeterBox(box, perimeterOfStyle(entries)), { x, y }, connectionPointsOf(entries, undefined, box));
}

const near = (points: { x: number; y: number }[], x: number, y: number) => points.some((p) => Math.abs(p.x - x) < 1e-6 && Math.abs(p.y - y) < 1e-6);

describe('connection points that follow a shape\'s size', () => {
  it('every app shape diagrams.net lays out by its size has the studio\'s own function', () => {
    const appShapes = SIZE_DEPENDENT_SHAPES.filter((name) => !name.startsWith('mxgraph.'));
    expect(appShapes.length).toBeGreaterThan(10);
    expect(appShapes.filter((name) => !Object.hasOwn(SIZE_DEPENDENT_POINTS, name))).toEqual([]);
  });

  it("a note's points follow its folded corner, at any size", () => {
    // 100 x 60, fold 30: the fold begins 30 from the right, its middle and its end on the right side.
    for (const [w, h] of [[100, 60], [200, 120]]) {
      const points = marks('shape=note;whiteSpace=wrap;', w, h);
      expect(near(points, w - 30, 0)).toBe(true);
      expect(near(points, w - 15, 15)).toBe(true);
      expect(near(points, w, 30)).toBe(true);
      expect(near(points, w, (h + 30) / 2)).toBe(true);
      expect(near(points, (w - 30) / 2, 0)).toBe(true);
      // Not the rectangle's top-right corner, which the fold cuts away.
      expect(near(points, w, 0)).toBe(false);
    }
    // A drop on the fold's middle attaches there (the quarters would give the top's 0.75).
    expect(snap('shape=note;', 100, 60, 85, 15)).toMatchObject({ dx: 85, dy: 15, perimeter: false });
    // The fold's size comes from the style; a note narrower than twice its fold has no top middle.
    expect(near(marks('shape=note;size=10;', 100, 60), 90, 0)).toBe(true);
    expect(near(marks('shape=note;', 50, 60), 25, 0)).toBe(false);
    expect(near(marks('shape=note;', 60, 60), 30, 0)).toBe(true);
  });

  it("a card's points are a note's mirrored: its cut corner at the top left", () => {
    const points = marks('shape=card;', 100, 60);
    expect(near(points, 30, 0)).toBe(true);
    expect(near(points, 15, 15)).toBe(true);
    expect(near(points, 0, 30)).toBe(true);
    expect(near(points, 100, 0)).toBe(true);
    expect(near(points, 0, 0)).toBe(false);
  });

  it("a folder's points follow its tab, on the right or on the left", () => {
    const right = marks('shape=folder;', 200, 100);
    expect(near(right, 140, 0)).toBe(true);
    expect(near(right, 140, 20)).toBe(true);
    expect(near(right, 200, 20 + 80 * 0.25)).toBe(true);
    const left = marks('shape=folder;tabPosition=left;tabWidth=40;tabHeight=10;', 200, 100);
    expect(near(left, 40, 0)).toBe(true);
    expect(near(left, 120, 10)).toBe(true);
    expect(near(left, 140, 0)).toBe(false);
  });

  it("a callout's points sit on its box above the pointer and at the pointer's tip", () => {
    const points = marks('shape=callout;position2=0.2;', 100, 80);
    expect(near(points, 20, 80)).toBe(true);
    expect(near(points, 100, 50)).toBe(true);
    expect(near(points, 0, 25)).toBe(true);
    expect(near(points, 100, 80)).toBe(false);
  });

  it("a cube's and a cylinder's points follow their depth", () => {
    expect(near(marks('shape=cube;size=10;', 100, 60), 95, 5)).toBe(true);
    expect(near(marks('shape=cube;', 100, 60), 10, 50)).toBe(true);
    const cylinder = marks('shape=cylinder3;size=20;', 100, 100);
    expect(near(cylinder, 0, 20)).toBe(true);
    expect(near(cylinder, 100, 80)).toBe(true);
    expect(near(cylinder, 14.5, 5.8)).toBe(true);
  });

  it("a tee's and a corner's points follow their arms", () => {
    const tee = marks('shape=tee;dx=20;dy=30;', 100, 100);
    expect(near(tee, 60, 100)).toBe(true);
    expect(near(tee, 40, 65)).toBe(true);
    expect(near(tee, 0, 15)).toBe(true);
    const corner = marks('shape=corner;dx=30;dy=20;', 100, 100);
    expect(near(corner, 30, 20)).toBe(true);
    expect(near(corner, 15, 100)).toBe(true);
    expect(near(corner, 100, 100)).toBe(false);
  });

  it("block arrows' points follow their shaft and head, and a cross's its arms", () => {
    const single = marks('shape=singleArrow;arrowWidth=0.5;arrowSize=0.25;', 200, 100);
    expect(near(single, 150, 0)).toBe(true);
    expect(near(single, 0, 25)).toBe(true);
    expect(near(single, 75, 75)).toBe(true);
    const double = marks('shape=doubleArrow;', 200, 100);
    expect(near(double, 40, 0)).toBe(true);
    expect(near(double, 100, 35)).toBe(true);
    const cross = marks('shape=cross;size=0.4;', 100, 100);
    expect(near(cross, 30, 15)).toBe(true);
    expect(near(cross, 100, 30)).toBe(true);
    expect(near(cross, 0, 0)).toBe(false);
  });

  it('isometric cubes, a display and a module lay their points out by their size', () => {
    // An isometric cube in a wide box sits in the middle: its left edge starts where the square frame does.
    const m = 100 / (0.5 + Math.tan(Math.PI / 6));
    expect(near(marks('shape=isoCube;', 200, 100), (200 - m) / 2, (100 - m) / 2 + 0.25 * m)).toBe(true);
    expect(near(marks('shape=isoCube2;', 100, 100), 100, 100 * Math.tan((15 * Math.PI) / 200))).toBe(true);
    expect(near(marks('shape=display;', 200, 100), 150, 0)).toBe(true);
    expect(near(marks('shape=display;', 200, 100), 50, 100)).toBe(true);
    // A module's left points clear its jetties, and more of them show as it grows taller.
    const short = marks('shape=module;', 100, 40);
    const tall = marks('shape=module;', 100, 200);
    expect(near(short, 10, 0)).toBe(true);
    expect(near(short, 0, 15)).toBe(true);
    expect(tall.length - short.length).toBe(3);
    expect(near(tall, 10, 100)).toBe(true);
  });

  it('a shape facing south lays its points out in its box turned a quarter, then turns them', () => {
    // A note 60 wide, 100 high, facing south: laid out 100 x 60 (fold at x 70..100), turned a quarter clockwise.
    const points = marks('shape=note;direction=south;', 60, 100);
    expect(points).toHaveLength(marks('shape=note;', 100, 60).length);
    // The fold's middle (85, 15) of the 100 x 60 layout, centred on the cell's centre (30, 50), is at (65, 35);
    // turned a quarter clockwise about the centre it is at (45, 85): the fold is at the bottom right.
    const fold = { x: 45, y: 85 };
    expect(near(points, fold.x, fold.y)).toBe(true);
  });

  it('without the size, such a shape keeps the default points', () => {
    expect(connectionPointsOf(styleEntries('shape=note;'))).toBeUndefined();
  });
});

describe('every shape diagrams.net lays out by its size', () => {
  it("has the studio's own points, in the app and in every library", () => {
    expect(SIZE_DEPENDENT_SHAPES.length).toBe(98);
    expect(SIZE_DEPENDENT_SHAPES.filter((name) => connectionPointsOf(styleEntries(`shape=${name};`), undefined, { w: 100, h: 60 }) === undefined)).toEqual([]);
  });
});

describe("other libraries' points", () => {
  it("a channel's points run every 10 px along it; a DIP's pins every pinSpacing down its sides", () => {
    expect(marks('shape=mxgraph.eip.messageChannel;', 100, 20)).toHaveLength(2 + 2 * 9);
    expect(marks('shape=mxgraph.eip.messageChannel;', 200, 20)).toHaveLength(2 + 2 * 19);
    const chip = marks('shape=mxgraph.electrical.logic_gates.dual_inline_ic;', 100, 100);
    expect(chip).toHaveLength(10);
    expect(near(chip, 0, 90)).toBe(true);
    expect(near(marks('shape=mxgraph.electrical.logic_gates.dual_inline_ic;startPin=e;', 100, 100), 50, 100)).toBe(true);
  });

  it("a SysML composite state's top points show right of its tab as it widens", () => {
    expect(near(marks('shape=mxgraph.sysml.compState;', 200, 100), 150, 20)).toBe(true);
    expect(near(marks('shape=mxgraph.sysml.compState;', 200, 100), 100, 20)).toBe(false);
    expect(near(marks('shape=mxgraph.sysml.compState;', 300, 100), 150, 20)).toBe(true);
  });
});

describe("the Arrows palette's points, which follow each arrow's keys", () => {
  it("an arrow's points sit at its notch, its shaft's ends and its head's barbs, at any size", () => {
    for (const [w, h] of [[100, 60], [200, 80]]) {
      const points = marks('shape=mxgraph.arrows2.arrow;dy=0.6;dx=40;notch=15;', w, h);
      const shaft = (h / 2) * 0.6;
      expect(near(points, 15, h / 2)).toBe(true);
      expect(near(points, w - 40, 0)).toBe(true);
      expect(near(points, w - 40, shaft)).toBe(true);
      expect(near(points, (w - 40) / 2, h - shaft)).toBe(true);
      expect(near(points, 0, 0)).toBe(false);
    }
  });

  it("a bent arrow's corner points follow rounded", () => {
    const square = marks('shape=mxgraph.arrows2.bendArrow;dy=15;dx=30;arrowHead=55;', 100, 100);
    const rounded = marks('shape=mxgraph.arrows2.bendArrow;dy=15;dx=30;arrowHead=55;rounded=1;', 100, 100);
    expect(near(square, 0, 27.5 - 15)).toBe(true);
    expect(near(rounded, 15 * 0.586, 27.5 - 15 * 0.414)).toBe(true);
    expect(near(rounded, 0, 27.5 - 15)).toBe(false);
  });
});

describe("the Basic palette's points, which follow each shape's keys", () => {
  it("a frame has points on its inner edge too, its thickness at most half the shorter side", () => {
    for (const [w, h] of [[100, 60], [200, 160]]) {
      const points = marks('shape=mxgraph.basic.frame;dx=10;', w, h);
      expect(points).toHaveLength(32);
      expect(near(points, 10, 10)).toBe(true);
      expect(near(points, w - 10, h / 2)).toBe(true);
      expect(near(points, w / 2, h - 10)).toBe(true);
    }
    expect(near(marks('shape=mxgraph.basic.frame;dx=50;', 100, 60), 30, 30)).toBe(true);
  });

  it("a rectangular callout's points stop above its pointer, whose tip is dx - dy along the bottom", () => {
    const points = marks('shape=mxgraph.basic.rectCallout;dx=30;dy=15;', 100, 60);
    expect(near(points, 15, 60)).toBe(true);
    expect(near(points, 100, 45)).toBe(true);
    expect(near(points, 100, 60)).toBe(false);
  });
});

describe("the Infographic palette's points", () => {
  it("a banner's points run along its band and its folded ends' notches, at any width", () => {
    for (const w of [200, 300]) {
      const points = marks('shape=mxgraph.infographic.banner;dx=30;dy=10;notch=15;', w, 60);
      const band = w - 60;
      expect(near(points, 30 + band / 4, 0)).toBe(true);
      expect(near(points, 30 + band, 25)).toBe(true);
      expect(near(points, 15, 35)).toBe(true);
      expect(near(points, w - 15, 35)).toBe(true);
    }
  });
});

describe('connection points of a getConstraints that gives the same points at any size', () => {
  it("are read as the library's fixed points (ArchiMate 3's component: its jetties' side and its body's top)", () => {
    const points = marks('shape=mxgraph.archimate3.component;', 100, 60);
    expect(points).toHaveLength(9);
    expect(near(points, 62.5, 0)).toBe(true);
    expect(near(points, 0, 0.325 * 60)).toBe(true);
    // Not the rectangle's top middle nor its left side's middle.
    expect(near(points, 50, 0)).toBe(false);
    expect(near(points, 0, 30)).toBe(false);
    expect(SIZE_DEPENDENT_SHAPES).not.toContain('mxgraph.archimate3.component');
  });
});

describe('connection points a shape takes from the class it extends', () => {
  it('a class with no word up to mxShape has none: an end dropped on it attaches floating', () => {
    for (const style of ['shape=umlFrame;', 'shape=umlBoundary;', 'shape=mxgraph.aws3d.arrowNE;', 'shape=mxgraph.floorplan.wall;']) {
      expect(connectionPointsOf(styleEntries(style), undefined, { w: 100, h: 60 })).toEqual([]);
    }
  });

  it("a class that extends the cylinder, the ellipse or the actor has the parent's points", () => {
    const cylinder = connectionPointsOf(styleEntries('shape=cylinder;'));
    expect(connectionPointsOf(styleEntries('shape=datastore;'))).toEqual(cylinder);
    expect(connectionPointsOf(styleEntries('shape=waypoint;'))).toEqual(cylinder);
    expect(connectionPointsOf(styleEntries('shape=umlEntity;'))).toEqual(connectionPointsOf(styleEntries('ellipse;')));
    expect(connectionPointsOf(styleEntries('shape=curlyBracket;'))).toEqual(connectionPointsOf(styleEntries('shape=actor;')));
    expect(cylinder?.length).toBe(12);
  });
});
