import { describe, expect, it } from 'vitest';
import {
  besidePosition,
  canvasOf,
  findFreeSpot,
  parseTarget,
  regionPosition,
  reorientPoint,
  reorientPort,
  reorientShapes,
} from './placement';
import type { ShapeRecord } from '../../../shared/drawio/model';
import { PageIndex } from './store-index';
import { fails, newDiagram, ok, shape } from './test-kit';

const anchor = { x: 200, y: 200, w: 140, h: 60 };
const size = { w: 120, h: 80 };

describe('besidePosition', () => {
  it('puts a shape one 60 px gap away in each of the 8 directions, aligned on the near edges', () => {
    expect(besidePosition(anchor, size, 'right')).toEqual({ x: 400, y: 200 });
    expect(besidePosition(anchor, size, 'left')).toEqual({ x: 20, y: 200 });
    expect(besidePosition(anchor, size, 'below')).toEqual({ x: 200, y: 320 });
    expect(besidePosition(anchor, size, 'above')).toEqual({ x: 200, y: 60 });
    expect(besidePosition(anchor, size, 'below-right')).toEqual({ x: 400, y: 320 });
    expect(besidePosition(anchor, size, 'below-left')).toEqual({ x: 20, y: 320 });
    expect(besidePosition(anchor, size, 'above-right')).toEqual({ x: 400, y: 60 });
    expect(besidePosition(anchor, size, 'above-left')).toEqual({ x: 20, y: 60 });
  });
});

function pageWith(...rects: Array<{ x: number; y: number; w: number; h: number }>): PageIndex {
  const page = new PageIndex();
  rects.forEach((r, i) => {
    const id = `s${i}`;
    page.shapes.set(id, { id, ...r } as ShapeRecord);
    page.grid.insert(id, r);
  });
  return page;
}

describe('findFreeSpot', () => {
  it('keeps a free start', () => {
    expect(findFreeSpot(pageWith(anchor), { x: 400, y: 200 }, size, 'right')).toEqual({ x: 400, y: 200 });
  });

  it('steps past blockers in the direction, one gap beyond each', () => {
    const page = pageWith(anchor, { x: 400, y: 200, w: 120, h: 80 }, { x: 580, y: 210, w: 50, h: 50 });
    expect(findFreeSpot(page, { x: 400, y: 200 }, size, 'right')).toEqual({ x: 690, y: 200 });
    expect(findFreeSpot(page, { x: 200, y: 200 }, size, 'below')).toEqual({ x: 200, y: 320 });
    expect(findFreeSpot(page, { x: 200, y: 200 }, size, 'above')).toEqual({ x: 200, y: 60 });
  });

  it('ignores the shapes it is told to', () => {
    const page = pageWith(anchor);
    expect(findFreeSpot(page, { x: 200, y: 200 }, size, 'below', new Set(['s0']))).toEqual({ x: 200, y: 200 });
  });
});

describe('canvas and regions', () => {
  it('is at least 800x600 and grows with the content plus a margin', () => {
    expect(canvasOf([])).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(canvasOf([anchor])).toEqual({ x: 0, y: 0, w: 800, h: 600 });
    expect(canvasOf([{ x: 900, y: 700, w: 140, h: 60 }])).toEqual({ x: 0, y: 0, w: 1140, h: 860 });
    expect(canvasOf([{ x: -300, y: 50, w: 100, h: 100 }])).toEqual({ x: -400, y: 0, w: 800, h: 600 });
  });

  it('places each of the nine regions inside the canvas', () => {
    const canvas = { x: 0, y: 0, w: 800, h: 600 };
    const s = { w: 140, h: 60 };
    expect(regionPosition('top-left', canvas, s)).toEqual({ x: 40, y: 40 });
    expect(regionPosition('top-center', canvas, s)).toEqual({ x: 330, y: 40 });
    expect(regionPosition('top-right', canvas, s)).toEqual({ x: 620, y: 40 });
    expect(regionPosition('middle-left', canvas, s)).toEqual({ x: 40, y: 270 });
    expect(regionPosition('center', canvas, s)).toEqual({ x: 330, y: 270 });
    expect(regionPosition('middle-right', canvas, s)).toEqual({ x: 620, y: 270 });
    expect(regionPosition('bottom-left', canvas, s)).toEqual({ x: 40, y: 500 });
    expect(regionPosition('bottom-center', canvas, s)).toEqual({ x: 330, y: 500 });
    expect(regionPosition('bottom-right', canvas, s)).toEqual({ x: 620, y: 500 });
  });

  it('parses at: as a point or a region, and refuses anything else', () => {
    expect(parseTarget('at', '300,400')).toEqual({ point: { x: 300, y: 400 } });
    expect(parseTarget('at', '(-10, 20.6)')).toEqual({ point: { x: -10, y: 21 } });
    expect(parseTarget('at', 'Center')).toEqual({ region: 'center' });
    expect(() => parseTarget('at', 'middle')).toThrow(/expected X,Y or a region/);
    expect(() => parseTarget('at', '300,x')).toThrow(/expected X,Y/);
  });
});

describe('orientation', () => {
  it('turns points between flows (TB column -> LR row, TB -> BT mirror)', () => {
    const box = { w: 100, h: 300 };
    expect(reorientPoint({ x: 50, y: 250 }, box, 'TB', 'LR')).toEqual({ x: 250, y: 50 });
    expect(reorientPoint({ x: 50, y: 250 }, box, 'TB', 'BT')).toEqual({ x: 50, y: 50 });
    expect(reorientPoint({ x: 20, y: 250 }, { w: 300, h: 100 }, 'LR', 'RL')).toEqual({ x: 280, y: 250 });
  });

  it('turns edge ports with the diagram', () => {
    expect(reorientPort({ face: 'bottom', at: 0.5 }, 'TB', 'LR')).toEqual({ face: 'right', at: 0.5 });
    expect(reorientPort({ face: 'top', at: 0.25 }, 'TB', 'LR')).toEqual({ face: 'left', at: 0.25 });
    expect(reorientPort({ face: 'left', at: 0.2 }, 'TB', 'BT')).toEqual({ face: 'left', at: 0.8 });
    expect(reorientPort({ face: 'right', at: 0.5 }, 'LR', 'RL')).toEqual({ face: 'left', at: 0.5 });
  });

  it('turns a column of shapes into a row', () => {
    const column = [
      { id: 'a', x: 200, y: 200, w: 100, h: 60 },
      { id: 'b', x: 200, y: 320, w: 100, h: 60 },
    ] as ShapeRecord[];
    const turned = reorientShapes(column, 'TB', 'LR');
    expect(turned.get('a')).toEqual({ x: 200, y: 200 });
    expect(turned.get('b')).toEqual({ x: 320, y: 200 });
    const back = reorientShapes(column, 'TB', 'BT');
    expect(back.get('a')).toEqual({ x: 200, y: 320 });
    expect(back.get('b')).toEqual({ x: 200, y: 200 });
  });
});

describe('add placement', () => {
  it('puts the first shape at (200,200) and the next below the last touched one', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'add svc A', 'add db B')).toEqual(['+svc A @(200,200 140x60) blue', '+db B @(200,320 120x80) blue']);
    await ok(doc, 'move A to:600,100');
    expect(await ok(doc, 'add box C')).toEqual(['+box C @(600,220 120x60) blue']);
  });

  it('goes right in flow LR, left in RL, above in BT', async () => {
    const lr = newDiagram({ flow: 'LR' });
    expect(await ok(lr, 'add svc A', 'add svc B')).toEqual(['+svc A @(200,200 140x60) blue', '+svc B @(400,200 140x60) blue']);
    const rl = newDiagram({ flow: 'RL' });
    expect((await ok(rl, 'add svc A', 'add svc B'))[1]).toBe('+svc B @(0,200 140x60) blue');
    const bt = newDiagram({ flow: 'BT' });
    expect((await ok(bt, 'add svc A', 'add svc B'))[1]).toBe('+svc B @(200,80 140x60) blue');
  });

  it('steps past shapes in the way instead of overlapping them', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'add svc C near:A dir:below');
    expect(shape(doc, 'C')).toMatchObject({ x: 200, y: 440 });
  });

  it('places near:REF in all eight directions', async () => {
    const doc = newDiagram();
    await ok(doc, 'add box Hub at:400,400');
    const expected: Record<string, [number, number]> = {
      right: [580, 400],
      left: [220, 400],
      above: [400, 280],
      below: [400, 520],
      'below-right': [580, 520],
      'below-left': [220, 520],
      'above-right': [580, 280],
      'above-left': [220, 280],
    };
    for (const [dir, [x, y]] of Object.entries(expected)) {
      await ok(doc, `add box N-${dir} near:Hub dir:${dir}`);
      expect(shape(doc, `N-${dir}`), dir).toMatchObject({ x, y });
    }
  });

  it('takes at:X,Y as given and at:REGION inside the canvas', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'add svc A at:10,20')).toEqual(['+svc A @(10,20 140x60) blue']);
    expect(await ok(doc, 'add svc B at:bottom-right')).toEqual(['+svc B @(620,500 140x60) blue']);
    // B grew the canvas to 860x660; a second shape for the centre steps on in the flow direction.
    expect(await ok(doc, 'add svc C at:center', 'add svc D at:center')).toEqual([
      '+svc C @(360,300 140x60) blue',
      '+svc D @(360,420 140x60) blue',
    ]);
  });

  it('count:N places each after the previous, in dir: when given', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'add svc Hub', 'add box Worker count:3 near:Hub dir:right')).toEqual([
      '+svc Hub @(200,200 140x60) blue',
      '+box Worker1 @(400,200 120x60) blue',
      '+box Worker2 @(580,200 120x60) blue',
      '+box Worker3 @(760,200 120x60) blue',
    ]);
  });

  it('refuses at: with near:, a bad dir and a bad region', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A');
    expect(await fails(doc, 'add svc B at:1,1 near:A')).toContain('not both');
    const badDir = await fails(doc, 'add svc B near:A dir:rigth');
    expect(badDir).toContain('! bad dir "rigth". Did you mean "right"? [bad_param]');
    expect(badDir).toContain('try: dir:right|left|above|below|below-right|below-left|above-right|above-left');
    expect(await fails(doc, 'add svc B at:upper-left')).toContain('try: at:300,200 or at:top-left|top-center');
  });
});
