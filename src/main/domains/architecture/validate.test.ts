import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { D2SyntaxError } from './d2-common';
import { SHOP_PROJECT, writeTree } from './fixture';
import { ProjectModel } from './model';
import { readProject } from './project';
import { relationshipCycles, validateProject } from './validate';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-arch-validate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function validate(files: Record<string, string>, d2Errors = new Map<string, D2SyntaxError>()) {
  writeTree(dir, { 'loko.toml': '[project]\nname = "T"\n', ...files });
  const model = new ProjectModel('t', readProject(dir, 't'));
  return validateProject(model, { d2Errors, renderedSvg: (e) => join(dir, 'dist/diagrams', `${e.kind}-${e.key}.svg`) });
}

const codes = (findings: { code: string; location: string }[]) => findings.map((f) => `${f.code} ${f.location}`);

const system = (name: string, extra = '') => `---\nname: ${name}\ndescription: d\n${extra}---\n`;

describe('validate', () => {
  it('passes the shop fixture with nothing but warnings it deserves', () => {
    const { errors, warnings } = validate(SHOP_PROJECT);
    expect(errors).toEqual([]);
    expect(codes(warnings)).toEqual(['MISSING_DIAGRAM src/Payments/gateway/container.d2', 'EMPTY_CONTAINER src/Payments/gateway/']);
  });

  it('finds duplicate ids whatever their case, at each level', () => {
    const { errors } = validate({
      'src/Pay/system.md': system('Pay'),
      'src/pay/system.md': system('pay'),
      'src/Pay/Api/container.md': system('A'),
      'src/Pay/API/container.md': system('B'),
      'src/Pay/API/H/component.md': system('H'),
      'src/Pay/API/h/component.md': system('h'),
    });
    expect(errors.map((e) => e.code).sort()).toEqual(['DUPLICATE_COMPONENT_ID', 'DUPLICATE_CONTAINER_ID', 'DUPLICATE_SYSTEM_ID']);
    expect(errors.find((e) => e.code === 'DUPLICATE_SYSTEM_ID')?.location).toMatch(/^src\/(pay|Pay)\/$/);
  });

  it('finds dangling references: relationships, and a frontmatter system/container that is not there', () => {
    const { errors } = validate({
      'src/A/system.md': system('A', 'relationships:\n  - target: Nowhere\n'),
      'src/A/web/container.md': system('W', 'system: Ghost\n'),
      'src/A/web/h/component.md': system('H', 'container: Phantom\n'),
    });
    expect(codes(errors)).toEqual([
      'DANGLING_RELATIONSHIP src/A/system.md',
      'UNKNOWN_SYSTEM src/A/web/container.md',
      'UNKNOWN_CONTAINER src/A/web/h/component.md',
    ]);
  });

  it('finds missing markdown, broken frontmatter (with its line) and D2 errors (with theirs)', () => {
    const d2Errors = new Map([['B', new D2SyntaxError('line 3: unknown shape "x"', 3)]]);
    const { errors } = validate(
      {
        'src/A/system.d2': 'a\n',
        'src/B/system.md': '---\nname: B\ndescription: [oops\n---\n',
        'src/B/system.d2': 'a\nb\nc: {shape: x}\n',
      },
      d2Errors,
    );
    expect(codes(errors)).toEqual(['MISSING_REQUIRED_FILE src/A/system.md', expect.stringMatching(/^INVALID_FRONTMATTER src\/B\/system\.md:\d$/), 'D2_SYNTAX_ERROR src/B/system.d2:3']);
  });

  it('finds circular dependencies, once per cycle, and not in a chain', () => {
    const { errors } = validate({
      'src/A/system.md': system('A', 'relationships: [B]\n'),
      'src/B/system.md': system('B', 'relationships: [C]\n'),
      'src/C/system.md': system('C', 'relationships: [A]\n'),
      'src/D/system.md': system('D', 'relationships: [A]\n'),
      'src/E/system.md': system('E', 'relationships: [E]\n'),
    });
    expect(errors.filter((e) => e.code === 'CIRCULAR_DEPENDENCY').map((e) => e.message).sort()).toEqual(['circular dependency: A -> B -> C -> A', 'circular dependency: E -> E']);
    writeTree(dir, { 'src/C/system.md': system('C') });
    expect(relationshipCycles(new ProjectModel('t', readProject(dir, 't')))).toEqual([['E']]);
  });

  it('warns of orphaned files, unreferenced systems and containers, missing descriptions, empty systems, outdated diagrams', () => {
    const { errors, warnings } = validate({
      'src/readme.txt': 'x',
      'src/A/system.md': '---\nname: A\n---\n',
      'src/A/system.d2': 'used: Used\n',
      'src/A/used/container.md': system('U'),
      'src/A/OldCache/container.md': system('Old'),
      'src/B/system.md': system('B'),
      'src/B/system.d2': 'x\n',
      'dist/diagrams/system-B.svg': '<svg/>',
    });
    utimesSync(join(dir, 'dist/diagrams/system-B.svg'), new Date(2000, 1, 1), new Date(2000, 1, 1));
    const again = validateProject(new ProjectModel('t', readProject(dir, 't')), { d2Errors: new Map(), renderedSvg: (e) => join(dir, 'dist/diagrams', `${e.kind}-${e.key}.svg`) });
    expect(errors).toEqual([]);
    const found = codes(again.warnings);
    expect(found).toEqual(
      expect.arrayContaining([
        'ORPHANED_FILE src/readme.txt',
        'MISSING_DESCRIPTION src/A/system.md',
        'UNREFERENCED_CONTAINER src/A/OldCache/',
        'EMPTY_SYSTEM src/B/',
        'UNREFERENCED_SYSTEM src/A/',
        'UNREFERENCED_SYSTEM src/B/',
        'OUTDATED_DIAGRAM src/B/system.d2',
        'MISSING_DIAGRAM src/A/used/container.d2',
      ]),
    );
    expect(found).not.toContain('UNREFERENCED_CONTAINER src/A/used/');
    expect(codes(warnings)).not.toContain('OUTDATED_DIAGRAM src/B/system.d2');
    expect(again.warnings.find((w) => w.code === 'UNREFERENCED_CONTAINER')?.element).toBe('container:t#A/OldCache');
  });

  it('reports a broken loko.toml with its line', () => {
    writeTree(dir, { 'loko.toml': '[project\nname = 1\n' });
    const result = validateProject(new ProjectModel('t', readProject(dir, 't')), { d2Errors: new Map(), renderedSvg: () => '/nonexistent' });
    expect(codes(result.errors)).toEqual(['INVALID_CONFIG loko.toml:1']);
  });
});
