/**
 * The edges of people's diagrams.net files edited as the canvas edits them (a waypoint dragged, a
 * relabel, an end dragged to another shape or onto empty canvas), through the verbs: in every
 * corpus file with such edges (curved, entity-relation, several waypoints, label cells), each
 * edit changes only that edge, in only what it is about; its style (curved, edgeStyle) stays, but
 * for the port of an end moved elsewhere, which goes as in diagrams.net.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { corpusFiles } from '../../testing/corpora';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { drawioDomain } from './index';
import { attribute, fileStyleText, innerCell as innerXmlCell, type DrawioRecord, type EdgeRecord, type PageRecord, type ShapeRecord } from '../../../shared/drawio/model';
import { attr, cellChanges, cellId, changedCells, innerCell, outline, styleEntries } from './testing/mxfile-outline';
import { ok } from './test-kit';

type Kind = 'curved' | 'entity-relation' | 'waypoints';

const KINDS: Record<Kind, (edge: EdgeRecord) => boolean> = {
  curved: (edge) => /(^|;)curved=1/.test(fileStyleText(edge.file) ?? '') && (edge.points?.length ?? 0) > 0,
  'entity-relation': (edge) => /edgeStyle=entityRelationEdgeStyle/.test(fileStyleText(edge.file) ?? ''),
  waypoints: (edge) => (edge.points?.length ?? 0) >= 2,
};

function open(path: string): FcpDocument<DrawioRecord> {
  return new FcpDocument(drawioDomain, readDrawioFile(readFileSync(path, 'utf8'), basename(path)), { path: basename(path) });
}

/** The first edge of this kind on the file's first page, with both ends on cells, and a shape it does not end at. */
function pick(doc: FcpDocument<DrawioRecord>, kind: Kind): { edge: EdgeRecord; other: ShapeRecord } | undefined {
  const pageId = doc.store.all<PageRecord>('page').sort((a, b) => a.order - b.order)[0]?.id;
  const shapes = doc.store.all<ShapeRecord>('shape').filter((s) => s.pageId === pageId);
  const edge = doc.store
    .all<EdgeRecord>('edge')
    .filter((e) => e.pageId === pageId && e.source !== '' && e.target !== '' && KINDS[kind](e))
    .sort((a, b) => a.order - b.order)[0];
  const other = edge && shapes.find((s) => s.id !== edge.source && s.id !== edge.target);
  return edge && other ? { edge, other } : undefined;
}

const cases = corpusFiles('drawio', ['.drawio', '.xml']).flatMap((path) =>
  (Object.keys(KINDS) as Kind[]).flatMap((kind) => (pick(open(path), kind) ? [[basename(path), kind, path] as const] : [])),
);

/** The edit, saved: which cells changed and how, and the edge's style before and after. */
async function edited(path: string, kind: Kind, op: (edge: EdgeRecord, other: ShapeRecord) => string) {
  const doc = open(path);
  const { edge, other } = pick(doc, kind)!;
  const before = outline(readFileSync(path, 'utf8')).pages[0];
  await ok(doc, op(edge, other));
  const after = outline(writeDrawioFile(doc.store.snapshot())).pages[0];
  const cell = fileCellId(edge);
  const style = (page: typeof before) => attr(innerCell(page.cells.find((c) => cellId(c) === cell)!), 'style');
  const parents = new Map(before.cells.map((c) => [cellId(c), attr(innerCell(c), 'parent')]));
  return { changed: changedCells(before, after), changes: cellChanges(before, after, cell), cell, styles: [style(before), style(after)], parents };
}

/** The edge's id in the file (on its mxCell, or on the <object> wrapping it). */
function fileCellId(edge: EdgeRecord): string {
  const source = edge.file!.source;
  return attribute(source, 'id') ?? attribute(innerXmlCell(source), 'id')!;
}

/**
 * The end's attributes changed, and the style only where it had a port for that end: then it lost
 * that port's keys (entryX, entryY, entryDx, entryDy, entryPerimeter), every other key kept in order.
 */
function expectOnlyEndChanged(result: { changes: string[]; styles: Array<string | undefined> }, end: string, attributes: string[], port: 'exit' | 'entry') {
  const [before, after] = result.styles.map((style) => styleEntries(style));
  const portKeys = new Set(['X', 'Y', 'Dx', 'Dy', 'Perimeter'].map((suffix) => `${port}${suffix}`));
  expect(after).toEqual(before.filter(([key]) => !portKeys.has(key)));
  const hadPort = before.some(([key]) => portKeys.has(key));
  expect(result.changes.sort(), end).toEqual([...attributes, ...(hadPort ? ['style'] : [])].sort());
}

describe('diagrams.net corpus: its edges edited as the canvas edits them', () => {
  it('finds curved, entity-relation and many-waypoint edges to edit', () => {
    const kinds = new Set(cases.map(([, kind]) => kind));
    expect([...kinds].sort()).toEqual(['curved', 'entity-relation', 'waypoints']);
  });

  describe.each(cases)('%s: a %s edge', (_name, kind, path) => {
    it('a waypoint dragged: only its points', async () => {
      const { changed, changes, cell, styles } = await edited(path, kind, (edge) => {
        const points = edge.points?.length ? edge.points : [{ x: 0, y: 0 }];
        const moved = points.map((p, i) => (i === 0 ? { x: Math.round(p.x) + 17, y: Math.round(p.y) + 9 } : { x: Math.round(p.x), y: Math.round(p.y) }));
        return `connect #${edge.id} via:${moved.map((p) => `${p.x},${p.y}`).join(';')}`;
      });
      expect(changed).toEqual([cell]);
      expect(changes).toEqual(['geometry.points']);
      expect(styles[1]).toBe(styles[0]);
    });

    it('relabelled: only its label', async () => {
      const { changed, changes, cell, styles, parents } = await edited(path, kind, (edge) => `label #${edge.id} "renamed here"`);
      expect(changes).toEqual(['value']);
      expect(styles[1]).toBe(styles[0]);
      // Besides the edge, only its label cells (children of the edge), which held the old label.
      for (const id of changed.filter((id) => id !== cell)) expect(parents.get(id), id).toBe(cell);
    });

    it('an end dragged onto another shape, or onto empty canvas: only that end, and its port goes', async () => {
      const attached = await edited(path, kind, (edge, other) => `connect #${edge.id} target:#${other.id}`);
      expect(attached.changed).toEqual([attached.cell]);
      expectOnlyEndChanged(attached, 'target', ['target'], 'entry');
      const loose = await edited(path, kind, (edge) => `connect #${edge.id} source:-40,-30`);
      expect(loose.changed).toEqual([loose.cell]);
      expectOnlyEndChanged(loose, 'source', ['geometry.sourcePoint', 'source'], 'exit');
    });
  });
});
