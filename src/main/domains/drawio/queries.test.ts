import { describe, expect, it } from 'vitest';
import { newDiagram, ok, query, queryFails, shape, type Diagram } from './test-kit';

async function sample(): Promise<Diagram> {
  const doc = newDiagram();
  await ok(
    doc,
    'add actor Client',
    'add svc AuthService label:"Auth Service" theme:green',
    'add db UserDB near:AuthService dir:right',
    'connect Client -> AuthService',
    'connect AuthService -> UserDB label:queries style:dashed',
    'group AuthService UserDB as:Backend',
    'style UserDB fill:#ff0000 bold',
    'badge UserDB "PII"',
  );
  return doc;
}

describe('map', () => {
  it('lists the canvas, counts, shapes, edges and groups of the active page', async () => {
    const doc = await sample();
    expect(await query(doc, 'map')).toBe(
      [
        'map: 800x600 flow:TB | 3s 2e 1g',
        '  Client(actor) @(200,200)',
        '  AuthService(svc) @(200,320) "Auth Service" in:Backend',
        '  UserDB(db) @(400,320) in:Backend',
        '  Client->AuthService',
        '  AuthService->UserDB "queries" dashed',
        '  group Backend: AuthService, UserDB',
      ].join('\n'),
    );
  });

  it('grows the canvas with the content, names the page when there are several, and maps another page', async () => {
    const doc = await sample();
    await ok(doc, 'add svc Far at:1500,900', 'page add Second');
    expect(await query(doc, 'map')).toBe('map: 800x600 flow:TB | 0s 0e 0g | page Second (2 of 2)\n  (empty page: add svc AuthService)');
    expect((await query(doc, 'map page-1')).split('\n')[0]).toBe('map: 1740x1060 flow:TB | 4s 2e 1g | page Page-1 (1 of 2)');
  });
});

describe('stats', () => {
  it('counts the whole document', async () => {
    const doc = await sample();
    await ok(doc, 'define pipe base:queue', 'page add Other', 'add svc Lonely');
    expect(await query(doc, 'stats')).toBe(
      [
        'stats: "Test" | 4 shapes, 2 edges, 1 group | 2 pages | flow:TB',
        '  page Page-1: 3s 2e 1g, layers: Default',
        '  page Other (active): 1s 0e 0g, layers: Default',
        '  types: svc 2, actor 1, db 1',
        '  themes: blue 3, green 1',
        '  edges: dashed 1, solid 1',
        '  orphans: 1 (shapes without edges) | canvas 800x600 (active page)',
        '  defined: types pipe | themes -',
      ].join('\n'),
    );
  });
});

describe('describe', () => {
  it('gives everything about a shape', async () => {
    const doc = await sample();
    expect(await query(doc, 'describe userdb')).toBe(
      [
        `UserDB (db) #${shape(doc, 'UserDB').id}`,
        '  @(400,320 120x80) theme:blue',
        '  style: fill:#ff0000 bold',
        '  badges: "PII" top-right',
        '  page Page-1, layer Default, group Backend',
        // Fixed where the studio made it straight between the two lined-up shapes (studio-routes).
        '  in: AuthService->UserDB "queries" dashed entry:left@0.38',
      ].join('\n'),
    );
    expect(await query(doc, 'describe "Auth Service"')).toContain('  text: "Auth Service"');
  });

  it('describes a group and an edge', async () => {
    const doc = await sample();
    expect(await query(doc, 'describe Backend')).toMatch(/^group Backend #g\d+: 2 shapes @\(200,320 320x80\)\n {2}members: AuthService, UserDB$/);
    expect(await query(doc, 'describe AuthService -> UserDB')).toMatch(/^edge #e\d+: AuthService->UserDB "queries" dashed entry:left@0.38\n {2}layer Default$/);
  });

  it('misses with a suggestion and needs a ref', async () => {
    const doc = await sample();
    expect(await queryFails(doc, 'describe UserBD')).toContain('Did you mean "UserDB"?');
    expect(await queryFails(doc, 'describe')).toContain('missing REF');
  });
});

describe('list', () => {
  it('lists the active page, or what the selectors pick', async () => {
    const doc = await sample();
    expect(await query(doc, 'list')).toBe(
      [
        'list: 3 shapes on page Page-1',
        '  actor Client @(200,200 40x60) blue',
        '  svc AuthService @(200,320 140x60) green label:"Auth Service" in:Backend',
        '  db UserDB @(400,320 120x80) blue in:Backend',
      ].join('\n'),
    );
    expect(await query(doc, 'list @group:Backend @not:type:db')).toBe(
      'list @group:Backend @not:type:db: 1 shape\n  svc AuthService @(200,320 140x60) green label:"Auth Service" in:Backend',
    );
  });

  it('prefixes shapes of another page with the page name', async () => {
    const doc = await sample();
    await ok(doc, 'page add Other', 'add svc W');
    expect(await query(doc, 'list @page:Page-1 @type:actor')).toBe('list @page:Page-1 @type:actor: 1 shape\n  Page-1/actor Client @(200,200 40x60) blue');
  });

  it('refuses words and reports an empty selection', async () => {
    const doc = await sample();
    expect(await queryFails(doc, 'list db')).toContain('list takes only selectors');
    expect(await queryFails(doc, 'list @type:queue')).toContain('[empty_selection]');
  });
});

describe('connections', () => {
  it('shows edges out and in', async () => {
    const doc = await sample();
    expect(await query(doc, 'connections AuthService')).toBe(
      ['connections AuthService: 1 out, 1 in', '  out: AuthService->UserDB "queries" dashed entry:left@0.38', '  in: Client->AuthService solid entry:top@0.14'].join('\n'),
    );
  });
});

describe('find', () => {
  it('finds shapes and groups on every page by name or label', async () => {
    const doc = await sample();
    await ok(doc, 'page add Other', 'add svc AuthProxy');
    expect(await query(doc, 'find auth')).toBe(
      ['find "auth": 2 matches', '  Page-1/AuthService(svc) @(200,320) "Auth Service" in:Backend', '  AuthProxy(svc) @(200,200)'].join('\n'),
    );
    expect(await query(doc, 'find back-end')).toBe('find "back-end": 1 match\n  Page-1/group Backend (2 shapes)');
    expect(await query(doc, 'find zzz')).toBe('find "zzz": no matches');
    expect(await queryFails(doc, 'find')).toContain('missing TEXT');
  });
});

describe('diff', () => {
  it('shows what changed since a checkpoint', async () => {
    const doc = await sample();
    await doc.checkpoint('v1', 'test');
    await ok(doc, 'add svc Cache', 'move Client to:600,100', 'remove UserDB', 'connect AuthService -> Cache', 'orient LR keep:true');
    expect(await query(doc, 'diff checkpoint:v1')).toBe(
      [
        'diff since checkpoint v1: 2 added, 2 removed, 3 changed',
        '  *flow TB->LR',
        '  *Client moved (200,200)->(600,100)',
        '  -db UserDB',
        '  +svc Cache @(400,460 140x60) blue',
        // Client moved out of line with AuthService: the studio's fixed end goes, the edge floats again.
        '  ~Client->AuthService solid',
        '  -AuthService->UserDB "queries" dashed entry:left@0.38',
        '  +AuthService->Cache solid',
      ].join('\n'),
    );
  });

  it('says when nothing changed, and refuses an unknown checkpoint', async () => {
    const doc = await sample();
    await doc.checkpoint('v1', 'test');
    expect(await query(doc, 'diff v1')).toBe('diff since checkpoint v1: no changes');
    expect(await queryFails(doc, 'diff checkpoint:nope')).toContain('no checkpoint "nope"');
    expect(await queryFails(doc, 'diff')).toContain('missing checkpoint:NAME');
  });
});

describe('queries in general', () => {
  it('include status and history from the engine', async () => {
    const doc = await sample();
    expect(await query(doc, 'status')).toContain('status: "Test"');
    expect(await query(doc, 'history 1')).toContain('#1 test batch: add actor Client');
  });

  it('never change the model', async () => {
    const doc = await sample();
    const version = doc.store.version;
    for (const q of ['map', 'stats', 'describe UserDB', 'list @all', 'connections UserDB', 'find a', 'status', 'history 3']) await query(doc, q);
    expect(doc.store.version).toBe(version);
  });

  it('answer an unknown query with the list of queries', async () => {
    const doc = await sample();
    expect(await queryFails(doc, 'maps')).toContain('Did you mean "map"?; queries: map, stats, describe, list, connections, find, selection, diff, shapes, search-shapes, status, history');
  });
});
