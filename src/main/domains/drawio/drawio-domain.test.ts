import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { inlineOffload } from '../../fcp/offload';
import { renderReferenceCard } from '../../fcp/reference-card';
import { NO_PRESENCE } from '../../fcp/presence';
import { RecordStore, Transaction } from '../../kernel/records';
import { createDrawioModel, drawioDomain } from './index';
import type { DrawioRecord } from '../../../shared/drawio/model';
import { digest, edges, fails, meta, newDiagram, ok, query, shapes } from './test-kit';

describe('the contract example', () => {
  it('answers exactly as fcp-tool-contract.md shows, digest included', async () => {
    const doc = newDiagram();
    const answer = await doc.applyBatch(
      ['add svc AuthService theme:blue', 'add db UserDB theme:green near:AuthService dir:right', 'connect AuthService -> UserDB label:queries'],
      'claude',
    );
    expect(answer.ok).toBe(true);
    expect(answer.text).toBe(
      ['+svc AuthService @(200,200 140x60) blue', '+db UserDB @(400,200 120x80) green', '~AuthService->UserDB "queries" solid', 'digest: 2s 1e 0g'].join('\n'),
    );
  });

  it('maps the result in the contract format', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc AuthService', 'add db UserDB near:AuthService dir:right', 'add api Gateway at:300,50', 'connect AuthService -> UserDB');
    const lines = (await query(doc, 'map')).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'map: 800x600 flow:TB | 3s 1e 0g',
      '  AuthService(svc) @(200,200)',
      '  UserDB(db) @(400,200)',
      '  Gateway(api) @(300,50)',
    ]);
  });
});

describe('batches', () => {
  it('roll back whole when the third op fails, leaving the model unchanged', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc Existing');
    const before = doc.store.snapshot();
    const text = await fails(doc, 'add svc AuthService', 'add db UserDB', 'connect AuthService -> NoSuchShape', 'add svc Never');
    expect(text).toContain('op 3 of 4');
    expect(text).toContain('[unknown_ref]');
    expect(text).toContain('batch rolled back');
    expect(text.split('\n').at(-1)).toBe('digest: 1s 0e 0g');
    expect(doc.store.snapshot()).toEqual(before);
    expect(shapes(doc).map((s) => s.alias)).toEqual(['Existing']);
    // The index must not remember the rolled-back shapes: the names are free again.
    expect(await ok(doc, 'add svc AuthService')).toEqual(['+svc AuthService @(200,320 140x60) blue']);
  });

  it('can be undone and redone through the document, and refs follow', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'connect A -> B');
    await ok(doc, 'remove B');
    expect(edges(doc)).toHaveLength(0);
    await doc.undo('test');
    expect(edges(doc)).toHaveLength(1);
    expect(await ok(doc, 'connect B -> A')).toEqual(['~B->A solid']);
  });
});

describe('the model', () => {
  it('starts with meta, Page-1 and its Default layer, ids from nextOrder', () => {
    const records = createDrawioModel('Payments', { flow: 'lr' });
    expect(records).toEqual([
      { id: 'meta', kind: 'meta', title: 'Payments', flow: 'LR', activePageId: 'p1', nextOrder: 3 },
      { id: 'p1', kind: 'page', name: 'Page-1', order: 1, activeLayerId: 'l2' },
      { id: 'l2', kind: 'layer', pageId: 'p1', name: 'Default', visible: true, order: 2 },
    ]);
  });

  it('refuses a bad flow or an unknown parameter', () => {
    expect(() => createDrawioModel('T', { flow: 'up' })).toThrow(/bad flow/);
    expect(() => createDrawioModel('T', { colour: 'red' })).toThrow(/does not take colour/);
  });

  it('numbers new records from meta.nextOrder with their kind prefix', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'connect A -> B', 'group A B as:G');
    expect(shapes(doc).map((s) => s.id)).toEqual(['s3', 's4']);
    expect(edges(doc)[0].id).toBe('e5');
    expect(doc.store.get('g6')?.kind).toBe('group');
    expect(meta(doc).nextOrder).toBe(7);
  });

  it('gives its title, and the handlers also run on a bare transaction', () => {
    const store = new RecordStore<DrawioRecord>(drawioDomain.createModel('Bare', {}));
    expect(drawioDomain.titleOf(store)).toBe('Bare');
    const tx = new Transaction(store);
    const add = drawioDomain.verbs.find((v) => v.name === 'add')!;
    const lines = add.handler({ verb: 'add', positionals: ['svc', 'A'], params: {}, selectors: [], raw: 'add svc A' }, { tx, store, origin: 't', offload: inlineOffload(drawioDomain), selected: NO_PRESENCE.selected });
    expect(lines).toEqual(['+svc A @(200,200 140x60) blue']);
    tx.rollback();
    expect(drawioDomain.digest(store)).toBe('digest: 0s 0e 0g');
  });
});

describe('the digest', () => {
  it('counts shapes, edges and groups of the whole document, and names the page when there are several', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'add svc B', 'connect A -> B', 'group A B as:G');
    expect(digest(doc)).toBe('digest: 2s 1e 1g');
    await ok(doc, 'page add Backend', 'add svc C');
    expect(digest(doc)).toBe('digest: 3s 1e 1g | page:Backend (2 pages)');
  });
});

describe('the reference card', () => {
  const card = renderReferenceCard(drawioDomain);

  it("holds every verb's syntax and every query", () => {
    for (const verb of drawioDomain.verbs) expect(card).toContain(verb.syntax);
    for (const q of drawioDomain.queries) expect(card).toContain(q.syntax);
    expect(drawioDomain.verbs.map((v) => v.name).sort()).toEqual(
      ['add', 'badge', 'connect', 'define', 'disconnect', 'group', 'label', 'layer', 'layout', 'move', 'order', 'orient', 'page', 'remove', 'resize', 'style', 'swap', 'title', 'ungroup'].sort(),
    );
    expect(drawioDomain.queries.map((q) => q.name).sort()).toEqual(
      ['connections', 'describe', 'diff', 'find', 'history', 'list', 'map', 'search-shapes', 'selection', 'shapes', 'stats', 'status'].sort(),
    );
  });

  it('teaches the vocabulary: types with sizes, themes, dirs, regions, selectors, heads, ref forms', () => {
    for (const needle of [
      'svc       140x60',
      'actor     40x60',
      'dark    fill #1a1a2e stroke #16213e font #e0e0e0',
      'below-right',
      'bottom-center',
      '@connected:REF',
      '@not:',
      'crow-foot',
      'open-arrow',
      'orthogonal',
      'db:UserDB',
      'Backend/UserDB',
      '#s12',
      'no-bold',
      'digest: 3s 1e 0g',
    ]) {
      expect(card).toContain(needle);
    }
  });

  it('lists the custom types and themes of the session', async () => {
    const doc = newDiagram();
    await ok(doc, 'define theme brand fill:#112233 stroke:#445566', 'define pipeline base:queue theme:brand size:160x60');
    const withSession = renderReferenceCard(drawioDomain, doc.store);
    expect(withSession).toContain('type pipeline: base queue 160x60 theme:brand (add pipeline LABEL)');
    expect(withSession).toContain('theme brand: fill #112233 stroke #445566');
  });
});

describe('files', () => {
  it('writes a .drawio file that reads back to the same shapes and edges', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc AuthService', 'add db UserDB near:AuthService dir:right', 'connect AuthService -> UserDB label:queries');
    const text = (await drawioDomain.writeFile(doc.store.snapshot())) as string;
    expect(text).toContain('<mxfile');
    const reopened = new FcpDocument(drawioDomain, drawioDomain.readFile(text, 'x.drawio'));
    expect(drawioDomain.digest(reopened.store)).toBe('digest: 2s 1e 0g');
    expect(await ok(reopened, 'connect UserDB -> AuthService')).toEqual(['~UserDB->AuthService solid']);
  });
});

// Speed is measured by `npm run bench`, not asserted here; these check the same workloads are right.
describe('large diagrams', () => {
  it('adds 1,000 shapes in one batch', async () => {
    const ops = Array.from({ length: 1000 }, (_, i) => `add svc Service${i}`);
    const answer = await newDiagram().applyBatch(ops, 'bench');
    expect(answer.lines).toHaveLength(1001);
    expect(answer.lines.at(-1)).toBe('digest: 1000s 0e 0g');
  });

  it('maps 2,000 shapes and 1,000 edges', async () => {
    const doc = newDiagram();
    const ops: string[] = [];
    for (let i = 0; i < 1000; i++) ops.push(`add svc S${i}`, `add db D${i} near:S${i} dir:right`, `connect S${i} -> D${i}`);
    await ok(doc, ...ops);
    expect((await query(doc, 'stats')).split('\n')[0]).toContain('2000 shapes, 1000 edges');
    expect((await query(doc, 'map')).split('\n')).toHaveLength(1 + 2000 + 1000);
  });
});
