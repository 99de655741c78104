import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchError } from './errors';
import { SHOP_PROJECT, writeTree } from './fixture';
import { initProject, ProjectModel } from './model';
import { parseFrontmatter, updateFrontmatter } from './frontmatter';
import { defaultConfig, parseConfig, ProjectReadError, readProject } from './project';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-arch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('reading a loko project', () => {
  it('reads loko.toml in loko\'s keys and the contract\'s, and the whole layout with frontmatter', () => {
    writeTree(dir, SHOP_PROJECT);
    const project = readProject(dir, 'shop');
    expect(project.config).toMatchObject({ name: 'Shop', version: '1.2.0', sourceDir: 'src', outputDir: 'dist', layout: 'elk', outputs: { html: true, markdown: true, pdf: true } });
    expect(project.elements.map((e) => `${e.kind}:${e.key}`)).toEqual([
      'system:Payments',
      'container:Payments/gateway',
      'system:Storefront',
      'container:Storefront/web-app',
      'component:Storefront/web-app/cart-service',
    ]);
    const storefront = project.elements.find((e) => e.key === 'Storefront')!;
    expect(storefront).toMatchObject({ name: 'Storefront', technology: 'TypeScript', tags: ['web', 'public'], relationships: [{ target: 'Payments', description: 'charges orders' }], problems: [] });
    expect(storefront.d2).toContain('customer -> storefront');
    expect(storefront.body).toContain('Customers browse');
    expect(project.strays).toEqual([]);

    const contract = parseConfig('[paths]\nsource = "docs/src"\noutput = "site"\n[outputs]\npdf = false\n', 'X');
    expect(contract).toMatchObject({ name: 'X', sourceDir: 'docs/src', outputDir: 'site', outputs: { html: true, markdown: true, pdf: false } });
  });

  it('keeps what it cannot read as problems and strays, with their lines, and never throws on them', () => {
    writeTree(dir, {
      'loko.toml': '[project]\nname = "Broken"\n',
      'src/Good/system.md': '---\nname: Good\ndescription: fine\n---\n',
      'src/NoMarkdown/system.d2': 'a -> b\n',
      'src/BadYaml/system.md': '---\nname: Bad\ndescription: [unclosed\n---\nbody\n',
      'src/Good/api/container.md': '---\nname: API\ntags: 7\nrelationships: nope\n---\n',
      'src/Good/api/handler/deeper/component.md': 'x',
      'src/notes.txt': 'stray',
      'src/bad name/system.md': '---\nname: spaced\n---\n',
    });
    const project = readProject(dir, 'broken');
    const problems = Object.fromEntries(project.elements.map((e) => [e.key, e.problems.map((p) => `${p.code} ${p.location}`)]));
    expect(problems['NoMarkdown']).toEqual(['MISSING_REQUIRED_FILE src/NoMarkdown/system.md']);
    expect(problems['BadYaml'][0]).toMatch(/^INVALID_FRONTMATTER src\/BadYaml\/system\.md:\d+$/);
    expect(problems['Good/api']).toEqual(['INVALID_FRONTMATTER src/Good/api/container.md', 'INVALID_FRONTMATTER src/Good/api/container.md']);
    expect(problems['Good/api/handler']).toContain('MISSING_REQUIRED_FILE src/Good/api/handler/component.md');
    expect(problems['bad name']).toEqual(['INVALID_ELEMENT_ID src/bad name/']);
    expect(project.strays.map((s) => s.path).sort()).toEqual(['src/Good/api/handler/deeper/', 'src/notes.txt']);
  });

  it("reads relationships in loko's map form and the list form, and a component's own arrows from its diagram", () => {
    writeTree(dir, {
      'loko.toml': '[project]\nname = "R"\n',
      'src/s/c/k/component.md': '---\nname: K\nrelationships:\n  "s/c/other": "calls"\n  bare: ~\n  "s/c/odd": [1, 2]\n---\n',
      'src/s/c/k/component.d2': 'K -> other: lowercase ids are D2\'s\nother -> k: not from k\ns/c/k -> far: by its path\n',
      'src/s/c/container.md': '---\nname: C\nrelationships:\n  - s/c/k\n  - target: s\n    technology: HTTP\n---\n',
      'src/s/c/container.d2': 'c -> s: a container diagram is no source of relationships, as in loko\n',
    });
    const project = readProject(dir, 'r');
    const component = project.elements.find((e) => e.key === 's/c/k')!;
    expect(component.relationships).toEqual([{ target: 's/c/other', description: 'calls' }, { target: 'bare' }]);
    expect(component.problems.map((p) => p.message)).toEqual(['the relationship to "s/c/odd" must be described by text, not [1,2]']);
    expect(component.diagramRelationships).toEqual([
      { target: 'other', label: "lowercase ids are D2's", line: 1 },
      { target: 'far', label: 'by its path', line: 3 },
    ]);
    const container = project.elements.find((e) => e.key === 's/c')!;
    expect(container.relationships).toEqual([{ target: 's/c/k' }, { target: 's', technology: 'HTTP' }]);
    expect(container.diagramRelationships).toEqual([]);
  });

  it('tells a missing project from a folder without loko.toml, and keeps a broken loko.toml as a problem with its line', () => {
    expect(() => readProject(join(dir, 'nope'), 'nope')).toThrow(ProjectReadError);
    try {
      readProject(dir, 'empty');
    } catch (err) {
      expect((err as ProjectReadError).kind).toBe('no_config');
    }
    writeFileSync(join(dir, 'loko.toml'), '[project]\nname = "x"\nversion = \n');
    const project = readProject(dir, 'p');
    expect(project.configProblem?.line).toBe(3);
    expect(project.config).toEqual(defaultConfig('P'));
  });
});

describe('frontmatter', () => {
  it('parses, reports the line of a YAML error, and updates fields keeping comments, other fields and the body', () => {
    expect(parseFrontmatter('---\nname: A\n---\n# A\n')).toEqual({ data: { name: 'A' }, body: '# A\n' });
    expect(parseFrontmatter('no frontmatter').body).toBe('no frontmatter');
    expect(parseFrontmatter('---\nname: A\n').error?.message).toMatch(/never closed/);
    const bad = parseFrontmatter('---\nname: A\nx: : :\n  - y\n---\n');
    expect(bad.error?.line).toBeGreaterThanOrEqual(2);
    expect(parseFrontmatter('---\n- a list\n---\n').error?.message).toMatch(/mapping/);

    const updated = updateFrontmatter('---\n# owner: team a\nname: A\nsystem: X\n---\n\n# Body\n', { description: 'new', name: 'B' });
    expect(updated).toContain('# owner: team a');
    expect(parseFrontmatter(updated)).toEqual({ data: { name: 'B', system: 'X', description: 'new' }, body: '\n# Body\n' });
  });
});

describe('editing frontmatter in place', () => {
  const FILE = [
    '---   ',
    "name: 'Orders'   # shown in the docs",
    'description: >',
    '    Takes orders,',
    '    folded.',
    'tags:',
    '    - web',
    '    - api',
    'owner: {team: a, since: 2019}',
    'technology:',
    '---',
    '',
    'Body *kept*.',
    '',
  ];
  const lf = FILE.join('\n');

  it('changes only the fields it edits, in the quotes they had, and keeps every other byte', () => {
    expect(updateFrontmatter(lf, { name: 'Order Intake' })).toBe(lf.replace("name: 'Orders'", "name: 'Order Intake'"));
    expect(updateFrontmatter(lf, { description: 'Short now' })).toBe(lf.replace('description: >\n    Takes orders,\n    folded.\n', 'description: Short now\n'));
    expect(updateFrontmatter(lf, { tags: ['web'] })).toBe(lf.replace('tags:\n    - web\n    - api\n', 'tags: [web]\n'));
    expect(updateFrontmatter(lf, { technology: 'Go' })).toBe(lf.replace('technology:\n', 'technology: Go\n'));
    expect(updateFrontmatter(lf, { owner: undefined })).toBe(lf.replace('owner: {team: a, since: 2019}\n', ''));
    expect(updateFrontmatter(lf, { version: '2' })).toBe(lf.replace('technology:\n---', 'technology:\nversion: "2"\n---'));
    const edited = parseFrontmatter(updateFrontmatter(lf, { name: 'N', tags: undefined, status: 'new' }));
    expect(edited.data).toEqual({ name: 'N', description: 'Takes orders, folded.\n', owner: { team: 'a', since: 2019 }, technology: null, status: 'new' });
    expect(edited.body).toBe('\nBody *kept*.\n');
  });

  it('keeps CRLF line endings, and adds to an empty frontmatter', () => {
    const crlf = FILE.join('\r\n');
    expect(updateFrontmatter(crlf, { name: 'X', added: 'yes' })).toBe(crlf.replace("name: 'Orders'", "name: 'X'").replace('technology:\r\n---', 'technology:\r\nadded: yes\r\n---'));
    expect(updateFrontmatter('---\n---\nbody\n', { name: 'A' })).toBe('---\nname: A\n---\nbody\n');
  });
});

describe('writing through the model', () => {
  it('creates elements whole, as loko lays them out, and refuses duplicates and non-identifiers', () => {
    initProject(dir, defaultConfig('New'));
    const model = new ProjectModel('new', readProject(dir, 'new'));
    const { files } = model.create({ kind: 'system', id: 'PaymentService', name: 'Payment Service', description: 'Takes money', d2: 'a -> b\n' });
    expect(files).toEqual(['src/PaymentService/system.md', 'src/PaymentService/system.d2']);
    model.create({ kind: 'container', parent: 'PaymentService', id: 'API', name: 'API', technology: 'Go', d2: '' });
    model.create({ kind: 'component', parent: 'PaymentService/API', id: 'Handler', name: 'Handler' });
    expect(existsSync(join(dir, 'src/PaymentService/API/Handler/component.md'))).toBe(true);
    // What was written reads back the same from disk.
    const again = readProject(dir, 'new');
    expect(again.elements.map((e) => [e.key, e.name, e.description, e.technology ?? ''])).toEqual(model.elements.map((e) => [e.key, e.name, e.description, e.technology ?? '']));
    expect(again.elements.every((e) => e.problems.length === 0)).toBe(true);

    expect(() => model.create({ kind: 'system', id: 'paymentservice', name: 'x' })).toThrow(/already exists/);
    expect(() => model.create({ kind: 'container', parent: 'PaymentService', id: 'API', name: 'x' })).toThrow(/already exists in system 'PaymentService'/);
    let error: ArchError | undefined;
    try {
      model.create({ kind: 'system', id: 'Payment Service!', name: 'x' });
    } catch (err) {
      error = err as ArchError;
    }
    expect(error).toMatchObject({ code: 'INVALID_INPUT', suggestion: '"PaymentService"' });
    // Nothing half written: no stray folders, temp or otherwise.
    expect(readdirSync(join(dir, 'src'))).toEqual(['PaymentService']);
  });

  it('finds by key or unique bare id, and says NOT_FOUND or ambiguous otherwise', () => {
    writeTree(dir, { ...SHOP_PROJECT, 'src/Payments/web-app/container.md': '---\nname: W\n---\n' });
    const model = new ProjectModel('shop', readProject(dir, 'shop'));
    expect(model.find('gateway', ['container'])?.key).toBe('Payments/gateway');
    expect(model.find('Storefront/web-app', ['container'])?.key).toBe('Storefront/web-app');
    expect(() => model.find('web-app', ['container'])).toThrow(/more than one/);
    expect(() => model.require('Nope', ['system'], 'system')).toThrow("System 'Nope' not found");
  });

  it('updates frontmatter and diagrams in place and removes an element whole', () => {
    writeTree(dir, SHOP_PROJECT);
    const model = new ProjectModel('shop', readProject(dir, 'shop'));
    model.describe('Payments', { description: 'Moves money', name: 'Payments Hub' });
    expect(readFileSync(join(dir, 'src/Payments/system.md'), 'utf8')).toContain('# Payments');
    expect(model.get('Payments')).toMatchObject({ name: 'Payments Hub', description: 'Moves money' });
    model.writeDiagram('Payments/gateway', 'x -> y\n');
    expect(readFileSync(join(dir, 'src/Payments/gateway/container.d2'), 'utf8')).toBe('x -> y\n');
    expect(model.get('Payments/gateway')?.d2Path).toBe('src/Payments/gateway/container.d2');
    const gone = model.remove('Storefront');
    expect(gone.map((e) => e.key)).toEqual(['Storefront', 'Storefront/web-app', 'Storefront/web-app/cart-service']);
    expect(readdirSync(join(dir, 'src'))).toEqual(['Payments']);
  });
});
