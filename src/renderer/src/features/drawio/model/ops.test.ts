import { describe, expect, it } from 'vitest';
import { edge, shape } from '../../../testing/drawio-fixtures';
import {
  clearSpot,
  clipOf,
  connectOp,
  edgeLabelOp,
  freeAlias,
  freeGroupName,
  groupOp,
  labelOp,
  moveOp,
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
    expect(paletteAddOp('db', { x: 500, y: 300 }, new Set(['db1']))).toBe('add db Db2 at:440,260');
    expect(paletteAddOp('actor', { x: 100.4, y: 100.6 }, new Set())).toBe('add actor Actor1 at:80,71');
  });

  it('moves a palette shape off anything already at the centre', () => {
    const occupied = [{ x: 440, y: 260, w: 120, h: 80 }];
    expect(paletteAddOp('db', { x: 500, y: 300 }, new Set(), undefined, occupied)).toBe('add db Db1 at:530,350');
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
    expect(edgeLabelOp({ source: 's3', target: 's4' }, 'reads')).toBe('label #s3 -> #s4 "reads"');
    expect(connectOp('s3', 's4')).toBe('connect #s3 -> #s4');
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
          { source: 's2', target: 's3' }, // goes with s2
          { source: 's1', target: 's4' }, // goes with the group
          { source: 's3', target: 's4' },
          { source: 's3', target: 's4' },
        ],
      },
      shapes,
    );
    expect(ops).toEqual(['disconnect #s3 -> #s4', 'remove #s2', 'remove @group:Backend']);
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
    const ops = pasteOps(clip, new Set(['auth', 'db', 'other']));
    expect(ops).toEqual([
      'add svc Auth2 at:120,120 size:140x60 theme:green label:"Auth service"',
      'style Auth2 fill:#ff0000 bold',
      'add db DB2 at:120,320 size:120x80 theme:blue',
      'connect Auth2 -> DB2 label:"reads" style:dashed',
    ]);
  });

  it('keeps arrow heads, ports and colour of copied edges', () => {
    const fancy = edge('e3', 's1', 's2', { sourceArrow: 'diamond', targetArrow: 'none', exit: { face: 'right', at: 0.25 }, stroke: '#123456' });
    const ops = pasteOps({ shapes: [a, b], edges: [fancy] }, new Set());
    expect(ops.at(-1)).toBe('connect Auth -> DB source-arrow:diamond target-arrow:none exit:right@0.25 stroke:#123456');
  });
});
