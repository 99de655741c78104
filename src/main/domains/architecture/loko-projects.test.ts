/**
 * loko projects as loko writes them, through the tools of a real Studio: loko's own example (the
 * corpus, copied to a temp folder), and a project of our own that uses loko's relationship forms
 * (a frontmatter map with qualified and short ids, arrows in component diagrams) in other ways.
 * Opening, querying and validating write nothing; a write changes only what it edits.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../testing/corpora';
import { writeTree } from './fixture';
import { callFailing, callOk, openTestStudio, type TestStudio } from './test-studio';

let studio: TestStudio;
let dir: string;

beforeAll(async () => {
  studio = await openTestStudio('tandem-arch-loko-', (root) => {
    // loko's example, copied at run time (never into the repository).
    cpSync(corpusPath('loko', 'serverless'), join(root, 'serverless'), { recursive: true });
    writeTree(join(root, 'relations'), RELATIONS_PROJECT);
  });
  dir = studio.dir;
}, 60_000);
afterAll(() => studio?.close(), 60_000);

const ok = (tool: string, args: Record<string, unknown>) => callOk(studio.studio, tool, args);
const failure = (tool: string, args: Record<string, unknown>) => callFailing(studio.studio, tool, args);

/** Every file under a folder, by relative path, with its bytes. */
function snapshot(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) visit(path);
      else files.set(relative(root, path), readFileSync(path));
    }
  };
  visit(root);
  return files;
}

/** Components (orders, payments, audit in api; ledger and another orders in store) related every way loko allows. */
const RELATIONS_PROJECT: Record<string, string> = {
  'loko.toml': '[project]\nname = "Relations"\n\n[paths]\nsource_dir = "src"\n',
  'src/shop/system.md': '---\nname: Shop\ndescription: Sells\n---\n',
  'src/shop/api/container.md': '---\nname: API\ndescription: Answers\n---\n',
  'src/shop/store/container.md': '---\nname: Store\ndescription: Keeps\n---\n',
  // loko's map: a qualified id, a short id that two components have (the one beside it is meant), one that names nothing.
  'src/shop/api/orders/component.md': `---
name: "Orders"
description: "Takes orders"
owner: team-a # not a field the studio knows
relationships:
  "shop/store/ledger": "books sales in"
  payments: "charges cards through"
  "shop/api/nowhere": "writes to"
---

# Orders

Text the studio does not read, kept as it is.
`,
  // Arrows: one the frontmatter has too (its description wins), one new, one to a shape of the diagram only.
  'src/shop/api/orders/component.d2': `orders: Orders
Stripe: Stripe API {shape: cloud}
orders -> payments: calls
orders -> Audit: "records each order" {
  style.stroke-dash: 3
}
orders -> Stripe: tokenizes
`,
  'src/shop/api/payments/component.md': '---\nname: Payments\ndescription: Charges\n---\n',
  // Back to orders: orders -> payments -> orders is a cycle of the merged graph only.
  'src/shop/api/payments/component.d2': 'payments -> orders: confirms\n',
  'src/shop/api/audit/component.md': '---\nname: Audit\ndescription: Keeps a trail\n---\n',
  'src/shop/store/ledger/component.md': '---\nname: Ledger\ndescription: Books\nrelationships:\n  - target: shop/api/audit\n    description: reports to\n---\n',
  'src/shop/store/orders/component.md': '---\nname: Stored orders\ndescription: History\n---\n',
};

describe('loko projects as loko writes them', () => {
  it("answers for loko's own example as loko does, and writes nothing into it", async () => {
    const root = join(dir, 'serverless');
    const before = snapshot(root);
    expect(await ok('query_project', { project_path: 'serverless' })).toMatchObject({
      name: 'Order Processing API',
      description: 'Serverless order processing system using AWS Lambda, API Gateway, SQS, and DynamoDB',
      version: '1.0.0',
      system_count: 1,
      total_containers: 2,
      systems: [{ id: 'order-processing', name: 'Order Processing API', container_count: 2 }],
    });
    expect(await ok('query_architecture', { project_path: 'serverless' })).toEqual({ type: 'summary', systems: 1, containers: 2, components: 2, system_names: ['order-processing'] });
    const full = await ok('query_architecture', { project_path: 'serverless', scope: 'system', target: 'order-processing', detail: 'full' });
    expect(full.system.containers.map((c: any) => [c.id, c.name, c.technology, c.components.map((k: any) => [k.id, k.name, k.description])])).toEqual([
      ['api-handlers', 'API Handlers', 'Go', [['create-order', 'Create Order', 'Lambda function that creates new orders in the system']]],
      ['event-processors', 'Event Processors', 'Go', [['process-payment', 'Process Payment', 'Lambda function that processes payments via Stripe']]],
    ]);
    // Its component diagrams' arrows all go to shapes of the diagrams (DynamoDB, Stripe...), not to elements: loko's graph has no edge.
    expect(full.system.containers.flatMap((c: any) => c.components.flatMap((k: any) => k.relationships ?? []))).toEqual([]);
    const { validation, success } = await ok('validate', { project_path: 'serverless' });
    expect(validation.errors).toEqual([]);
    expect(success).toBe(true);
    expect(snapshot(root)).toEqual(before);
  }, 60_000);

  it("changes only what a write edits in loko's files: the other fields, their quotes and the body stay byte for byte", async () => {
    const file = join(dir, 'serverless/src/order-processing/api-handlers/create-order/component.md');
    const before = readFileSync(file, 'utf8');
    await ok('update_element', { project_path: 'serverless', target: 'order-processing/api-handlers/create-order', description: 'Creates orders' });
    expect(readFileSync(file, 'utf8')).toBe(before.replace('description: "Lambda function that creates new orders in the system"', 'description: "Creates orders"'));

    const ours = join(dir, 'relations/src/shop/api/orders/component.md');
    const mine = readFileSync(ours, 'utf8');
    await ok('update_element', { project_path: 'relations', target: 'shop/api/orders', name: 'Order Intake' });
    expect(readFileSync(ours, 'utf8')).toBe(mine.replace('name: "Orders"', 'name: "Order Intake"'));
  });

  it("merges loko's relationship map with the components' diagram arrows, one edge each, the frontmatter's description first", async () => {
    const full = await ok('query_architecture', { project_path: 'relations', scope: 'container', target: 'shop/api', detail: 'full' });
    const of = (id: string) => full.container.components.find((c: any) => c.id === id).relationships;
    expect(of('orders')).toEqual([
      { target: 'shop/store/ledger', description: 'books sales in', declared_in: 'frontmatter' },
      { target: 'shop/api/payments', description: 'charges cards through', declared_in: 'frontmatter' },
      { target: 'shop/api/nowhere', description: 'writes to', declared_in: 'frontmatter', unresolved: true },
      { target: 'shop/api/audit', description: 'records each order', declared_in: 'diagram' },
    ]);
    expect(of('payments')).toEqual([{ target: 'shop/api/orders', description: 'confirms', declared_in: 'diagram' }]);
    expect(of('audit')).toBeUndefined();
    const store = await ok('query_architecture', { project_path: 'relations', scope: 'container', target: 'shop/store', detail: 'full' });
    expect(store.container.components[0].relationships).toEqual([{ target: 'shop/api/audit', description: 'reports to', declared_in: 'frontmatter' }]);
  });

  it('validates the merged graph: the dangling target, and the cycle that only the diagram closes', async () => {
    const { validation, success } = await ok('validate', { project_path: 'relations' });
    expect(success).toBe(false);
    expect(validation.errors.map((e: any) => `${e.code} ${e.location} ${e.message}`)).toEqual([
      "DANGLING_RELATIONSHIP src/shop/api/orders/component.md component 'shop/api/orders' has a relationship to 'shop/api/nowhere', which does not exist (or is ambiguous)",
      'CIRCULAR_DEPENDENCY src/shop/api/orders/component.md circular dependency: shop/api/orders -> shop/api/payments -> shop/api/orders',
    ]);
    // The arrow that closes the cycle goes; the cycle goes with it, the next call sees it.
    writeFileSync(join(dir, 'relations/src/shop/api/payments/component.d2'), 'payments -> shop/api/refunds: refunds\n');
    const again = await ok('validate', { project_path: 'relations' });
    expect(again.validation.errors.map((e: any) => `${e.code} ${e.location}`)).toEqual([
      'DANGLING_RELATIONSHIP src/shop/api/orders/component.md',
      // A qualified target in an arrow names an element: that it is missing is said, with the line.
      'DANGLING_RELATIONSHIP src/shop/api/payments/component.d2:1',
    ]);
  });

  it('refuses a loko.toml that does not parse with INVALID_SYNTAX and its line, and reads the fix at once', async () => {
    writeTree(join(dir, 'broken'), { 'loko.toml': '[project]\nname = "Broken"\nversion = 1.0.0\n', 'src/a/system.md': '---\nname: A\n---\n' });
    const refused = await failure('query_project', { project_path: 'broken' });
    expect(refused).toMatchObject({ code: 'INVALID_SYNTAX', message: expect.stringMatching(/^broken\/loko\.toml:3: loko\.toml is not valid TOML: /), details: expect.stringContaining('loko.toml:3') });
    expect((await failure('validate', { project_path: 'broken' })).code).toBe('INVALID_SYNTAX');
    expect((await failure('create_system', { project_path: 'broken', system_name: 'b' })).code).toBe('INVALID_SYNTAX');
    expect(readdirSync(join(dir, 'broken/src'))).toEqual(['a']);
    writeFileSync(join(dir, 'broken/loko.toml'), '[project]\nname = "Broken"\nversion = "1.0.0"\n');
    expect(await ok('query_project', { project_path: 'broken' })).toMatchObject({ name: 'Broken', version: '1.0.0', system_count: 1 });
  });

  it('refuses an empty or blank update_diagram with INVALID_INPUT and keeps the diagram', async () => {
    const file = join(dir, 'serverless/src/order-processing/system.d2');
    const before = readFileSync(file);
    for (const d2_code of ['', '  \n\t\n']) {
      const refused = await failure('update_diagram', { project_path: 'serverless', scope: 'system', target: 'order-processing', d2_code });
      expect(refused).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('d2_code is empty'), details: expect.stringContaining('the file on disk is unchanged') });
    }
    expect(readFileSync(file)).toEqual(before);
  });
});
