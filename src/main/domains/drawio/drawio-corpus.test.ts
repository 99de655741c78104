/**
 * People's own diagrams.net files (../shared/corpora/drawio: templates, examples and blog diagrams
 * from jgraph/drawio-diagrams), opened and saved through the studio's pipeline, compared with an
 * independent parser (testing/mxfile-outline.ts on fast-xml-parser): a save without an edit keeps
 * every page, cell, attribute (in order), style string, geometry and value; one edit per file
 * (move, rename, restyle, remove, connect) changes only the cells it edits, in only the attributes
 * the edit is about.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { corpusFiles } from '../../testing/corpora';
import { readDrawioFile, writeDrawioFile } from './file/drawio-file';
import { drawioDomain } from './index';
import type { DrawioRecord, EdgeRecord, PageRecord, ShapeRecord } from '../../../shared/drawio/model';
import { type Outline, type OutlineNode, type OutlinePage, attr, cellChanges, cellId, changedCells, differences, innerCell, outline, styleEntries } from './testing/mxfile-outline';
import { ok } from './test-kit';

const FILES = corpusFiles('drawio', ['.drawio', '.xml']);

/** Files that cannot be kept as they are, and what `open` says of each: none. */
const NOT_KEPT: readonly string[] = [];

function open(path: string): FcpDocument<DrawioRecord> {
  return new FcpDocument(drawioDomain, readDrawioFile(readFileSync(path, 'utf8'), basename(path)), { path: basename(path) });
}

function save(doc: FcpDocument<DrawioRecord>): Outline {
  return outline(writeDrawioFile(doc.store.snapshot()));
}

const unchanged = FILES.filter((path) => {
  const text = readFileSync(path, 'utf8');
  return differences(outline(text), outline(writeDrawioFile(readDrawioFile(text, basename(path))))).length === 0;
});

describe(`diagrams.net corpus: ${unchanged.length} of ${FILES.length} files unchanged after a save`, () => {
  it('keeps every file but those it names', () => {
    expect(FILES.map((path) => basename(path)).filter((name) => !unchanged.some((path) => basename(path) === name))).toEqual(NOT_KEPT);
    expect(FILES.length).toBe(32);
  });

  for (const path of FILES) {
    const name = basename(path);
    it(`${name}: a save without an edit keeps pages, cells, attributes, styles, geometry and values`, () => {
      const text = readFileSync(path, 'utf8');
      const saved = save(open(path));
      expect(differences(outline(text), saved)).toEqual([]);
      // Nothing of the studio's own: no tandem* attribute, no style key, no new wrapper.
      const all = JSON.stringify(saved);
      expect(all.match(/tandem[A-Z]\w*/g) ?? []).toEqual(JSON.stringify(outline(text)).match(/tandem[A-Z]\w*/g) ?? []);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// One edit per file

interface Target {
  doc: FcpDocument<DrawioRecord>;
  before: OutlinePage;
  shape: ShapeRecord;
  /** The shape's cell id in the file. */
  cell: string;
}

/** A shape of the first page that has a box of its own in the file, and the page as read. */
function target(path: string, pick = 0): Target | undefined {
  const doc = open(path);
  const before = outline(readFileSync(path, 'utf8')).pages[0];
  const pageId = doc.store.all<PageRecord>('page').sort((a, b) => a.order - b.order)[0].id;
  const sized = doc.store
    .all<ShapeRecord>('shape')
    .filter((s) => s.pageId === pageId && s.file !== undefined)
    .filter((s) => {
      // The record's cell as read, by the independent parser: the file's own cell of that id.
      const geometry = innerCell(cellOf(before, sourceId(s))).children.find((c) => c.tag === 'mxGeometry');
      return geometry !== undefined && attr(geometry, 'width') !== undefined && attr(geometry, 'relative') === undefined;
    })
    .sort((a, b) => a.order - b.order);
  const shape = sized[pick];
  if (!shape) return undefined;
  return { doc, before, shape, cell: sourceId(shape) };
}

/** The id of a record's cell in its file. */
function sourceId(record: ShapeRecord): string {
  return record.file?.id ?? record.id;
}

function cellOf(page: OutlinePage, id: string): OutlineNode {
  const cell = page.cells.find((c) => cellId(c) === id);
  if (!cell) throw new Error(`no cell ${id}`);
  return cell;
}

/** The cells a cell lies in, innermost first. */
function ancestors(page: OutlinePage, id: string): string[] {
  const out: string[] = [];
  for (let parent = attr(innerCell(cellOf(page, id)), 'parent'); parent !== undefined && !out.includes(parent); ) {
    const cell = page.cells.find((c) => cellId(c) === parent);
    if (!cell) break;
    out.push(parent);
    parent = attr(innerCell(cell), 'parent');
  }
  return out;
}

const withShapes = FILES.filter((path) => target(path) !== undefined);

describe('diagrams.net corpus: one edit changes only what it edits', () => {
  it('finds a shape to edit in nearly every file', () => {
    expect(withShapes.length).toBeGreaterThanOrEqual(30);
  });

  for (const path of withShapes) {
    const name = basename(path);
    describe(name, () => {
      it('move: only the shape, in x and y (and a container it now sticks out of grows)', async () => {
        const { doc, before, shape, cell } = target(path)!;
        await ok(doc, `move #${shape.id} to:${shape.x + 10},${shape.y + 10} strict:true`);
        const after = save(doc).pages[0];
        const changed = changedCells(before, after);
        expect(changed).toContain(cell);
        expect(cellChanges(before, after, cell).every((change) => change === 'geometry.x' || change === 'geometry.y')).toBe(true);
        const containers = ancestors(before, cell);
        for (const id of changed.filter((id) => id !== cell)) {
          expect(containers, `${id} changed with ${cell}`).toContain(id);
          expect(cellChanges(before, after, id).every((change) => /^geometry\.(x|y|width|height)$/.test(change))).toBe(true);
        }
      });

      it('rename: only the label, not the size', async () => {
        const { doc, before, shape, cell } = target(path)!;
        await ok(doc, `label #${shape.id} "Renamed here"`);
        const after = save(doc).pages[0];
        expect(changedCells(before, after)).toEqual([cell]);
        expect(cellChanges(before, after, cell)).toEqual(['value']);
      });

      it('restyle: only the fill colour, every other style key kept in its place', async () => {
        const { doc, before, shape, cell } = target(path)!;
        await ok(doc, `style #${shape.id} fill:#ff0000`);
        const after = save(doc).pages[0];
        expect(changedCells(before, after)).toEqual([cell]);
        expect(cellChanges(before, after, cell)).toEqual(['style']);
        const was = styleEntries(attr(innerCell(cellOf(before, cell)), 'style'));
        const now = styleEntries(attr(innerCell(cellOf(after, cell)), 'style'));
        const at = was.findIndex(([key]) => key === 'fillColor');
        const expected: Array<[string, string | undefined]> = at >= 0 ? was.map((entry, i) => (i === at ? ['fillColor', '#ff0000'] : entry)) : [...was, ['fillColor', '#ff0000']];
        expect(now).toEqual(expected);
      });

      it('remove: the shape and the edges it ends, nothing else; kept cells pointing at it stay', async () => {
        const { doc, before, shape, cell } = target(path)!;
        await ok(doc, `remove #${shape.id}`);
        const after = save(doc).pages[0];
        const changed = changedCells(before, after);
        expect(changed).toContain(cell);
        // Every change is a removal of the shape, of an edge it ended, or of what lay in those; or
        // an edge it ended whose other end is loose or a container: that end is loosened where the shape was.
        const removed = new Set(changed);
        for (const id of changed) {
          const node = innerCell(cellOf(before, id));
          const ended = attr(node, 'source') === cell || attr(node, 'target') === cell;
          const reason = id === cell || ended || removed.has(attr(node, 'parent') ?? '');
          expect(reason, `${id} removed with ${cell}`).toBe(true);
          const changes = cellChanges(before, after, id);
          if (changes[0] !== 'removed') {
            expect(ended, `${id} loosened`).toBe(true);
            expect(changes.every((change) => ['source', 'target', 'geometry.sourcePoint', 'geometry.targetPoint'].includes(change)), `${id}: ${changes.join(' ')}`).toBe(true);
          }
        }
      });

      it('connect: one new edge between two shapes, nothing else', async () => {
        const first = target(path)!;
        const second = target(path, 1);
        if (!second) return;
        const { doc, before } = first;
        const edges = doc.store.all<EdgeRecord>('edge').filter((e) => e.source === first.shape.id && e.target === second.shape.id);
        await ok(doc, `connect #${first.shape.id} -> #${second.shape.id}${edges.length > 0 ? ' label:"again"' : ''}`);
        const after = save(doc).pages[0];
        const changed = changedCells(before, after);
        if (edges.length > 0) {
          // An edge between them already: connect updates it (its label) rather than adding one.
          expect(changed).toHaveLength(1);
          return;
        }
        expect(changed).toHaveLength(1);
        const added = innerCell(cellOf(after, changed[0]));
        expect([attr(added, 'edge'), attr(added, 'source'), attr(added, 'target')]).toEqual(['1', first.cell, second.cell]);
      });
    });
  }
});
