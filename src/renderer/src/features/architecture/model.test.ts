import { describe, expect, it } from 'vitest';
import type { ToolCallAnswer } from '../../../../shared/tandem-api';
import { UNREADABLE_ANSWER, applyRecordChanges, dataOrErrorEnvelope } from '../../stores/tool-domain-store';
import { SHOP, element } from './test-records';
import { foldProgress, treeKeyAction, visibleRows, ancestorIds, buildTree, creatableKinds, elementsOf, errorLine, findingLine, matchTarget, parentKeys, shownProject, svgImageSource } from './model';

const answer = (text: string, isError = false): ToolCallAnswer => ({ content: [{ type: 'text', text }], ...(isError ? { isError } : {}) });

describe('the architecture envelope', () => {
  it('reads the data of a success, and the code, message and suggestion of a failure', () => {
    expect(dataOrErrorEnvelope(answer('{"success":true,"system":{"id":"A"}}'))).toEqual({ ok: true, data: { success: true, system: { id: 'A' } } });
    const refused = answer(JSON.stringify({ error: { code: 'INVALID_SYNTAX', message: 'D2 syntax error: line 2: unexpected', details: 'src/A/system.d2:2; try: fix the D2 at that line; the file on disk is unchanged' } }), true);
    expect(dataOrErrorEnvelope(refused)).toEqual({
      ok: false,
      error: { code: 'INVALID_SYNTAX', message: 'D2 syntax error: line 2: unexpected', suggestion: 'fix the D2 at that line', details: 'src/A/system.d2:2; try: fix the D2 at that line; the file on disk is unchanged' },
    });
    // A details text without a suggestion gives none; an answer that is no envelope is an error that quotes it.
    expect(dataOrErrorEnvelope(answer('{"error":{"code":"NOT_FOUND","message":"System \'X\' not found","details":"(file_not_found)"}}', true))).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: "System 'X' not found", details: '(file_not_found)' },
    });
    expect(dataOrErrorEnvelope(answer('! internal', true))).toMatchObject({ ok: false, error: { code: UNREADABLE_ANSWER, message: expect.stringContaining('! internal') } });
    expect(dataOrErrorEnvelope(answer('{"nope":1}', true))).toMatchObject({ ok: false, error: { code: UNREADABLE_ANSWER } });
  });
});

describe('the C4 tree', () => {
  it('puts containers under their system and components under their container, each level by name', () => {
    const tree = buildTree([...SHOP].reverse());
    const shape = (nodes: ReturnType<typeof buildTree>): unknown[] => nodes.map((n) => (n.children.length ? { [n.element.key]: shape(n.children) } : n.element.key));
    expect(shape(tree)).toEqual([{ Accounts: ['Accounts/API'] }, { Payments: ['Payments/Db', { 'Payments/API': ['Payments/API/Handler'] }] }]);
  });

  it('shows an element whose parent has not arrived at the top, and lists the ancestors to open', () => {
    const orphan = element('component', 'Gone/Box/Part');
    expect(buildTree([orphan]).map((n) => n.element.key)).toEqual(['Gone/Box/Part']);
    expect(ancestorIds(SHOP, SHOP[3])).toEqual([SHOP[0].id, SHOP[1].id]);
    expect(ancestorIds(SHOP, SHOP[0])).toEqual([]);
  });

  it('reads the elements and the project on screen from the records', () => {
    const other = element('system', 'Elsewhere', {}, 'other');
    const records = applyRecordChanges({}, [
      { id: 'project:other', kind: 'project', project: 'other' },
      { id: 'project:architecture', kind: 'project', project: 'architecture' },
      ...SHOP,
      other,
    ], []);
    expect(shownProject({ records })?.project).toBe('architecture');
    expect(shownProject({ records }, 'other')?.project).toBe('other');
    expect(shownProject({ records }, 'gone')?.project).toBe('architecture');
    expect(elementsOf({ records }, 'architecture').map((e) => e.key)).toEqual(['Accounts', 'Accounts/API', 'Payments', 'Payments/API', 'Payments/API/Handler', 'Payments/Db']);
    expect(elementsOf({ records }, 'other')).toEqual([other]);
  });
});

describe('reveal targets', () => {
  it('match a record id, a key (with or without the domain prefix, any case), or a unique id or name', () => {
    expect(matchTarget(SHOP, 'architecture:Payments/API')?.key).toBe('Payments/API');
    expect(matchTarget(SHOP, 'Payments/API/Handler')?.key).toBe('Payments/API/Handler');
    expect(matchTarget(SHOP, SHOP[2].id)?.key).toBe('Payments/Db');
    expect(matchTarget(SHOP, 'payments/db')?.key).toBe('Payments/Db');
    expect(matchTarget(SHOP, 'Handler')?.key).toBe('Payments/API/Handler');
    expect(matchTarget(SHOP, 'ledger')?.key).toBe('Payments/Db');
    expect(matchTarget(SHOP, ' architecture:Accounts/ ')?.key).toBe('Accounts');
  });

  it('match nothing for an unknown name, an empty one, or an id two elements share', () => {
    expect(matchTarget(SHOP, 'Billing')).toBeUndefined();
    expect(matchTarget(SHOP, 'architecture:')).toBeUndefined();
    // Both systems have a container API: the bare id names neither.
    expect(matchTarget(SHOP, 'API')).toBeUndefined();
  });
});

describe('where errors and findings point', () => {
  it('finds the line in D2 messages, in details and in locations', () => {
    expect(errorLine({ message: 'D2 syntax error: line 3: unexpected text', details: 'line 3; try: fix the D2 at that line' })).toBe(3);
    expect(errorLine({ message: 'D2 syntax error: missing value', details: 'src/A/B/container.d2:12; try: fix it' })).toBe(12);
    expect(errorLine({ message: 'System not found' })).toBeUndefined();
    expect(findingLine({ code: 'D2_SYNTAX_ERROR', message: 'm', location: 'src/A/system.d2:4' })).toBe(4);
    expect(findingLine({ code: 'MISSING_DESCRIPTION', message: 'm', location: 'src/A/system.md' })).toBeUndefined();
  });
});

describe('new elements', () => {
  it('go where the selection says: a container in the selected system, a component in the selected container', () => {
    expect(creatableKinds(undefined)).toEqual(['system']);
    expect(creatableKinds(SHOP[0])).toEqual(['system', 'container']);
    expect(creatableKinds(SHOP[3])).toEqual(['system', 'container', 'component']);
    expect(parentKeys(SHOP[3], 'container')).toEqual({ system: 'Payments' });
    expect(parentKeys(SHOP[3], 'component')).toEqual({ system: 'Payments', container: 'API' });
    expect(parentKeys(SHOP[1], 'system')).toEqual({});
  });
});

it('shows an SVG as an image address that carries its markup whole', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>Order #1 & 100%</text></svg>';
  const src = svgImageSource(svg);
  expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(svg);
});

it("folds a build's progress ticks into the entry that ends it, and keeps everything else", () => {
  const entry = (seq: number, origin: string, ops: string[], lines: string[] = []) => ({ key: `a:${seq}:tool`, seq, origin, kind: 'tool' as const, ops, lines, at: seq });
  const activity = [
    entry(9, 'person', ['build_docs'], ['11 files, 1 up to date']),
    entry(8, 'person', ['build_docs']),
    entry(7, 'person', ['build_docs']),
    entry(6, 'claude', ['build_docs']),
    entry(5, 'person', ['validate'], ['0 errors']),
    entry(4, 'person', ['validate'], ['1 error']),
    entry(3, 'person', ['update_element Payments']),
    entry(2, 'person', ['update_element Payments']),
  ];
  expect(foldProgress(activity).map((e) => e.seq)).toEqual([9, 6, 5, 4, 3]);
});

describe('the keyboard in the tree', () => {
  const tree = buildTree(SHOP);
  const keys = (collapsed: Set<string>) => (selected: string | undefined, key: Parameters<typeof treeKeyAction>[3]) => treeKeyAction(visibleRows(tree, collapsed), collapsed, selected, key);

  it('moves between the rows shown, skipping closed branches', () => {
    expect(visibleRows(tree, new Set()).map((n) => n.element.key)).toEqual(['Accounts', 'Accounts/API', 'Payments', 'Payments/Db', 'Payments/API', 'Payments/API/Handler']);
    const closed = new Set([SHOP[4].id]);
    const key = keys(closed);
    expect(key(undefined, 'ArrowDown')).toEqual({ select: SHOP[4].id });
    expect(key(SHOP[4].id, 'ArrowDown')).toEqual({ select: SHOP[0].id });
    expect(key(SHOP[0].id, 'ArrowUp')).toEqual({ select: SHOP[4].id });
    expect(key(SHOP[4].id, 'ArrowUp')).toBeUndefined();
    expect(key(SHOP[0].id, 'End')).toEqual({ select: SHOP[3].id });
    expect(key(SHOP[3].id, 'Home')).toEqual({ select: SHOP[4].id });
  });

  it('opens and closes branches with right and left, or goes to the child or the parent', () => {
    const key = keys(new Set([SHOP[4].id]));
    expect(key(SHOP[4].id, 'ArrowRight')).toEqual({ toggle: SHOP[4].id });
    expect(key(SHOP[0].id, 'ArrowRight')).toEqual({ select: SHOP[2].id });
    expect(key(SHOP[0].id, 'ArrowLeft')).toEqual({ toggle: SHOP[0].id });
    expect(key(SHOP[3].id, 'ArrowLeft')).toEqual({ select: SHOP[1].id });
    expect(key(SHOP[3].id, 'ArrowRight')).toBeUndefined();
    expect(key(SHOP[4].id, 'ArrowLeft')).toBeUndefined();
  });
});
