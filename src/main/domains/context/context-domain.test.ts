/**
 * The context domain hosted by a real Studio on a real workspace and SQLite file: the project key,
 * the manifest of the live studio, governance read live (and refused when broken), blueprints
 * recorded and published, documentation nodes, the rate limit, and bad input in the envelope.
 */
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/change-feed';
import type { InitialContext } from '../../../shared/context-records';
import { Studio } from '../../core/studio';
import { makeTemporaryDir, temporaryWorkspace } from '../../testing/temporary-studio';
import { countersDomain } from '../../tool-domain/testing/counters-domain';
import { drawioDomain } from '../drawio';
import { midiDomain } from '../midi';
import { domainTools } from '../../mcp/domain-tools';
import { contextDomain } from '.';
import { ensureProjectKey, readProjectKey } from './project-key';

const fixture = readFileSync(join(__dirname, 'fixtures', 'logic64-state.json'), 'utf8');
const temp = temporaryWorkspace('tandem-context-');
const STUDIO_DOMAINS = { domains: [drawioDomain, midiDomain], toolDomains: [contextDomain, countersDomain] };
let studio: Studio | undefined;

async function start(): Promise<Studio> {
  studio = await temp.open(STUDIO_DOMAINS);
  return studio;
}

const envelope = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text);
const call = (tool: string, args: Record<string, unknown>, origin = 'claude-ai') => studio!.callTool('context', tool, args, { origin });
const key = () => readProjectKey(temp.dir)!;

afterEach(() => {
  studio = undefined;
});

describe('the project key', () => {
  it('is written once (0600, 16+ random characters), keeping the other lines, and never replaced', () => {
    writeFileSync(join(temp.dir, '.env.local'), 'DATABASE_URL=postgres://x\n# comment\n', { mode: 0o644 });
    const first = ensureProjectKey(temp.dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(readFileSync(join(temp.dir, '.env.local'), 'utf8')).toBe(`DATABASE_URL=postgres://x\n# comment\nTANDEM_PROJECT_KEY=${first}\n`);
    expect(statSync(join(temp.dir, '.env.local')).mode & 0o777).toBe(0o600);
    expect(ensureProjectKey(temp.dir)).toBe(first);
    // One the user chose is kept as it is, quotes and all.
    writeFileSync(join(temp.dir, '.env.local'), 'export TANDEM_PROJECT_KEY="chosen-by-the-user-1234"\nOTHER=1\n');
    expect(ensureProjectKey(temp.dir)).toBe('chosen-by-the-user-1234');
    expect(readFileSync(join(temp.dir, '.env.local'), 'utf8')).toBe('export TANDEM_PROJECT_KEY="chosen-by-the-user-1234"\nOTHER=1\n');
    // An empty one is no key: it is filled in, in place.
    writeFileSync(join(temp.dir, '.env.local'), 'A=1\nTANDEM_PROJECT_KEY=\nB=2\n');
    const filled = ensureProjectKey(temp.dir);
    expect(readFileSync(join(temp.dir, '.env.local'), 'utf8')).toBe(`A=1\nTANDEM_PROJECT_KEY=${filled}\nB=2\n`);
    expect(filled).not.toBe(first);
  });

  it('is checked on every call: empty or wrong is AUTH_ERROR with a suggestion, the right one passes', async () => {
    await start();
    expect(readProjectKey(temp.dir)).toHaveLength(32);
    for (const wrong of ['', 'not-the-key', key().slice(0, -1)]) {
      const answer = await call('get_initial_context', { project_api_key: wrong });
      expect(answer.isError).toBe(true);
      expect(envelope(answer)).toEqual({ error: { code: 'AUTH_ERROR', message: expect.any(String), suggestion: expect.stringMatching(/^Ask the user for the key in \.env\.local/) } });
    }
    expect((await call('ask_cortex', { intent: 'x', project_api_key: 'nope' })).isError).toBe(true);
    expect((await call('get_initial_context', { project_api_key: key() })).isError).toBeFalsy();
    // A key the user changes on disk counts from the next call.
    const before = key();
    writeFileSync(join(temp.dir, '.env.local'), 'TANDEM_PROJECT_KEY=rotated-by-the-user-0123456789\n');
    expect(envelope(await call('get_initial_context', { project_api_key: before })).error.code).toBe('AUTH_ERROR');
    expect((await call('get_initial_context', { project_api_key: 'rotated-by-the-user-0123456789' })).isError).toBeFalsy();
  });
});

describe('get_initial_context', () => {
  it('maps the live studio: every domain\'s documents, documentation, governance, the active stack', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    mkdirSync(join(temp.dir, 'docs', '00_principles'), { recursive: true });
    writeFileSync(join(temp.dir, 'docs', '00_principles', 'coding_standards.md'), '# Standards\n');
    mkdirSync(join(temp.dir, 'diagrams'));
    writeFileSync(join(temp.dir, 'diagrams', 'old.drawio'), '<mxfile/>');
    await start();
    await studio!.fcp('drawio').mutate(['add svc Api', 'add db Store', 'connect Api -> Store'], 'person');
    await studio!.callTool('counters', 'counters_bump', { name: 'deploys', by: 2 }, { origin: 'person' });

    const answer = await call('get_initial_context', { project_api_key: key() });
    const context = answer.structuredContent as unknown as InitialContext;
    expect(context.system_status).toBe('ONLINE');
    expect(context.active_stack).toEqual({ frontend: 'nextjs-app-router', backend: 'hono-edge', database: 'supabase-postgres', styling: 'tailwind-shadcn', state_management: 'server-actions' });
    const { manifest } = context;
    expect(manifest.project).toEqual({ name: 'BinaaTrack SaaS', version: '0.5.0', workspace: temp.workspaceOf(studio!).root });
    expect(manifest.mode).toBe('live');
    expect(manifest.domains.map((d) => d.domain)).toEqual(['drawio', 'midi', 'context', 'counters']);
    expect(manifest.domains[0].items).toEqual([
      { kind: 'document', name: 'Untitled', summary: '2 shapes, 1 edge, 0 groups on 1 page', state: 'open, unsaved changes' },
      { kind: 'file', name: 'old', path: 'diagrams/old.drawio', summary: expect.stringContaining('draw.io diagram file'), state: 'on disk' },
    ]);
    expect(manifest.domains[3]).toMatchObject({ items: [{ name: 'deploys', summary: 'deploys = 2' }], counts: { counters: 1, total: 2 } });
    expect(manifest.documentation.find((n) => n.id === 'standards')).toEqual({ id: 'standards', title: 'Coding standards', path: 'docs/00_principles/coding_standards.md', exists: true, last_updated: expect.any(String) });
    expect(manifest.documentation.find((n) => n.id === 'db_schema')).toMatchObject({ exists: false, generated: true });
    expect(manifest.governance).toMatchObject({ status: 'ok', directories: { components: 'components/ui' }, tables: expect.arrayContaining([{ name: 'audit_log', rls_policy: 'none', columns: 1 }]) });
    expect(manifest.governance.directives).toContain('Module payments: disabled: intents that need it are rejected.');
    expect(JSON.parse((answer.content[0] as { text: string }).text)).toEqual(context);

    // It changes when the studio changes.
    await studio!.fcp('drawio').mutate(['add svc Cache'], 'person');
    const again = (await call('get_initial_context', { project_api_key: key() })).structuredContent as unknown as InitialContext;
    expect(again.manifest.domains[0].items[0].summary).toBe('3 shapes, 1 edge, 0 groups on 1 page');
    expect(again.manifest.person).toBeUndefined();

    // Where the person is (presence): the view on screen in the window they used last.
    const tab = studio!.presence.openWindow('browser');
    const api = (await studio!.snapshot('drawio')).records.find((r) => (r as { alias?: string }).alias === 'Api') as { id: string };
    studio!.presence.report(tab, { domain: 'drawio', ids: [api.id], visible: true, focus: { kind: 'page', id: 'p1', name: 'Page-1' } });
    const seen = (await call('get_initial_context', { project_api_key: key() })).structuredContent as unknown as InitialContext;
    expect(seen.manifest.person).toEqual({
      looking_at: `the drawio view (page Page-1), 1 selected (the drawio tools take them as @selected or report them), in browser tab ${tab.slice(1)}`,
      domain: 'drawio',
      window: `browser tab ${tab.slice(1)}`,
      selected: 1,
    });
  });

  it('works without governance when the state is missing or broken, saying why', async () => {
    await start();
    let context = (await call('get_initial_context', { project_api_key: key() })).structuredContent as unknown as InitialContext;
    expect(context.manifest.governance).toMatchObject({ status: 'missing', directives: [] });
    expect(context.active_stack).toEqual({});
    writeFileSync(join(temp.dir, 'logic64-state.json'), '{"stack": [');
    context = (await call('get_initial_context', { project_api_key: key() })).structuredContent as unknown as InitialContext;
    expect(context.system_status).toBe('ONLINE');
    expect(context.manifest.governance).toMatchObject({ status: 'broken', error: expect.stringMatching(/^logic64-state\.json is not valid JSON/) });
  });
});

describe('ask_cortex', () => {
  it('answers blueprints, records intent, decision and origin in SQLite and publishes them', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    mkdirSync(join(temp.dir, 'app', 'blog'), { recursive: true });
    writeFileSync(join(temp.dir, 'app', 'blog', 'page.tsx'), 'export default function Page() {}\n');
    await start();
    const events: ChangeEvent[] = [];
    studio!.subscribe((e) => events.push(e));

    const scaffold = await call('ask_cortex', { intent: 'Add a comments section to the blog post', project_api_key: key() });
    expect(scaffold.structuredContent).toMatchObject({ type: 'SCAFFOLD', target_file: expect.stringMatching(/^components\/ui\//), compliance: { allowed: true } });
    // An absolute path inside the workspace, as IDEs send it.
    const modify = await call('ask_cortex', { intent: 'Add comments', current_file: join(temp.workspaceOf(studio!).root, 'app', 'blog', 'page.tsx'), project_api_key: key() }, 'cursor');
    expect(modify.structuredContent).toMatchObject({ type: 'MODIFY', target_file: 'app/blog/page.tsx' });
    const reject = await call('ask_cortex', { intent: 'Use Redux for the cart', project_api_key: key() });
    expect(reject.isError).toBeFalsy();
    expect(reject.structuredContent).toMatchObject({ type: 'REJECT', compliance: { allowed: false, reason: expect.stringContaining('Use server-actions') } });

    const rows = new Database(temp.workspaceOf(studio!).databasePath, { readonly: true }).prepare('SELECT origin, intent, type, allowed, current_file FROM context_blueprints ORDER BY n').all();
    expect(rows).toEqual([
      { origin: 'claude-ai', intent: 'Add a comments section to the blog post', type: 'SCAFFOLD', allowed: 1, current_file: null },
      { origin: 'cursor', intent: 'Add comments', type: 'MODIFY', allowed: 1, current_file: 'app/blog/page.tsx' },
      { origin: 'claude-ai', intent: 'Use Redux for the cart', type: 'REJECT', allowed: 0, current_file: null },
    ]);
    const logged = events.filter((e) => e.domain === 'context' && e.ops?.[0].startsWith('ask_cortex'));
    expect(logged.map((e) => [e.origin, e.ops![0]])).toEqual([['claude-ai', 'ask_cortex: SCAFFOLD'], ['cursor', 'ask_cortex: MODIFY'], ['claude-ai', 'ask_cortex: REJECT']]);
    expect(logged[2].put).toEqual([expect.objectContaining({ id: 'blueprint:3', kind: 'blueprint', origin: 'claude-ai', intent: 'Use Redux for the cart', type: 'REJECT', allowed: false, reason: expect.stringContaining('Redux') })]);

    // The log survives a restart and is shown again.
    studio = await temp.reopen(studio!, STUDIO_DOMAINS);
    const snapshot = await studio!.snapshot('context');
    expect((snapshot.records as { kind: string }[]).filter((r) => r.kind === 'blueprint')).toHaveLength(3);
  });

  it('reads the state live, and refuses (naming the file) while it is missing or broken', async () => {
    await start();
    const ask = () => call('ask_cortex', { intent: 'Create a login form', project_api_key: key() });
    expect(envelope(await ask())).toEqual({ error: { code: 'SYSTEM_ERROR', message: expect.stringContaining('no logic64-state.json'), suggestion: expect.any(String) } });
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    expect((await ask()).structuredContent).toMatchObject({ type: 'SCAFFOLD' });
    writeFileSync(join(temp.dir, 'logic64-state.json'), JSON.stringify({ modules: { auth: { enabled: 'yes' } } }));
    const broken = envelope(await ask());
    expect(broken.error.code).toBe('SYSTEM_ERROR');
    expect(broken.error.message).toContain('modules.auth.enabled');
    expect(broken.error.message).toContain(join(temp.workspaceOf(studio!).root, 'logic64-state.json'));
    // A change within the same second and of the same size is seen too (the mtime differs).
    const disabled = JSON.parse(fixture);
    disabled.modules.auth.enabled = false;
    writeFileSync(join(temp.dir, 'logic64-state.json'), JSON.stringify(disabled));
    expect((await ask()).structuredContent).toMatchObject({ type: 'REJECT', compliance: { reason: expect.stringContaining('auth module') } });
  });

  it('refuses paths outside the workspace, oversized or empty intents, in the envelope', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    const outside = makeTemporaryDir('tandem-outside-');
    symlinkSync(outside, join(temp.dir, 'escape'));
    await start();
    try {
      for (const path of ['../etc/passwd', '/etc/passwd', 'escape/secret.ts', '.tandem/token']) {
        const answer = envelope(await call('ask_cortex', { intent: 'Add a page', current_file: path, project_api_key: key() }));
        expect(answer.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringMatching(/^current_file: /) });
      }
      const long = envelope(await call('ask_cortex', { intent: 'x'.repeat(2001), project_api_key: key() }));
      expect(long.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('intent') });
      expect(envelope(await call('ask_cortex', { intent: '   ', project_api_key: key() })).error).toMatchObject({ code: 'INVALID_PARAMS', message: 'intent is empty' });
      expect(envelope(await call('ask_cortex', { intent: 'x', project_api_key: key(), extra: 1 })).error.code).toBe('INVALID_PARAMS');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('lets 60 calls a minute pass per key, then answers RATE_LIMITED with the seconds to wait; get_initial_context is not limited', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    await start();
    for (let i = 0; i < 60; i++) {
      const answer = await call('ask_cortex', { intent: `Create widget ${i}`, project_api_key: key() });
      expect(answer.isError, `call ${i + 1}`).toBeFalsy();
    }
    const limited = envelope(await call('ask_cortex', { intent: 'one more', project_api_key: key() }));
    expect(limited.error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^more than 60 ask_cortex calls in a minute for this project key; the next one passes in (\d+) s$/),
      suggestion: expect.stringMatching(/^wait \d+ seconds, then call ask_cortex again$/),
    });
    const seconds = Number(/in (\d+) s$/.exec(limited.error.message)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // A wrong key is refused as such, and does not count against the real one.
    expect(envelope(await call('ask_cortex', { intent: 'x', project_api_key: 'wrong' })).error.code).toBe('AUTH_ERROR');
    expect((await call('get_initial_context', { project_api_key: key() })).isError).toBeFalsy();
    // The core is alive and answers the rest.
    expect((await call('consult_documentation', { node_id: 'db_schema' })).isError).toBeFalsy();
  });
});

describe('consult_documentation', () => {
  it('answers the node\'s markdown and modification time, live; db_schema generated from the state; unknown nodes named', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    const file = join(temp.dir, 'docs', '00_principles', 'governance_rules.md');
    mkdirSync(join(temp.dir, 'docs', '00_principles'), { recursive: true });
    writeFileSync(file, '# Rules\n\nRule 1.\n');
    utimesSync(file, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
    await start();
    expect((await call('consult_documentation', { node_id: 'governance' })).structuredContent).toEqual({ content: '# Rules\n\nRule 1.\n', last_updated: '2026-01-02T03:04:05.000Z' });
    writeFileSync(file, '# Rules\n\nRule 2.\n');
    expect((await call('consult_documentation', { node_id: 'governance' })).structuredContent).toMatchObject({ content: '# Rules\n\nRule 2.\n' });

    const schema = (await call('consult_documentation', { node_id: 'db_schema' })).structuredContent as { content: string };
    expect(schema.content).toContain('## comments\n\nRow-level security: owner-write');
    expect(schema.content).toContain('| author_id | uuid | yes |');
    expect(schema.content).toContain('- one-to-many with projects');

    const missing = envelope(await call('consult_documentation', { node_id: 'standards' }));
    expect(missing.error).toMatchObject({ code: 'SYSTEM_ERROR', message: expect.stringContaining('docs/00_principles/coding_standards.md does not exist') });
    const unknown = envelope(await call('consult_documentation', { node_id: 'mcp_tools' }));
    expect(unknown.error.code).toBe('INVALID_PARAMS');
    expect(unknown.error.message).toContain('governance');
    expect(unknown.error.message).toContain('db_schema');
  });

  it('publishes the governance state and the documentation for the view', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    await start();
    const records = (await studio!.snapshot('context')).records as { id: string; kind: string; status?: string; content?: string }[];
    expect(records.find((r) => r.id === 'governance')).toMatchObject({ status: 'ok', state: { meta: { name: 'BinaaTrack SaaS' } } });
    expect(records.find((r) => r.id === 'doc:db_schema')).toMatchObject({ kind: 'doc', node: { generated: true }, content: expect.stringContaining('# Database schema') });
  });
});

describe('the governance rules, edited in the studio', () => {
  it('saves the lists and directories to logic64-state.json, keeping the rest; the next blueprint obeys them', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    await start();
    const events: ChangeEvent[] = [];
    studio!.subscribe((e) => events.push(e));
    const saved = await studio!.callTool('context', 'context_save_rules', { forbidden: ['Redux', { name: 'lodash', instead: 'native array methods' }], allowed: ['zustand'], directories: { lib: 'src/lib' } }, { origin: 'person' });
    expect(envelope(saved)).toEqual({ saved: 'logic64-state.json' });
    expect(saved.content[1]).toMatchObject({ type: 'resource_link', uri: pathToFileURL(join(temp.dir, 'logic64-state.json')).href, name: 'logic64-state.json' });
    const written = JSON.parse(readFileSync(join(temp.dir, 'logic64-state.json'), 'utf8'));
    expect(written.stack).toMatchObject({ frontend: 'nextjs-app-router', forbidden: ['Redux', { name: 'lodash', instead: 'native array methods' }], allowed: ['zustand'], required: ['next', '@supabase/supabase-js', 'tailwindcss', 'zod'] });
    expect(written.directories).toEqual({ lib: 'src/lib' });
    expect(written.schema.tables).toHaveLength(4);
    expect(written.meta.last_updated).not.toBe('2026-02-12T10:00:00Z');
    expect(events.find((e) => e.put?.some((r) => (r as { id: string }).id === 'governance'))).toMatchObject({ origin: 'person' });

    const ask = (intent: string) => call('ask_cortex', { intent, project_api_key: key() });
    expect((await ask('Use lodash to group rows')).structuredContent).toMatchObject({ type: 'REJECT', compliance: { reason: expect.stringContaining('Use native array methods.') } });
    expect((await ask('Format dates')).structuredContent).toMatchObject({ type: 'SCAFFOLD', target_file: 'src/lib/format-dates.ts' });
  });

  it('refuses an edit that would break the state, or a broken state, writing nothing', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    await start();
    const escape = envelope(await studio!.callTool('context', 'context_save_rules', { directories: { lib: '../elsewhere' } }, { origin: 'person' }));
    expect(escape.error).toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('directories.lib') });
    expect(readFileSync(join(temp.dir, 'logic64-state.json'), 'utf8')).toBe(fixture);
    writeFileSync(join(temp.dir, 'logic64-state.json'), '{ broken');
    const broken = envelope(await studio!.callTool('context', 'context_save_rules', { allowed: ['zod'] }, { origin: 'person' }));
    expect(broken.error.message).toContain('fix the file before editing its rules');
    expect(readFileSync(join(temp.dir, 'logic64-state.json'), 'utf8')).toBe('{ broken');
  });

  it('answers the map as it is now, without recording it as one an AI received (the view offers it beside the last one)', async () => {
    writeFileSync(join(temp.dir, 'logic64-state.json'), fixture);
    await start();
    await studio!.callTool('context', 'get_initial_context', { project_api_key: key() }, { origin: 'claude-ai' });
    await studio!.callTool('context', 'context_save_rules', { forbidden: ['moment'] }, { origin: 'person' });
    const current = envelope(await studio!.callTool('context', 'context_current_manifest', {}, { origin: 'person' }));
    const received = (await studio!.snapshot('context')).records.find((r) => (r as { id: string }).id === 'manifest') as { origin: string; manifest: { governance: { directives: string[] } } };
    expect(received.origin).toBe('claude-ai');
    expect(received.manifest.governance.directives.join('\n')).not.toContain('moment');
    expect(current.manifest.governance.directives.join('\n')).toContain('moment');
  });

  it('is never offered to MCP clients: the AI cannot change the governance', () => {
    const offered = domainTools(contextDomain).map((t) => t.name);
    expect(offered).toEqual(['get_initial_context', 'ask_cortex', 'consult_documentation']);
  });
});
