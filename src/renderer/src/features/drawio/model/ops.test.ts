import { describe, expect, it } from 'vitest';
import { edge, group, shape } from '../../../testing/drawio-fixtures';
import {
  clearSpot,
  clipOf,
  connectOp,
  edgeEndOp,
  edgeLabelOp,
  freeAlias,
  freeGroupName,
  groupOp,
  labelOp,
  alignOps,
  moveByOp,
  moveOp,
  moveUnits,
  offsetTo,
  orderOp,
  paletteAddOp,
  pasteOps,
  quoted,
  removeOps,
  resizeOp,
  saveAsAction,
  openAction,
  styleOp,
  takenAliases,
  typeSize,
  word,
} from './ops';

describe('quoting', () => {
  it('quotes text so it stays one token on one line', () => {
    expect(quoted('Auth "core" service')).toBe('"Auth \\"core\\" service"');
    expect(quoted('two\nlines')).toBe('"two\\nlines"');
    expect(quoted('C:\\dir')).toBe('"C:\\\\dir"');
  });

  it('leaves plain words bare and quotes the rest', () => {
    expect(word('AuthService')).toBe('AuthService');
    expect(word('diagrams/arch.drawio')).toBe('diagrams/arch.drawio');
    expect(word('my diagram.drawio')).toBe('"my diagram.drawio"');
    expect(word('a:b')).toBe('"a:b"');
    expect(word('a->b')).toBe('"a->b"');
    expect(word('@all')).toBe('"@all"');
  });
});

describe('aliases', () => {
  it('finds a free alias, ignoring case, counting on from a trailing number', () => {
    expect(freeAlias('Auth', new Set())).toBe('Auth');
    expect(freeAlias('Auth', new Set(['auth']))).toBe('Auth2');
    expect(freeAlias('Box1', new Set(['box1', 'box2']))).toBe('Box3');
    expect(freeAlias('Auth', new Set(['auth', 'auth2']))).toBe('Auth3');
  });

  it('collects the aliases of one page only', () => {
    const shapes = [shape('s1', { alias: 'A' }), shape('s2', { alias: 'B', pageId: 'p9' })];
    expect([...takenAliases(shapes, 'p1')]).toEqual(['a']);
  });
});

describe('op builders', () => {
  it('adds from the palette centred on the view, with a free alias', () => {
    expect(paletteAddOp('db', { x: 500, y: 300 }, new Set(['db1']))).toEqual({ op: 'add db Db2 at:440,260', alias: 'Db2' });
    expect(paletteAddOp('actor', { x: 100.4, y: 100.6 }, new Set()).op).toBe('add actor Actor1 at:80,71');
  });

  it('moves a palette shape off anything already at the centre', () => {
    const occupied = [{ x: 440, y: 260, w: 120, h: 80 }];
    expect(paletteAddOp('db', { x: 500, y: 300 }, new Set(), undefined, occupied).op).toBe('add db Db1 at:530,350');
    expect(clearSpot({ x: 0, y: 0 }, { w: 10, h: 10 }, [{ x: 0, y: 0, w: 100, h: 100 }], 30, 2)).toEqual({ x: 0, y: 0 });
  });

  it('sizes custom types by their own size or their base', () => {
    const custom = new Map([['gateway', { id: 'type:gateway', kind: 'customType' as const, name: 'Gateway', base: 'api' as const, w: 200 }]]);
    expect(typeSize('Gateway', custom)).toEqual({ w: 200, h: 80 });
    expect(typeSize('unknown')).toEqual({ w: 120, h: 60 });
  });

  it('moves, resizes, labels and connects by stable id', () => {
    expect(moveOp(['#s3'], { x: 10.4, y: 20.6 })).toBe('move #s3 to:10,21 strict:true');
    expect(resizeOp('s3', { w: 180.2, h: 0 })).toBe('resize #s3 to:180x1');
    expect(labelOp('s3', 'Auth "v2"')).toBe('label #s3 "Auth \\"v2\\""');
    expect(edgeLabelOp('e5', 'reads')).toBe('label #e5 "reads"');
    expect(connectOp('s3', 's4')).toBe('connect #s3 -> #s4');
    expect(edgeEndOp('e5', 'target', { cellId: 's4' })).toBe('connect #e5 target:#s4');
    expect(edgeEndOp('e5', 'source', { point: { x: 10.4, y: 20.6 } })).toBe('connect #e5 source:10,21');
  });

  it('groups with a free name', () => {
    const name = freeGroupName([{ name: 'Group1', pageId: 'p1' }, { name: 'Group1', pageId: 'p2' }], 'p1');
    expect(name).toBe('Group2');
    expect(groupOp(['s3', 's4'], name)).toBe('group #s3 #s4 as:Group2');
  });

  it('restyles the whole selection in one op', () => {
    expect(styleOp(['s3', 's4'], { theme: 'green' })).toBe('style #s3 #s4 theme:green');
    expect(styleOp(['s3'], { fill: '#ff0000' })).toBe('style #s3 fill:#ff0000');
    expect(styleOp(['s3'], { fontColor: '#333333' })).toBe('style #s3 font-color:#333333');
    expect(styleOp(['s3'], { fontSize: 14.2 })).toBe('style #s3 font-size:14');
    expect(styleOp(['s3'], { opacity: 50 })).toBe('style #s3 opacity:50');
    expect(styleOp(['s3'], { flag: 'bold', on: true })).toBe('style #s3 bold');
    expect(styleOp(['s3'], { flag: 'dashed', on: false })).toBe('style #s3 no-dashed');
  });

  it('deletes without naming anything twice', () => {
    const shapes = new Map([
      ['s1', { groupId: 'g9' }],
      ['s2', {}],
      ['s3', {}],
      ['s4', {}],
    ]);
    const ops = removeOps(
      {
        shapeIds: ['s1', 's2'],
        groups: [{ id: 'g9', name: 'Backend' }],
        edges: [
          { id: 'e1', source: 's2', target: 's3' }, // goes with s2
          { id: 'e2', source: 's1', target: 's4' }, // goes with the group
          { id: 'e3', source: 's3', target: 's4' },
          { id: 'e4', source: 's3', target: 's4' },
          { id: 'e5', source: '', target: 's4' }, // a loose end: named by its id
        ],
      },
      shapes,
    );
    expect(ops).toEqual(['disconnect #s3 -> #s4', 'disconnect #e5', 'remove #s2', 'remove @group:Backend']);
  });

  it('writes file actions with quoting where needed', () => {
    expect(openAction('diagrams/a.drawio')).toBe('open diagrams/a.drawio');
    expect(openAction('a.drawio', true)).toBe('open a.drawio discard:true');
    expect(saveAsAction('my file.drawio')).toBe('save as:"my file.drawio"');
  });
});

describe('copy and paste', () => {
  const a = shape('s1', { alias: 'Auth', text: 'Auth service', type: 'svc', x: 100, y: 100, theme: 'green', style: { bold: true, fill: '#ff0000' } });
  const b = shape('s2', { alias: 'DB', text: 'DB', type: 'db', x: 100, y: 300, w: 120, h: 80 });
  const c = shape('s3', { alias: 'Other', x: 600 });
  const ab = edge('e1', 's1', 's2', { label: 'reads', lineStyle: 'dashed' });
  const bc = edge('e2', 's2', 's3');

  it('copies the chosen shapes and only the edges between them', () => {
    const clip = clipOf(['s2', 's1'], new Map([a, b, c].map((s) => [s.id, s])), [ab, bc]);
    expect(clip.shapes.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(clip.edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('pastes as adds with new aliases 20 px off, then the edges between the copies', () => {
    const clip = clipOf(['s1', 's2'], new Map([a, b, c].map((s) => [s.id, s])), [ab, bc]);
    const { ops, aliases } = pasteOps(clip, new Set(['auth', 'db', 'other']));
    expect(aliases).toEqual(['Auth2', 'DB2']);
    expect(ops).toEqual([
      'add svc Auth2 at:120,120 size:140x60 theme:green label:"Auth service"',
      'style Auth2 fill:#ff0000 bold',
      'add db DB2 at:120,320 size:120x80 theme:blue',
      'connect Auth2 -> DB2 label:"reads" style:dashed',
    ]);
  });

  it('keeps arrow heads, ports and colour of copied edges', () => {
    const fancy = edge('e3', 's1', 's2', { sourceArrow: 'diamond', targetArrow: 'none', exit: { face: 'right', at: 0.25 }, stroke: '#123456' });
    const { ops } = pasteOps({ shapes: [a, b], edges: [fancy] }, new Set());
    expect(ops.at(-1)).toBe('connect Auth -> DB source-arrow:diamond target-arrow:none exit:right@0.25 stroke:#123456');
  });
});

describe('pasting somewhere else', () => {
  it('puts the top-left of the clip where asked', () => {
    const a = shape('s1', { alias: 'A', text: 'A', x: 100, y: 150 });
    const b = shape('s2', { alias: 'B', text: 'B', x: 300, y: 100 });
    const clip = { shapes: [a, b], edges: [] };
    const offset = offsetTo(clip, { x: 500, y: 500 });
    expect(offset).toEqual({ x: 400, y: 400 });
    expect(pasteOps(clip, new Set(['a', 'b']), offset).ops).toEqual([
      'add svc A2 at:500,550 size:140x60 theme:blue',
      'add svc B2 at:700,500 size:140x60 theme:blue',
    ]);
  });
});

describe('moving and arranging the selection', () => {
  const backend = group('g1', 'Backend');
  const shapes = new Map(
    [
      shape('s1', { x: 100, y: 100, w: 100, h: 50, groupId: 'g1' }),
      shape('s2', { x: 300, y: 100, w: 100, h: 50, groupId: 'g1' }),
      shape('s3', { x: 100, y: 300, w: 60, h: 40 }),
      shape('s4', { x: 250, y: 400, w: 200, h: 100 }),
    ].map((s) => [s.id, s]),
  );

  it('names a group once for its members, and a shape on its own', () => {
    const units = moveUnits(['s1', 's3', 's3'], [backend, backend], shapes);
    expect(units.map((u) => u.ref)).toEqual(['@group:Backend', '#s3']);
    expect(units[0].box).toEqual({ x: 100, y: 100, w: 300, h: 50 });
    expect(units[0].members.map((m) => m.id)).toEqual(['s1', 's2']);
    expect(moveUnits(['gone'], [group('g2', 'Empty')], shapes)).toEqual([]);
  });

  it('moves every unit by one offset in one strict move of their bounding box', () => {
    const units = moveUnits(['s3', 's4'], [], shapes);
    expect(moveByOp(units, { x: -10, y: 5 })).toBe('move #s3 #s4 to:90,305 strict:true');
    expect(moveByOp([], { x: 1, y: 0 })).toBeUndefined();
  });

  it('aligns units on a side or centre line of their bounding box, moving only those not there', () => {
    const units = moveUnits(['s3', 's4'], [backend], shapes);
    // Bounding box of all: x 100..450, y 100..500.
    expect(alignOps(units, 'left')).toEqual(['move #s4 to:100,400 strict:true']);
    expect(alignOps(units, 'right')).toEqual(['move @group:Backend to:150,100 strict:true', 'move #s3 to:390,300 strict:true']);
    expect(alignOps(units, 'center')).toEqual([
      'move @group:Backend to:125,100 strict:true',
      'move #s3 to:245,300 strict:true',
      'move #s4 to:175,400 strict:true',
    ]);
    expect(alignOps(units, 'top')).toEqual(['move #s3 to:100,100 strict:true', 'move #s4 to:250,100 strict:true']);
    expect(alignOps(units, 'middle')).toEqual([
      'move @group:Backend to:100,275 strict:true',
      'move #s3 to:100,280 strict:true',
      'move #s4 to:250,250 strict:true',
    ]);
    expect(alignOps(units, 'bottom')).toEqual(['move @group:Backend to:100,450 strict:true', 'move #s3 to:100,460 strict:true']);
    expect(alignOps(units.slice(0, 1), 'left')).toEqual([]);
  });

  it('brings to the front or sends to the back in one op', () => {
    expect(orderOp(['#s3', '@group:Backend'], 'front')).toBe('order #s3 @group:Backend to:front');
    expect(orderOp(['#s3'], 'back')).toBe('order #s3 to:back');
    expect(orderOp([], 'back')).toBeUndefined();
  });
});
