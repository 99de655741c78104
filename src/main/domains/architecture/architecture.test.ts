/**
 * The architecture domain hosted by a real Studio on a real workspace: its tools through the
 * studio's calls (the same path MCP takes), the real D2 process, the offload pool, the file watcher
 * and the change feed.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decode as decodeToon } from '@toon-format/toon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/change-feed';
import { Studio } from '../../core/studio';
import { D2Service } from './d2-service';
import { UNCHANGED_LINE } from './runtime';
import { diagramSalt } from './diagrams';
import { SHOP_PROJECT, writeTree } from './fixture';
import { pdfText } from './pdf-text';
import { callOk, openTestStudio, type TestStudio } from './test-studio';

let dir: string;
let studio: Studio;
const events: ChangeEvent[] = [];

let opened: TestStudio;
beforeAll(async () => {
  opened = await openTestStudio('tandem-arch-domain-');
  ({ dir, studio } = opened);
  studio.subscribe((e) => events.push(e));
}, 60_000);
afterAll(() => opened?.close(), 60_000);

const call = (tool: string, args: Record<string, unknown>, origin = 'claude', progress?: (p: number, t?: number, m?: string) => void) =>
  studio.callTool('architecture', tool, args, { origin, progress });
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const ok = async (tool: string, args: Record<string, unknown>, origin?: string) => {
  const result = await call(tool, args, origin);
  if (result.isError) throw new Error(`${tool} failed: ${text(result)}`);
  expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  return result.structuredContent as any;
};
const failure = async (tool: string, args: Record<string, unknown>) => {
  const result = await call(tool, args);
  expect(result.isError).toBe(true);
  return JSON.parse(text(result)).error as { code: string; message: string; details?: string };
};
const until = async (check: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the architecture domain', () => {
  it('creates a project and its elements, and answers queries at every scope and detail, TOON included', async () => {
    expect(await failure('query_project', {})).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Project not found/) });
    await ok('init_project', { name: 'Payments Platform', description: 'Money in, money out' });
    expect(existsSync(join(dir, 'architecture/loko.toml'))).toBe(true);
    const system = await ok('create_system', { system_name: 'PaymentService', description: 'Takes payments' });
    expect(system).toEqual({
      success: true,
      system: { id: 'PaymentService', name: 'Payment Service', path: 'src/PaymentService' },
      files_created: ['src/PaymentService/system.md', 'src/PaymentService/system.d2'],
      message: "System 'PaymentService' created successfully",
    });
    // The answer links the files the call wrote, after its JSON.
    const linked = await call('create_system', { project_path: 'architecture', system_name: 'AuthService', description: 'Signs people in' });
    expect(linked.content.slice(1).map((item) => (item.type === 'resource_link' ? item.uri : item.type))).toEqual(
      ['architecture/src/AuthService/system.md', 'architecture/src/AuthService/system.d2'].map((file) => pathToFileURL(join(dir, file)).href),
    );
    await ok('create_container', { system_name: 'PaymentService', container_name: 'API', description: 'REST API', type: 'Node.js' });
    await ok('create_container', { system_name: 'PaymentService', container_name: 'Ledger', description: 'Bookkeeping', type: 'PostgreSQL' });
    expect(await ok('create_component', { system_name: 'PaymentService', container_name: 'API', component_name: 'PaymentHandler', description: 'Processes payment requests' })).toMatchObject({ component: { id: 'PaymentHandler', name: 'Payment Handler' } });

    expect(await ok('query_project', { project_path: join(dir, 'architecture') })).toMatchObject({
      name: 'Payments Platform',
      description: 'Money in, money out',
      system_count: 2,
      total_containers: 2,
      systems: [{ id: 'AuthService', container_count: 0 }, { id: 'PaymentService', name: 'Payment Service', container_count: 2 }],
    });
    expect(await ok('query_architecture', {})).toEqual({ type: 'summary', systems: 2, containers: 2, components: 1, system_names: ['AuthService', 'PaymentService'] });
    const structure = await ok('query_architecture', { detail: 'structure' });
    expect(structure.systems[1]).toEqual({ id: 'PaymentService', name: 'Payment Service', description: 'Takes payments', containers: [{ id: 'API', name: 'API' }, { id: 'Ledger', name: 'Ledger' }] });
    const full = await ok('query_architecture', { scope: 'system', target: 'PaymentService', detail: 'full' });
    expect(full.system.containers[0]).toMatchObject({ id: 'API', technology: 'Node.js', components: [{ id: 'PaymentHandler', description: 'Processes payment requests' }] });
    // Full detail carries the target's diagram source, as on disk.
    expect(full.system.diagram).toEqual({ path: 'src/PaymentService/system.d2', d2: expect.stringContaining('PaymentService') });
    expect(full.system.containers[0]).not.toHaveProperty('diagram');
    expect(await ok('query_architecture', { scope: 'container', target: 'API', detail: 'structure' })).toMatchObject({ system_id: 'PaymentService', container: { id: 'API', components: [{ id: 'PaymentHandler' }] } });

    const toon = await call('query_architecture', { scope: 'system', target: 'PaymentService', detail: 'full', format: 'toon' });
    expect(decodeToon(text(toon))).toEqual(full);
    expect(toon.structuredContent).toEqual(full);
    // Lists of like elements are where TOON saves: it writes their fields once, as a table.
    const listing = await call('query_architecture', { detail: 'structure', format: 'toon' });
    expect(decodeToon(text(listing))).toEqual(structure);
    expect(text(listing)).toContain('containers[2]{id,name}:');
    expect(text(listing).length).toBeLessThan(JSON.stringify(structure).length);

    // The project map (context domain) lists the systems with their containers.
    const map = (await studio.summaries()).find((d) => d.domain === 'architecture')!;
    expect(map.items).toEqual([
      { kind: 'system', name: 'Auth Service', path: 'architecture/src/AuthService', summary: 'Signs people in (0 containers)' },
      { kind: 'system', name: 'Payment Service', path: 'architecture/src/PaymentService', summary: 'Takes payments (2 containers)' },
    ]);
    expect(map.counts).toEqual({ projects: 1, systems: 2, containers: 2, components: 1 });
  }, 60_000);

  it('answers bad input in the contract\'s envelope, and writes nothing', async () => {
    expect(await failure('create_system', {})).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('system_name') });
    expect(await failure('query_architecture', { scope: 'galaxy' })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await failure('query_architecture', { detail: 'full' })).toMatchObject({ code: 'INVALID_INPUT', message: 'full detail requires target (system or container)' });
    expect(await failure('query_architecture', { scope: 'system', target: 'Nope' })).toMatchObject({ code: 'NOT_FOUND', message: "System 'Nope' not found" });
    expect(await failure('create_system', { system_name: 'Payment Service' })).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^System name must be alphanumeric/), details: expect.stringContaining('"PaymentService"') });
    expect(await failure('create_system', { system_name: 'paymentservice' })).toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(await failure('create_system', { system_name: 'Other', template: 'fancy' })).toMatchObject({ code: 'NOT_FOUND', message: "Template 'fancy' not found" });
    expect(await failure('create_container', { system_name: 'Ghost', container_name: 'API' })).toMatchObject({ code: 'NOT_FOUND', message: "System 'Ghost' not found" });
    expect(await failure('create_container', { system_name: 'PaymentService', container_name: 'API' })).toMatchObject({ code: 'ALREADY_EXISTS', message: "Container 'API' already exists in system 'PaymentService'" });
    expect(await failure('create_component', { system_name: 'PaymentService', container_name: 'Nope', component_name: 'X' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure('query_project', { project_path: '../outside' })).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(await failure('query_project', { project_path: '/etc' })).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(await failure('init_project', {})).toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(existsSync(join(dir, 'architecture/src/Other'))).toBe(false);
  });

  it('updates a diagram only when it compiles, renders it to the output folder, and keeps the old file on a D2 error', async () => {
    const d2 = 'api: Payment API\nledger: Ledger Store {shape: cylinder}\napi -> ledger: books entries\n';
    const answer = await ok('update_diagram', { scope: 'system', target: 'PaymentService', d2_code: d2 });
    expect(answer).toEqual({ success: true, diagram: { path: 'src/PaymentService/system.d2', rendered_to: 'dist/diagrams/system-PaymentService.svg' }, message: 'Diagram updated and rendered successfully' });
    const svg = readFileSync(join(dir, 'architecture/dist/diagrams/system-PaymentService.svg'), 'utf8');
    for (const label of ['Payment API', 'Ledger Store', 'books entries']) expect(svg).toContain(label);

    const broken = await failure('update_diagram', { scope: 'system', target: 'PaymentService', d2_code: 'a -> b\nc: {shape: nosuch}\n' });
    expect(broken).toMatchObject({ code: 'INVALID_SYNTAX', message: expect.stringContaining('line 2: unknown shape'), details: expect.stringContaining('src/PaymentService/system.d2:2') });
    expect(readFileSync(join(dir, 'architecture/src/PaymentService/system.d2'), 'utf8')).toBe(d2);
    expect(await failure('update_diagram', { scope: 'container', target: 'PaymentService', d2_code: 'a' })).toMatchObject({ code: 'NOT_FOUND' });

    const preview = await ok('preview_diagram', { d2_code: 'x: Preview Only' });
    expect(preview.svg).toContain('Preview Only');
    expect(await failure('preview_diagram', { d2_code: 'x: {' })).toMatchObject({ code: 'INVALID_SYNTAX' });
  }, 60_000);

  it('puts every edit on the change feed with its origin, the disk\'s included, and the model follows the files', async () => {
    events.length = 0;
    await ok('update_element', { target: 'AuthService', name: 'Auth', technology: 'Go' }, 'person');
    const renamed = events.find((e) => e.ops?.[0] === 'update_element AuthService');
    // With it, maybe, diagrams D2 rendered in the background since the last batch was published.
    expect(renamed).toMatchObject({ domain: 'architecture', origin: 'person', put: expect.arrayContaining([expect.objectContaining({ id: 'system:architecture#AuthService', name: 'Auth', technology: 'Go' })]) });
    // The same update again changes nothing: the call is on the feed all the same, saying so, with no records.
    events.length = 0;
    await ok('update_element', { target: 'AuthService', technology: 'Go' }, 'claude');
    const unchanged = events.filter((e) => e.ops?.[0] === 'update_element AuthService');
    expect(unchanged).toHaveLength(1);
    expect(unchanged[0]).toMatchObject({ origin: 'claude', lines: ['technology', UNCHANGED_LINE], put: [], removed: [] });
    expect((await studio.snapshot('architecture')).activity?.at(-1)).toMatchObject({ origin: 'claude', ops: ['update_element AuthService'], lines: ['technology', UNCHANGED_LINE] });

    writeFileSync(join(dir, 'architecture/src/AuthService/system.md'), '---\nname: Auth Hub\ndescription: Edited in an editor\n---\n');
    await until(() => events.some((e) => e.origin === 'disk' && e.put?.some((r) => (r as any).name === 'Auth Hub')), 'the watcher');
    expect((await ok('query_architecture', { detail: 'structure' })).systems[0]).toMatchObject({ name: 'Auth Hub', description: 'Edited in an editor' });

    writeFileSync(join(dir, 'architecture/src/AuthService/system.md'), '---\nname: Auth Now\ndescription: d\n---\n');
    await until(() => events.some((e) => e.origin === 'disk' && e.put?.some((r) => (r as any).name === 'Auth Now')), 'the watcher, again');
    expect((await ok('query_project', {})).systems[0].name).toBe('Auth Now');

    const snapshot = await studio.snapshot('architecture');
    const ids = snapshot.records.map((r) => (r as { id: string }).id);
    expect(ids).toEqual(expect.arrayContaining(['project:architecture', 'system:architecture#PaymentService', 'container:architecture#PaymentService/API', 'component:architecture#PaymentService/API/PaymentHandler']));
    await until(() => Boolean(((studio as any).tools.get('architecture').records.get('system:architecture#PaymentService') as any)?.svg), 'the diagram in the record');
  }, 30_000);

  it('validates: errors make success false with codes and locations; strict counts warnings', async () => {
    const clean = await ok('validate', {});
    expect(clean.validation.errors).toEqual([]);
    expect(clean.success).toBe(true);
    expect(clean.validation.warnings.map((w: any) => w.code)).toContain('EMPTY_SYSTEM');
    expect((await ok('validate', { strict: true })).success).toBe(false);

    events.length = 0;
    writeTree(join(dir, 'architecture'), { 'src/PaymentService/Ledger/container.md': '---\nname: Ledger\ndescription: [broken\n---\n', 'src/PaymentService/API/container.d2': 'a: {\n' });
    await until(() => events.some((e) => e.origin === 'disk' && e.put?.some((r) => (r as any).problem)), 'the watcher');
    // D2 has compiled the broken diagram in the background (validate's own D2 budget is a second,
    // which a loaded machine may not give it): validate then reports its error, not D2_NOT_CHECKED.
    await until(() => events.some((e) => e.put?.some((r) => (r as any).id === 'container:architecture#PaymentService/API' && (r as any).diagramError)), 'D2 to compile the broken diagram', 30_000);
    const broken = await ok('validate', {});
    expect(broken.success).toBe(false);
    expect(broken.validation.errors.map((e: any) => `${e.code} ${e.location}`)).toEqual([
      'D2_SYNTAX_ERROR src/PaymentService/API/container.d2:1',
      expect.stringMatching(/^INVALID_FRONTMATTER src\/PaymentService\/Ledger\/container\.md:\d$/),
    ]);
    expect(events.at(-1)).toMatchObject({ ops: ['validate'], put: expect.arrayContaining([expect.objectContaining({ id: 'validation:architecture', success: false })]) });
    writeTree(join(dir, 'architecture'), { 'src/PaymentService/Ledger/container.md': '---\nname: Ledger\ndescription: fixed\n---\n', 'src/PaymentService/API/container.d2': 'handler: Payment Handler\n' });
    await until(() => events.some((e) => e.origin === 'disk' && e.put?.some((r) => (r as any).description === 'fixed')), 'the watcher, after the fix');
  }, 60_000);

  it('builds HTML, markdown and PDF with progress, incrementally by content hash', async () => {
    const reports: [number, number | undefined, string | undefined][] = [];
    const first = await call('build_docs', { format: 'all' }, 'claude', (p, t, m) => reports.push([p, t, m]));
    const built = first.structuredContent as any;
    expect(built.message, JSON.stringify(built)).toMatch(/^Build complete/);
    expect(built).toMatchObject({ success: true, build: { output_dir: 'dist/', cache_hits: 1, formats: ['html', 'markdown', 'pdf'], index: 'architecture/dist/index.html' } });
    expect(built.build.diagrams_rendered).toBe(3);
    const out = join(dir, 'architecture/dist');
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('id="search"');
    expect(index).toContain('href="system-PaymentService.html"');
    const page = readFileSync(join(out, 'system-PaymentService.html'), 'utf8');
    expect(page).toContain('<svg');
    expect(page).toContain('Ledger Store');
    expect(page).toContain('href="container-PaymentService.API.html"');
    expect(readFileSync(join(out, 'search-index.js'), 'utf8')).toContain('Payment Handler');
    expect(readFileSync(join(out, 'markdown/PaymentService.md'), 'utf8')).toContain('![Payment Service diagram](../diagrams/system-PaymentService.svg)');
    const pdf = await pdfText(readFileSync(join(out, 'architecture.pdf')));
    expect(pdf).toContain('Payment Service');
    expect(pdf).toContain('Auth Now');
    // One report per diagram and per file, growing to the total.
    const total = built.build.files_generated + built.build.diagrams_rendered + built.build.cache_hits;
    expect(reports.length).toBe(total);
    expect(reports.map((r) => r[0])).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(reports.map((r) => r[1]))).toEqual(new Set([total]));

    const again = (await ok('build_docs', { format: 'all' })).build;
    expect(again).toMatchObject({ files_generated: 0, diagrams_rendered: 0, cache_hits: total });

    await ok('update_element', { target: 'AuthService', description: 'Signs people in, now with passkeys' });
    const changed = (await ok('build_docs', { format: 'all' })).build;
    // The index, AuthService's pages (HTML, markdown), the search index, the markdown index and the PDF.
    expect(changed.files_generated).toBe(6);
    expect(changed.cache_hits).toBe(total - 6);
    expect(readFileSync(join(out, 'system-AuthService.html'), 'utf8')).toContain('passkeys');

    const full = (await ok('build_docs', { incremental: false })).build;
    expect(full).toMatchObject({ cache_hits: 0, diagrams_rendered: 4, files_generated: total - 4 });

    await ok('delete_element', { target: 'AuthService' });
    await ok('build_docs', { format: 'html' });
    expect(existsSync(join(out, 'system-AuthService.html'))).toBe(false);
    expect(existsSync(join(out, 'architecture.pdf'))).toBe(false);
  }, 120_000);

  it('refuses an output folder it cannot write or that leaves the workspace, and a project without systems', async () => {
    writeTree(dir, { 'blocked/loko.toml': '[paths]\noutput_dir = "dist"\n', 'blocked/src/A/system.md': '---\nname: A\n---\n', 'blocked/dist': 'a file where the folder should be' });
    expect(await failure('build_docs', { project_path: 'blocked' })).toMatchObject({ code: 'PERMISSION_DENIED', message: expect.stringMatching(/^Cannot write to output directory/) });
    writeTree(dir, { 'escape/loko.toml': '[paths]\noutput_dir = "../../elsewhere"\n', 'escape/src/A/system.md': '---\nname: A\n---\n' });
    expect(await failure('build_docs', { project_path: 'escape' })).toMatchObject({ code: 'PERMISSION_DENIED' });
    writeTree(dir, { 'empty/loko.toml': '[project]\nname = "E"\n' });
    expect(await failure('build_docs', { project_path: 'empty' })).toMatchObject({ code: 'INVALID_INPUT', message: 'Project has no systems. Create at least one system first' });
    chmodSync(join(dir, 'blocked'), 0o755);
  });

  it('opens an existing loko project as loko wrote it and builds it', async () => {
    writeTree(join(dir, 'shop'), SHOP_PROJECT);
    expect(await ok('query_project', { project_path: 'shop' })).toMatchObject({ name: 'Shop', version: '1.2.0', system_count: 2, systems: [{ id: 'Payments' }, { id: 'Storefront', container_count: 1 }] });
    const result = await ok('build_docs', { project_path: 'shop' });
    expect(result).toMatchObject({ success: true, build: { formats: ['html', 'markdown', 'pdf'], diagrams_rendered: 3 } });
    expect(readFileSync(join(dir, 'shop/dist/system-Storefront.html'), 'utf8')).toContain('charges');
  }, 60_000);
});

describe('diagrams rendered ahead', () => {
  it('renders an element created while a pass was rendering the ones before it (D2 still warming)', async () => {
    const own = await openTestStudio('tandem-arch-ahead-');
    const fresh = own.studio;
    try {
      const run = async (tool: string, args: Record<string, unknown>) => {
        const result = await fresh.callTool('architecture', tool, args, { origin: 'claude' });
        if (result.isError) throw new Error(`${tool} failed: ${text(result)}`);
      };
      await run('init_project', {});
      // The system's pass starts while D2 loads; the container arrives during it. The calls come at
      // a person's pace (the view's dialogs), so the watcher reads the files back in between.
      const pause = () => new Promise((r) => setTimeout(r, 800));
      await run('create_system', { system_name: 'Shop' });
      await pause();
      await run('update_element', { target: 'Shop', technology: 'Kotlin' });
      await pause();
      await run('create_container', { system_name: 'Shop', container_name: 'Api', type: 'Go' });
      const svgOf = async (id: string) => ((await fresh.snapshot('architecture')).records.find((r) => (r as { id: string }).id === id) as { svg?: string } | undefined)?.svg;
      const end = Date.now() + 30_000;
      while (!(await svgOf('container:architecture#Shop/Api'))) {
        if (Date.now() > end) throw new Error('the container was never rendered');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await svgOf('system:architecture#Shop')).toContain('Shop');
      expect(await svgOf('container:architecture#Shop/Api')).toContain('Api');
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('a preview as the studio starts', () => {
  it("renders with the project's theme and layout from its loko.toml while the project opens, as it does once open", async () => {
    const toml = SHOP_PROJECT['loko.toml'].replace('theme = "neutral-default"', 'theme = "grape-soda"').replace('layout = "elk"', 'layout = "dagre"');
    const source = 'api: Orders API\ndb: Orders {shape: cylinder}\napi -> db: writes\n';
    const own = await openTestStudio('tandem-arch-preview-early-', (root) => writeTree(join(root, 'architecture'), { ...SHOP_PROJECT, 'loko.toml': toml }));
    const d2 = new D2Service();
    try {
      const early = (await callOk(own.studio, 'preview_diagram', { d2_code: source })) as { svg: string };
      const config = { theme: 'grape-soda', layout: 'dagre' as const };
      expect(early.svg).toBe(await d2.render(source, { ...config, salt: diagramSalt(source, config) }));
      // The project opened behind it: a later preview of another source renders with the same config.
      await callOk(own.studio, 'query_project', {});
      const other = `${source}api -> cache\n`;
      const later = (await callOk(own.studio, 'preview_diagram', { d2_code: other })) as { svg: string };
      expect(later.svg).toBe(await d2.render(other, { ...config, salt: diagramSalt(other, config) }));
      // No project there: D2's defaults, as before.
      const none = (await callOk(own.studio, 'preview_diagram', { project_path: 'elsewhere', d2_code: source })) as { svg: string };
      expect(none.svg).not.toBe(early.svg);
    } finally {
      await Promise.all([own.close(), d2.close()]);
    }
  }, 120_000);
});

describe('validate while D2 is still loading', () => {
  it('answers within its budget, and once D2 has compiled what it could not, publishes the complete validation by itself', async () => {
    const own = await openTestStudio('tandem-arch-validate-early-', (root) =>
      writeTree(join(root, 'architecture'), { ...SHOP_PROJECT, 'src/Storefront/system.d2': 'a -> b\nc: {shape: nosuch}\n' }),
    );
    const fresh = own.studio;
    const seen: ChangeEvent[] = [];
    fresh.subscribe((e) => seen.push(e));
    try {
      // Right after the studio opened: D2 has not loaded yet (it takes seconds), so the diagram may
      // be left unchecked; whatever the answer, the validation record must end complete.
      const answer = await fresh.callTool('architecture', 'validate', {}, { origin: 'claude' });
      const first = answer.structuredContent as { validation: { errors: { code: string; location: string }[]; warnings: { code: string; location: string }[] } };
      // The broken diagram is either compiled (its error) or not yet (said so), never silently passed.
      const about = [...first.validation.errors, ...first.validation.warnings].filter((f) => f.location.startsWith('src/Storefront/system.d2')).map((f) => f.code);
      expect(about.length === 1 && ['D2_SYNTAX_ERROR', 'D2_NOT_CHECKED'].includes(about[0]), about.join(' ')).toBe(true);
      const validation = () => seen.flatMap((e) => e.put ?? []).filter((r) => (r as { id?: string }).id === 'validation:architecture').at(-1) as { errors: { code: string; location: string }[]; warnings: { code: string }[]; origin: string } | undefined;
      const complete = () => {
        const last = validation();
        return !!last && last.errors.some((e) => e.code === 'D2_SYNTAX_ERROR') && !last.warnings.some((w) => w.code === 'D2_NOT_CHECKED');
      };
      await until(complete, 'the validation with D2 caught up', 60_000);
      expect(validation()!.errors.find((e) => e.code === 'D2_SYNTAX_ERROR')?.location).toBe('src/Storefront/system.d2:2');
      expect(validation()!.origin).toBe('claude');
    } finally {
      await own.close();
    }
  }, 90_000);
});
