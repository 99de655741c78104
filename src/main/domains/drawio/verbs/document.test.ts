import { describe, expect, it } from 'vitest';
import type { LayerRecord, PageRecord } from '../../../../shared/drawio/model';
import { digest, edges, fails, meta, newDiagram, ok, query, shape, shapes } from '../test-kit';

describe('define', () => {
  it('makes a custom type usable in add, in @type: and as a ref qualifier', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'define pipeline base:queue theme:orange size:160x60')).toEqual(['!define pipeline base:queue 160x60 theme:orange']);
    await ok(doc, 'add pipeline Orders', 'add svc OrdersApi', 'connect OrdersApi -> pipeline:Orders');
    expect(shape(doc, 'Orders')).toMatchObject({ type: 'pipeline', w: 160, h: 60, theme: 'orange' });
    expect(await query(doc, 'list @type:pipeline')).toContain('pipeline Orders @(200,200 160x60) orange');
    expect(edges(doc)).toHaveLength(1);
  });

  it('builds on a custom base by flattening it, and redefines in place', async () => {
    const doc = newDiagram();
    await ok(doc, 'define store base:db theme:green', 'define hotstore base:store');
    expect(doc.store.get('type:hotstore')).toMatchObject({ base: 'db', theme: 'green' });
    expect(await ok(doc, 'define store base:box')).toEqual(['!define store base:box 120x60 (redefined)']);
  });

  it('makes a custom theme usable in theme: and as a colour', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'define theme brand fill:#E3F2FD stroke:#1565c0 font-color:#000')).toEqual([
      '!define theme brand fill:#e3f2fd stroke:#1565c0 font-color:#000000',
    ]);
    expect(await ok(doc, 'add svc A theme:brand', 'style A stroke:brand')).toEqual([
      '+svc A @(200,200 140x60) brand',
      '*styled A stroke:#1565c0 (1 shape)',
    ]);
  });

  it('refuses names it cannot take and definitions that are incomplete', async () => {
    const doc = newDiagram();
    expect(await fails(doc, 'define db base:box')).toContain('"db" is a built-in type');
    expect(await fails(doc, 'define label base:box')).toContain('"label" is a parameter name');
    expect(await fails(doc, 'define 9lives base:box')).toContain('bad type name "9lives"');
    expect(await fails(doc, 'define thing')).toContain('define needs base:TYPE');
    expect(await fails(doc, 'define thing base:blob')).toContain('bad base "blob"');
    expect(await fails(doc, 'define theme blue fill:#fff stroke:#000')).toContain('"blue" is a built-in theme');
    expect(await fails(doc, 'define theme brand fill:#fff')).toContain('define theme needs fill: and stroke:');
    expect(await fails(doc, 'define theme brand fill:white-ish stroke:#000')).toContain('bad fill "white-ish"');
  });
});

describe('page', () => {
  it('adds a page with its own Default layer and switches to it', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'page add Backend')).toEqual(['+page Backend (now active)']);
    const page = doc.store.all<PageRecord>('page').find((p) => p.name === 'Backend')!;
    expect(meta(doc).activePageId).toBe(page.id);
    expect(doc.store.get<LayerRecord>(page.activeLayerId)).toMatchObject({ name: 'Default', pageId: page.id, visible: true });
    expect(await ok(doc, 'add svc Worker')).toEqual(['+svc Worker @(200,200 140x60) blue']);
    expect(shape(doc, 'Worker').pageId).toBe(page.id);
  });

  it('switches, lists with counts, and refuses a duplicate name', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc A', 'page add Backend');
    expect(await ok(doc, 'page switch page-1')).toEqual(['!page switch Page-1 (1s 0e 0g)']);
    expect(await ok(doc, 'page list')).toEqual(['!pages: Page-1* (1s 0e 0g) | Backend (0s 0e 0g)']);
    expect(await fails(doc, 'page add backend')).toContain('there is already a page "Backend" [conflict]');
    expect(await fails(doc, 'page switch Frontend')).toContain('unknown page "Frontend"');
    expect(await fails(doc, 'page rename X')).toContain('try: page action:add|switch|remove|list');
  });

  it('removes a page with everything on it, and never the last one', async () => {
    const doc = newDiagram();
    await ok(doc, 'add svc Keep', 'page add Backend', 'add svc A', 'add svc B', 'connect A -> B', 'group A B as:G', 'layer create Notes');
    expect(await ok(doc, 'page remove Backend')).toEqual(['-page Backend (2 shapes, 1 edge, 1 group; now on Page-1)']);
    expect(shapes(doc).map((s) => s.alias)).toEqual(['Keep']);
    expect(doc.store.all('layer')).toHaveLength(1);
    expect(digest(doc)).toBe('digest: 1s 0e 0g');
    expect(await fails(doc, 'page remove Page-1')).toContain('cannot remove the only page');
  });
});

describe('layer', () => {
  it('creates a layer that new shapes go on, switches, hides and shows', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'layer create Notes', 'add box Note')).toEqual(['+layer Notes on Page-1 (now active)', '+box Note @(200,200 120x60) blue']);
    const notes = doc.store.all<LayerRecord>('layer').find((l) => l.name === 'Notes')!;
    expect(shape(doc, 'Note').layerId).toBe(notes.id);
    expect(await ok(doc, 'layer hide notes')).toEqual(['*layer Notes hidden']);
    expect(doc.store.get<LayerRecord>(notes.id)!.visible).toBe(false);
    expect(await query(doc, 'map')).toContain('Note(box) @(200,200) [hidden]');
    expect(await ok(doc, 'layer switch Default', 'add svc A')).toEqual(['!layer switch Default', '+svc A @(200,320 140x60) blue']);
    expect(await ok(doc, 'layer list')).toEqual(['!layers on Page-1: Default* (1s) | Notes hidden (1s)']);
    expect(await ok(doc, 'layer show Notes')).toEqual(['*layer Notes shown']);
  });

  it('refuses duplicates, unknown layers and unknown actions', async () => {
    const doc = newDiagram();
    expect(await fails(doc, 'layer create default')).toContain('there is already a layer "Default"');
    expect(await fails(doc, 'layer hide Ghost')).toContain('unknown layer "Ghost" (have: Default)');
    expect(await fails(doc, 'layer delete Default')).toContain('try: layer action:create|switch|show|hide|list');
    expect(await fails(doc, 'layer hide')).toContain('missing the layer name');
  });
});

describe('title', () => {
  it('renames the document', async () => {
    const doc = newDiagram();
    expect(await ok(doc, 'title "Payment platform"')).toEqual(['!title "Payment platform"']);
    expect(doc.title).toBe('Payment platform');
    expect(await fails(doc, 'title')).toContain('missing the title');
  });
});
