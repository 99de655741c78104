import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTree } from './fixture';
import { ProjectModel } from './model';
import { readProject } from './project';
import { resolveTarget } from './relationships';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-arch-relations-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const md = (name: string) => `---\nname: ${name}\n---\n`;

describe('resolving a relationship target as loko does', () => {
  it('takes a path, a sibling component by short id, the one element with an id, and nothing ambiguous', () => {
    writeTree(dir, {
      'loko.toml': '[project]\nname = "R"\n',
      'src/pay/system.md': md('Pay'),
      'src/pay/api/container.md': md('API'),
      'src/pay/api/orders/component.md': md('Orders'),
      'src/pay/api/Billing/component.md': md('Billing'),
      'src/pay/store/container.md': md('Store'),
      'src/pay/store/orders/component.md': md('Stored orders'),
      'src/pay/store/ledger/component.md': md('Ledger'),
      'src/ship/system.md': md('Ship'),
      'src/ship/api/container.md': md('Ship API'),
    });
    const model = new ProjectModel('r', readProject(dir, 'r'));
    const from = (key: string) => model.get(key)!;
    const target = (source: string, written: string) => resolveTarget(model, from(source), written)?.key;
    expect(target('pay/api/Billing', 'pay/store/ledger')).toBe('pay/store/ledger');
    expect(target('pay/api/Billing', 'PAY/Store/Ledger')).toBe('pay/store/ledger');
    // Two components are `orders`: the one in the same container is meant.
    expect(target('pay/api/Billing', 'orders')).toBe('pay/api/orders');
    expect(target('pay/store/ledger', 'orders')).toBe('pay/store/orders');
    // From one of them, the other (not itself); from elsewhere, neither.
    expect(target('pay/api/orders', 'orders')).toBe('pay/store/orders');
    expect(target('pay', 'orders')).toBeUndefined();
    // Short ids of any level, in any case (D2's ids), when one element has them.
    expect(target('pay/api/orders', 'billing')).toBe('pay/api/Billing');
    expect(target('pay/api/orders', 'ledger')).toBe('pay/store/ledger');
    expect(target('pay/api/orders', 'ship')).toBe('ship');
    expect(target('pay/api/orders', 'api')).toBeUndefined();
    expect(target('pay/api/orders', 'pay/api/nowhere')).toBeUndefined();
  });
});
