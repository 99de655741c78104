import { describe, expect, it } from 'vitest';
import { StudioError } from '../../kernel/errors';
import { parseOp } from '../../fcp/grammar';
import { resolveTargets, selectShapes } from './selectors';
import { newDiagram, ok, type Diagram } from './test-kit';
import { DrawioView } from './view';

/**
 * Page-1: Client(actor) -> Gateway(api) -> AuthService(svc) -> UserDB(db), plus Cache(db) and
 * Lonely(svc) without edges; AuthService and UserDB in group Backend; Note on layer Notes.
 * Page Other: Worker(svc).
 */
async function sample(): Promise<Diagram> {
  const doc = newDiagram();
  await ok(
    doc,
    'add actor Client',
    'add api Gateway',
    'add svc AuthService',
    'add db UserDB',
    'add db Cache',
    'add svc Lonely',
    'connect Client -> Gateway -> AuthService -> UserDB',
    'group AuthService UserDB as:Backend',
    'layer create Notes',
    'add box Note',
    'layer switch Default',
    'page add Other',
    'add svc Worker',
    'page switch Page-1',
  );
  return doc;
}

function select(doc: Diagram, selectors: string): string[] {
  const op = parseOp(`list ${selectors}`);
  return selectShapes(new DrawioView(doc.store), op.selectors).map((s) => s.alias);
}

function selectError(doc: Diagram, selectors: string): StudioError {
  try {
    select(doc, selectors);
  } catch (err) {
    expect(err).toBeInstanceOf(StudioError);
    return err as StudioError;
  }
  throw new Error(`${selectors} should have failed`);
}

describe('selectors', () => {
  it('@all is every shape of the active page, in creation order', async () => {
    const doc = await sample();
    expect(select(doc, '@all')).toEqual(['Client', 'Gateway', 'AuthService', 'UserDB', 'Cache', 'Lonely', 'Note']);
  });

  it('@recent is the newest shape and @recent:N the N newest', async () => {
    const doc = await sample();
    expect(select(doc, '@recent')).toEqual(['Note']);
    expect(select(doc, '@recent:3')).toEqual(['Cache', 'Lonely', 'Note']);
    expect(selectError(doc, '@recent:abc').code).toBe('bad_param');
  });

  it('@orphan is the shapes without edges', async () => {
    const doc = await sample();
    expect(select(doc, '@orphan')).toEqual(['Cache', 'Lonely', 'Note']);
  });

  it('@type:T filters by type, and an unknown type is a bad param listing the types', async () => {
    const doc = await sample();
    expect(select(doc, '@type:db')).toEqual(['UserDB', 'Cache']);
    expect(select(doc, '@type:DB')).toEqual(['UserDB', 'Cache']);
    const err = selectError(doc, '@type:dbb');
    expect(err.code).toBe('bad_param');
    expect(err.suggestion).toContain('@type:box|svc|circle');
  });

  it('@group:NAME is the members of a group', async () => {
    const doc = await sample();
    expect(select(doc, '@group:Backend')).toEqual(['AuthService', 'UserDB']);
    expect(select(doc, '@group:back')).toEqual(['AuthService', 'UserDB']);
    expect(selectError(doc, '@group:Frontend').code).toBe('unknown_ref');
  });

  it('@page:NAME reaches the shapes of another page', async () => {
    const doc = await sample();
    expect(select(doc, '@page:Other')).toEqual(['Worker']);
    expect(select(doc, '@page:Page-1 @type:api')).toEqual(['Gateway']);
  });

  it('@layer:NAME is the shapes on a layer', async () => {
    const doc = await sample();
    expect(select(doc, '@layer:Notes')).toEqual(['Note']);
    expect(select(doc, '@layer:Default @type:svc')).toEqual(['AuthService', 'Lonely']);
  });

  it('@connected:REF is the neighbours of a shape', async () => {
    const doc = await sample();
    expect(select(doc, '@connected:Gateway')).toEqual(['Client', 'AuthService']);
    expect(selectError(doc, '@connected:Nobody').code).toBe('unknown_ref');
  });

  it('@not: negates each kind', async () => {
    const doc = await sample();
    expect(select(doc, '@not:type:db')).toEqual(['Client', 'Gateway', 'AuthService', 'Lonely', 'Note']);
    expect(select(doc, '@not:orphan')).toEqual(['Client', 'Gateway', 'AuthService', 'UserDB']);
    expect(select(doc, '@not:group:Backend @not:layer:Notes')).toEqual(['Client', 'Gateway', 'Cache', 'Lonely']);
    expect(select(doc, '@not:recent:6')).toEqual(['Client']);
    expect(select(doc, '@not:page:Other @type:svc')).toEqual(['AuthService', 'Lonely']);
    expect(select(doc, '@page:Other @not:page:Page-1')).toEqual(['Worker']);
    expect(() => select(doc, '@not:page:Page-1')).toThrow(/matches no shape/);
    expect(select(doc, '@not:connected:AuthService @type:db')).toEqual(['Cache']);
    expect(() => select(doc, '@not:connected:AuthService @type:api')).toThrow(/matches no shape/);
  });

  it('several selectors intersect', async () => {
    const doc = await sample();
    expect(select(doc, '@type:db @orphan')).toEqual(['Cache']);
    expect(select(doc, '@type:svc @not:group:Backend')).toEqual(['Lonely']);
  });

  it('an empty match is an error that says what the page has', async () => {
    const doc = await sample();
    const err = selectError(doc, '@type:queue');
    expect(err.code).toBe('empty_selection');
    expect(err.message).toBe(
      '@type:queue matches no shape on page "Page-1" (it has 7 shapes: 1 actor, 1 api, 2 svc, 2 db, 1 box; groups: Backend; layers: Default, Notes)',
    );
    expect(selectError(doc, '@not:all').code).toBe('empty_selection');
    const empty = newDiagram();
    expect(selectError(empty, '@all').message).toContain('(it has no shapes)');
  });

  it('an unknown selector is a bad param with a did-you-mean', async () => {
    const doc = await sample();
    const err = selectError(doc, '@orphans');
    expect(err.code).toBe('bad_param');
    expect(err.message).toBe('unknown selector @orphans. Did you mean @orphan?');
  });

  it('a selector without its value is a missing argument', async () => {
    const doc = await sample();
    expect(selectError(doc, '@type').code).toBe('missing_arg');
  });
});

describe('resolveTargets', () => {
  it('adds named shapes to the selection and labels them as written', async () => {
    const doc = await sample();
    const view = new DrawioView(doc.store);
    const op = parseOp('style @type:db Lonely bold');
    const targets = resolveTargets(view, ['Lonely'], op.selectors, 'style REF|@SEL');
    expect(targets.shapes.map((s) => s.alias)).toEqual(['UserDB', 'Cache', 'Lonely']);
    expect(targets.label).toBe('Lonely @type:db');
  });

  it('needs a ref or a selector', async () => {
    const doc = await sample();
    expect(() => resolveTargets(new DrawioView(doc.store), [], [], 'remove REF|@SEL')).toThrow(/missing the shape/);
  });
});
