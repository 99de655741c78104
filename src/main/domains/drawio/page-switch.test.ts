/**
 * A page switch changes nothing a diagrams.net file holds, so it leaves a saved diagram saved (the
 * viewer-comparison run found every switch marked the file unsaved); any real edit still counts,
 * and a restart replaying the journal comes back as clean or as unsaved as it was.
 */
import { describe, expect, it } from 'vitest';
import { type DocumentChange, FcpDocument } from '../../fcp/document';
import type { DrawioRecord } from '../../../shared/drawio/model';
import { drawioDomain } from './index';
import { type Diagram, newDiagram, ok } from './test-kit';

/** A saved two-page diagram, journaling its changes. */
async function savedTwoPages(): Promise<{ doc: Diagram; journal: DocumentChange<DrawioRecord>[] }> {
  const doc = newDiagram();
  const journal: DocumentChange<DrawioRecord>[] = [];
  doc.commitHook = (change) => journal.push(change);
  await ok(doc, 'add box Api', 'page add Backend', 'add box Db');
  doc.markSaved('diagrams/two.drawio', 'test');
  return { doc, journal };
}

describe('a page switch and the unsaved mark', () => {
  it('leaves a saved diagram saved, back and forth, and its undo too', async () => {
    const { doc } = await savedTwoPages();
    await ok(doc, 'page switch Page-1');
    expect(doc.info().dirty).toBe(false);
    await ok(doc, 'page switch Backend');
    expect(doc.info().dirty).toBe(false);
    expect((await doc.undo('test')).ok).toBe(true);
    expect(doc.info().dirty).toBe(false);
  });

  it('still counts an edit, and a switch after it leaves the diagram unsaved', async () => {
    const { doc } = await savedTwoPages();
    await ok(doc, 'add box Cache');
    expect(doc.info().dirty).toBe(true);
    await ok(doc, 'page switch Page-1');
    expect(doc.info().dirty).toBe(true);
  });

  it('counts a batch that switches page and edits, and a page added', async () => {
    const { doc } = await savedTwoPages();
    await ok(doc, 'page switch Page-1', 'add box Queue');
    expect(doc.info().dirty).toBe(true);
    const again = await savedTwoPages();
    await ok(again.doc, 'page add Ops');
    expect(again.doc.info().dirty).toBe(true);
  });

  it('comes back from the journal as clean as it was', async () => {
    const { doc, journal } = await savedTwoPages();
    await ok(doc, 'page switch Page-1');
    const restored = FcpDocument.create(drawioDomain, { title: 'Test', id: doc.id });
    for (const change of journal) restored.replay(change);
    expect(restored.info().dirty).toBe(false);
    await ok(doc, 'add box Cache');
    const later = FcpDocument.create(drawioDomain, { title: 'Test', id: doc.id });
    for (const change of journal) later.replay(change);
    expect(later.info().dirty).toBe(true);
  });
});
