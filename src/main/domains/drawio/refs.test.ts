import { describe, expect, it } from 'vitest';
import { StudioError } from '../../kernel/errors';
import { matchNames, normalizeName, quoteName, resolveGroup, resolveLayer, resolvePage, resolveShape } from './refs';
import { fails, newDiagram, ok, shape, type Diagram } from './test-kit';
import { DrawioView } from './view';

async function diagram(...ops: string[]): Promise<Diagram> {
  const doc = newDiagram();
  if (ops.length) await ok(doc, ...ops);
  return doc;
}

function resolve(doc: Diagram, ref: string, anyPage = false): string {
  return resolveShape(new DrawioView(doc.store), ref, { anyPage }).alias;
}

function errorOf(fn: () => unknown): StudioError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StudioError);
    return err as StudioError;
  }
  throw new Error('expected a StudioError');
}

describe('plain references', () => {
  it('match the alias exactly, ignoring case', async () => {
    const doc = await diagram('add svc AuthService', 'add svc Auth');
    expect(resolve(doc, 'AuthService')).toBe('AuthService');
    expect(resolve(doc, 'authservice')).toBe('AuthService');
    // An exact name wins over being the prefix of another.
    expect(resolve(doc, 'auth')).toBe('Auth');
  });

  it('match the display text', async () => {
    const doc = await diagram('add svc Auth label:"Identity Provider"');
    expect(resolve(doc, 'identity provider')).toBe('Auth');
  });

  it('match a normalized name (no -, _ or spaces)', async () => {
    const doc = await diagram('add svc "User Store"', 'add svc order_service');
    expect(resolve(doc, 'userstore')).toBe('User Store');
    expect(resolve(doc, 'User-Store')).toBe('User Store');
    expect(resolve(doc, 'OrderService')).toBe('order_service');
  });

  it('match a unique prefix', async () => {
    const doc = await diagram('add svc AuthService', 'add db UserDB');
    expect(resolve(doc, 'Us')).toBe('UserDB');
    expect(resolve(doc, 'auth-ser')).toBe('AuthService');
  });

  it('answer a miss with the closest name', async () => {
    const doc = await diagram('add svc AuthService', 'add db UserDB');
    const err = errorOf(() => resolve(doc, 'AthService'));
    expect(err.code).toBe('unknown_ref');
    expect(err.message).toBe('unknown ref "AthService". Did you mean "AuthService"?');
    expect(err.suggestion).toBe('AuthService');
  });

  it('answer a miss with nothing close by listing what the page has', async () => {
    const doc = await diagram('add svc AuthService', 'add db UserDB');
    const err = errorOf(() => resolve(doc, 'Zebra'));
    expect(err.message).toBe('unknown ref "Zebra" in page "Page-1" (has AuthService, UserDB)');
    const empty = await diagram();
    expect(errorOf(() => resolve(empty, 'Zebra')).message).toBe('unknown ref "Zebra": there are no shapes in page "Page-1"');
  });

  it('answer an ambiguous prefix with the candidates and how to qualify them', async () => {
    const doc = await diagram('add svc AuthService', 'add db AuthStore');
    const err = errorOf(() => resolve(doc, 'Auth'));
    expect(err.code).toBe('ambiguous_ref');
    expect(err.message).toBe('ambiguous ref "Auth": matches AuthService (svc), AuthStore (db)');
    expect(err.suggestion).toBe('use the full name or qualify it: svc:AuthService, db:AuthStore');
  });

  it('suggest groups or ids when the candidates share a type', async () => {
    const doc = await diagram('add svc ApiOne', 'add svc ApiTwo', 'group ApiOne as:Edge');
    const err = errorOf(() => resolve(doc, 'api'));
    expect(err.suggestion).toContain('Edge/ApiOne');
    expect(err.suggestion).toContain(`#${shape(doc, 'ApiTwo').id}`);
  });

  it('say when the name is on another page, or is a group', async () => {
    const doc = await diagram('add svc AuthService', 'group AuthService as:Backend', 'page add Other');
    const err = errorOf(() => resolve(doc, 'AuthService'));
    expect(err.message).toContain('it is on page "Page-1"');
    expect(err.suggestion).toContain('page switch Page-1');
    await ok(doc, 'page switch Page-1');
    expect(errorOf(() => resolve(doc, 'Backend')).suggestion).toBe('@group:Backend');
  });
});

describe('qualified references', () => {
  it('type-qualified: db:UserDB picks among shapes of that type', async () => {
    const doc = await diagram('add svc UserService', 'add db UserDB');
    expect(resolve(doc, 'db:User')).toBe('UserDB');
    expect(resolve(doc, 'svc:user')).toBe('UserService');
    expect(errorOf(() => resolve(doc, 'queue:User')).message).toBe('unknown ref "queue:User": there are no shapes in the queue shapes of page "Page-1"');
  });

  it('type-qualified refs work inside ops, also glued to arrows', async () => {
    const doc = await diagram('add svc User', 'add db UserData', 'add svc Client');
    expect(await ok(doc, 'connect Client -> db:User')).toEqual(['~Client->UserData solid']);
    expect(await ok(doc, 'connect svc:User->db:User')).toEqual(['~User->UserData solid']);
  });

  it('Group/Alias picks among the members of a group', async () => {
    const doc = await diagram('add svc Cache', 'add svc CacheWarmer', 'group CacheWarmer as:Jobs');
    expect(resolve(doc, 'Jobs/Cache')).toBe('CacheWarmer');
  });

  it('Page/Alias picks a shape on another page (for queries), and verbs refuse it', async () => {
    const doc = await diagram('add svc AuthService', 'page add Backend', 'add svc Worker');
    expect(resolve(doc, 'Page-1/AuthService', true)).toBe('AuthService');
    const err = errorOf(() => resolve(doc, 'Page-1/AuthService'));
    expect(err.message).toContain('not on the active page "Backend"');
    expect(err.suggestion).toBe('page switch Page-1');
  });

  it('a slash that names no group or page is part of a plain name', async () => {
    const doc = await diagram('add svc "I/O"');
    expect(resolve(doc, 'I/O')).toBe('I/O');
  });

  it('#id is the stable form', async () => {
    const doc = await diagram('add svc AuthService', 'add svc Other');
    const id = shape(doc, 'AuthService').id;
    expect(resolve(doc, `#${id}`)).toBe('AuthService');
    expect(errorOf(() => resolve(doc, '#s999')).message).toBe('no shape with id #s999');
    expect(await ok(doc, `move #${id} to:500,500`)).toEqual(['@moved AuthService to (500,500)']);
  });
});

describe('groups, pages and layers', () => {
  it('resolve by name with the same tiers, and miss with suggestions', async () => {
    const doc = await diagram('add svc A', 'group A as:Backend', 'layer create Notes', 'page add Second', 'page switch Page-1');
    const view = new DrawioView(doc.store);
    expect(resolveGroup(view, 'back').name).toBe('Backend');
    expect(resolvePage(view, 'second').name).toBe('Second');
    expect(resolveLayer(view, 'p1', 'notes').name).toBe('Notes');
    const err = errorOf(() => resolveGroup(view, 'Backnd'));
    expect(err.message).toBe('unknown group "Backnd". Did you mean "Backend"?');
    expect(errorOf(() => resolvePage(view, 'Zzz')).message).toBe('unknown page "Zzz" (have: Page-1, Second)');
    expect(errorOf(() => resolvePage(view, 'Zzz')).suggestion).toBe('page add Zzz');
  });
});

describe('helpers', () => {
  it('normalizeName drops case, -, _ and spaces', () => {
    expect(normalizeName('Auth-Service_v 2')).toBe('authservicev2');
  });

  it('matchNames returns the first tier that matches', () => {
    const items = ['AuthService', 'auth', 'Authority'];
    expect(matchNames(items, (s) => [s], 'AUTH')).toEqual(['auth']);
    expect(matchNames(items, (s) => [s], 'autho')).toEqual(['Authority']);
    expect(matchNames(items, (s) => [s], 'au')).toEqual(items);
  });

  it('quoteName quotes names that would not survive as one bare word', () => {
    expect(quoteName('AuthService')).toBe('AuthService');
    expect(quoteName('Auth Service')).toBe('"Auth Service"');
    expect(quoteName('a->b')).toBe('"a->b"');
  });
});

describe('references in ops', () => {
  it('fail the op with the did-you-mean line', async () => {
    const doc = await diagram('add svc AuthService');
    const text = await fails(doc, 'style AthService bold');
    expect(text).toContain('! unknown ref "AthService". Did you mean "AuthService"? [unknown_ref]');
    expect(text).toContain('  try: AuthService');
  });
});
