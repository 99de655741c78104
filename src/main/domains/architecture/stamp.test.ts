import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHOP_PROJECT, writeTree } from './fixture';
import { checkStamp, restampFolder, stampFiles, stampPaths, unchangedSince } from './stamp';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-arch-stamp-'));
  writeTree(dir, SHOP_PROJECT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Whether the files still match a stamp taken before `change`. */
function unchangedAfter(change: () => void): boolean {
  const stamp = stampFiles(dir, 'src');
  change();
  return checkStamp(dir, stampPaths(stamp)) === stamp.digest;
}

describe("the files' stamp", () => {
  it('holds while nothing changes, and covers loko.toml and every level of the source tree', () => {
    expect(unchangedAfter(() => undefined)).toBe(true);
    expect(stampPaths(stampFiles(dir, 'src'))).toEqual(
      expect.arrayContaining(['loko.toml', 'src/', 'src/Payments/', 'src/Payments/system.md', 'src/Storefront/web-app/cart-service/', 'src/Storefront/web-app/cart-service/component.md']),
    );
  });

  it('changes with every edit a person makes by hand, without listing a folder', () => {
    expect(unchangedAfter(() => mkdirSync(join(dir, 'src/Payments/ledger')))).toBe(false);
    expect(unchangedAfter(() => writeFileSync(join(dir, 'src/Payments/ledger/container.md'), '---\nname: L\n---\n'))).toBe(false);
    // The same size, written in place.
    expect(unchangedAfter(() => writeFileSync(join(dir, 'src/Payments/ledger/container.md'), '---\nname: M\n---\n'))).toBe(false);
    expect(
      unchangedAfter(() => {
        writeFileSync(join(dir, 'src/Payments/tmp'), 'x');
        renameSync(join(dir, 'src/Payments/tmp'), join(dir, 'src/Payments/system.md'));
      }),
    ).toBe(false);
    expect(unchangedAfter(() => rmSync(join(dir, 'src/Storefront/web-app/cart-service'), { recursive: true }))).toBe(false);
    expect(unchangedAfter(() => writeFileSync(join(dir, 'loko.toml'), '[project]\nname = "Other"\n'))).toBe(false);
    expect(unchangedAfter(() => rmSync(join(dir, 'src'), { recursive: true }))).toBe(false);
  });

  it("is taken again for one folder after the studio's own write, equal to a fresh stamp", () => {
    const before = stampFiles(dir, 'src');
    writeTree(dir, { 'src/Payments/gateway/refunds/component.md': '---\nname: R\n---\n' });
    const afterNew = restampFolder(before, dir, 'src', 'src/Payments/gateway/refunds');
    expect(afterNew.digest).toBe(stampFiles(dir, 'src').digest);
    writeFileSync(join(dir, 'src/Payments/system.md'), '---\nname: P2\n---\n');
    const afterEdit = restampFolder(afterNew, dir, 'src', 'src/Payments');
    expect(afterEdit.digest).toBe(stampFiles(dir, 'src').digest);
    rmSync(join(dir, 'src/Storefront'), { recursive: true });
    expect(restampFolder(afterEdit, dir, 'src', 'src/Storefront').digest).toBe(stampFiles(dir, 'src').digest);
  });

  it("tells the echo of the studio's own write from a person's edit among the paths a watcher saw", () => {
    const file = 'src/Payments/system.md';
    writeFileSync(join(dir, 'src/Payments/.system.md.tmp'), '---\nname: Written here\n---\n');
    renameSync(join(dir, 'src/Payments/.system.md.tmp'), join(dir, file));
    const stamped = restampFolder(stampFiles(dir, 'src'), dir, 'src', 'src/Payments');
    expect(unchangedSince(stamped, dir, [file, 'src/Payments', 'loko.toml'])).toBe(true);
    // The same size, written in place by a person after the studio stamped it.
    writeFileSync(join(dir, file), '---\nname: Written there\n---\n');
    expect(unchangedSince(stamped, dir, [file])).toBe(false);
    // Paths the stamp does not cover (a new folder, a file beside the project) count as changed.
    mkdirSync(join(dir, 'src/Payments/ledger'));
    expect(unchangedSince(stamped, dir, ['src/Payments/ledger'])).toBe(false);
    writeFileSync(join(dir, 'NOTES.md'), 'notes');
    expect(unchangedSince(stamped, dir, ['NOTES.md'])).toBe(false);
    rmSync(join(dir, 'src/Storefront'), { recursive: true });
    expect(unchangedSince(stamped, dir, ['src/Storefront'])).toBe(false);
  });
});
