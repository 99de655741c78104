/**
 * The Claude Desktop bundle as Claude Desktop uses it: `tandem bundle` packs it (from the built
 * bridge), mcpb validates and unpacks it, and its server is started with the manifest's command and
 * arguments and the person's settings as environment (mcpb's own getMcpConfigForManifest, as Claude
 * Desktop resolves them); a real SDK client talks to it over stdio against a real studio core.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMcpConfigForManifest } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg, { version } from '../../../package.json';
import { fcpDomains, toolDomains } from '../host/domains';
import { buildOffer } from '../mcp/toolsets';
import { firstSentence, isAppOnly } from './bundle';
import { isAlive } from '../core/endpoint';
import { VIEW_META_KEY, type ViewChanges } from '../../shared/chat-views';
import { Harness, REPO_ROOT, readEndpointFile, textOf } from './test-harness';

const MCPB = join(REPO_ROOT, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');
const harness = new Harness();
let unpacked: string;
let bundleFile: string;

const mcpb = (...args: string[]) => execFileSync(process.execPath, [MCPB, ...args], { encoding: 'utf8' });

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Starts the unpacked bundle's server as Claude Desktop would, with `userConfig` as the person's settings. */
async function bundleClient(dir: string, userConfig: Record<string, string | boolean>, extraEnv: Record<string, string>) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const home = mkdtempSync(join(tmpdir(), 'tandem-home-'));
  const config = await getMcpConfigForManifest({ manifest, extensionPath: dir, systemDirs: { HOME: home }, userConfig, pathSeparator: '/' });
  expect(config?.command).toBe('node');
  const transport = new StdioClientTransport({
    command: process.execPath, // Claude Desktop runs `node` with its own Node.js; here the test's
    args: config!.args ?? [],
    // The studio's install record is looked up where this run's cores write it (vitest.config.mts).
    env: { ...getDefaultEnvironment(), TANDEM_CONFIG_DIR: process.env.TANDEM_CONFIG_DIR!, ...config!.env, ...extraEnv },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c) => (stderr += c));
  const client = new Client({ name: 'claude-ai', version: '0.14.0' });
  await client.connect(transport);
  if (transport.pid) harness.track(transport.pid);
  return { client, stderr: () => stderr, config: config! };
}

const status = async (client: Client) => {
  const result = await client.callTool({ name: 'tandem_status', arguments: {} });
  return { text: textOf(result), ...(result.structuredContent as { state: string; message: string; suggestion?: string }) };
};

beforeAll(() => {
  const out = mkdtempSync(join(tmpdir(), 'tandem-bundle-out-'));
  bundleFile = join(out, 'tandem.mcpb');
  execFileSync(process.execPath, [join(REPO_ROOT, 'bin', 'tandem.js'), 'bundle', '--out', bundleFile], { encoding: 'utf8' });
  unpacked = join(out, 'unpacked');
  mcpb('unpack', bundleFile, unpacked);
}, 60_000);

afterAll(() => harness.cleanup());

describe('the Claude Desktop bundle', () => {
  it('is a valid MCPB 0.3 bundle of plain JavaScript: manifest generated from the tables, no native module', () => {
    expect(mcpb('validate', join(unpacked, 'manifest.json'))).toMatch(/valid/i);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ manifest_version: '0.3', name: 'tandem-studio', display_name: 'Tandem Studio', version, icon: 'icon.png' });
    expect(manifest).toMatchObject({ description: pkg.description, license: pkg.license, author: { name: 'Tandem Studio' }, keywords: expect.arrayContaining(['drawio', 'midi']) });
    // Every toolset's tools and prompts, from the tables (as the help is): each tool's title and its description's first sentence.
    const offer = buildOffer({ fcp: fcpDomains, tool: toolDomains });
    const modelTools = offer.tools.filter((t) => !isAppOnly(t));
    expect(offer.toolsets).toEqual(expect.arrayContaining(['drawio', 'midi', 'testenv', 'tasks', 'architecture', 'context']));
    expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual([...modelTools.map((t) => t.name), 'tandem_status']);
    for (const tool of modelTools) {
      expect(manifest.tools.find((t: { name: string }) => t.name === tool.name).description).toBe(`${tool.title}. ${firstSentence(tool.description)}`);
    }
    // The tools only the chat views call are the host's to hide, not the manifest's to list.
    expect(offer.tools.filter(isAppOnly).map((t) => t.name).sort()).toEqual(['tandem_view_assets', 'tandem_view_changes', 'tandem_view_select']);
    expect(manifest.prompts.map((p: { name: string }) => p.name)).toEqual(offer.prompts.map((p) => p.spec.name));
    expect(manifest.prompts.length).toBeGreaterThan(0);
    expect(manifest.user_config).toMatchObject({
      workspace: { type: 'directory', default: '${HOME}/Tandem' },
      read_only: { type: 'boolean', default: false },
      toolsets: { type: 'string', default: 'all' },
    });
    expect(manifest.server.mcp_config.env).toEqual({ TANDEM_WORKSPACE: '${user_config.workspace}', TANDEM_TOOLSETS: '${user_config.toolsets}', TANDEM_READ_ONLY: '${user_config.read_only}' });
    expect(manifest.compatibility).toEqual({ platforms: ['darwin', 'win32', 'linux'], runtimes: { node: pkg.engines.node } });
    const files = filesUnder(unpacked).map((f) => f.slice(unpacked.length + 1)).sort();
    expect(files).toEqual(['icon.png', 'manifest.json', 'server/catalog.json', 'server/index.js']);
    expect(files.filter((f) => f.endsWith('.node'))).toEqual([]);
    expect(readFileSync(join(unpacked, 'server', 'index.js'), 'utf8')).not.toMatch(/better-sqlite3|\.node['"]/);
    const bytes = statSync(bundleFile).size;
    console.info(`tandem.mcpb: ${(bytes / 1024).toFixed(0)} KB packed, server/index.js ${(statSync(join(unpacked, 'server', 'index.js')).size / 1024).toFixed(0)} KB`);
    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('offers only tandem_status, which says what to do, when no studio is installed or running', async () => {
    const workspace = harness.tempWorkspace('bundle-none');
    const noConfig = mkdtempSync(join(tmpdir(), 'tandem-noconfig-'));
    const { client } = await bundleClient(unpacked, { workspace }, { TANDEM_CONFIG_DIR: noConfig });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['tandem_status']);
    const answer = await status(client);
    expect(answer.state).toBe('no_studio_installed');
    expect(answer.message).toContain(join(noConfig, 'install.json'));
    expect(answer.text).toContain('try: install Tandem Studio and start it once');
    // A studio tool called all the same gets a clear error at once, not a wait.
    const call = await client.callTool({ name: 'drawio_help', arguments: {} });
    expect(call.isError).toBe(true);
    expect(textOf(call)).toBe(`! no Tandem Studio core can be reached for workspace ${workspace} [core_unavailable]\n  try: tandem_status says why and what to do`);
  });

  it('says which toolset of the settings this studio does not have, offering tandem_status alone', async () => {
    const workspace = harness.tempWorkspace('bundle-settings');
    const { client } = await bundleClient(unpacked, { workspace, toolsets: 'drawio, diagrams' }, {});
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['tandem_status']);
    const answer = await status(client);
    expect(answer.state).toBe('bad_settings');
    expect(answer.message).toMatch(/^the bundle's "Toolsets" setting names "diagrams", which this studio does not have \(toolsets: drawio, midi, /);
    expect(answer.suggestion).toMatch(/^in Claude Desktop's settings for Tandem Studio, set Toolsets to all or to some of: drawio,midi,/);
  });

  it('lists the core\'s tools with their icons and calls one against a real core; settings pick toolsets and read-only', async () => {
    const workspace = harness.tempWorkspace('bundle-core');
    await harness.serve(workspace);
    const { client } = await bundleClient(unpacked, { workspace }, {});
    const { tools } = await client.listTools();
    const drawio = tools.find((t) => t.name === 'drawio');
    expect(drawio).toMatchObject({ title: 'Edit draw.io diagram', icons: [{ mimeType: 'image/svg+xml', src: expect.stringMatching(/^data:image\/svg\+xml;base64,/) }] });
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['drawio', 'midi', 'add_todo', 'tandem_status']));
    expect(client.getServerVersion()).toMatchObject({ name: 'tandem-studio', version, icons: [expect.objectContaining({ mimeType: 'image/svg+xml' })] });
    const added = await client.callTool({ name: 'drawio', arguments: { ops: ['add svc AuthService theme:blue'] } });
    expect(textOf(added)).toMatch(/^\+svc AuthService/);
    expect(added.content).toContainEqual(expect.objectContaining({ type: 'resource_link', uri: expect.stringMatching(/^tandem:\/\/drawio\//) }));
    const history = await client.callTool({ name: 'drawio_query', arguments: { q: 'history 1' } });
    expect(textOf(history)).toContain('claude-ai batch: add svc AuthService theme:blue');
    expect((await status(client)).state).toBe('connected');

    const narrow = await bundleClient(unpacked, { workspace, toolsets: 'tasks', read_only: true }, {});
    const narrowTools = (await narrow.client.listTools()).tools;
    expect(narrowTools.map((t) => t.name)).toContain('list_todos');
    expect(narrowTools.map((t) => t.name)).not.toContain('add_todo');
    expect(narrowTools.filter((t) => t.name !== 'tandem_status' && t.annotations?.readOnlyHint !== true)).toEqual([]);
    expect(narrowTools.some((t) => t.name.startsWith('drawio'))).toBe(false);
  });

  it("carries the chat views: their ui:// pages, the tools only they call, and a view's edit recorded as the person's", async () => {
    const workspace = harness.tempWorkspace('bundle-views');
    await harness.serve(workspace);
    const { client } = await bundleClient(unpacked, { workspace }, {});
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'drawio')?._meta).toEqual({ ui: { resourceUri: 'ui://tandem/drawio/diagram' } });
    for (const name of ['tandem_view_changes', 'tandem_view_select', 'tandem_view_assets']) expect(tools.find((t) => t.name === name)?._meta, name).toEqual({ ui: { visibility: ['app'] } });
    const views = (await client.listResources()).resources.filter((r) => r.uri.startsWith('ui://'));
    expect(views.map((r) => r.uri).sort()).toEqual(['ui://tandem/architecture/c4', 'ui://tandem/drawio/diagram', 'ui://tandem/midi/roll', 'ui://tandem/tasks/board', 'ui://tandem/testenv/results']);
    const page = (await client.readResource({ uri: 'ui://tandem/drawio/diagram' })).contents[0] as { text: string; mimeType: string };
    expect(page).toMatchObject({ mimeType: 'text/html;profile=mcp-app', text: expect.stringMatching(/^<!doctype html>/i) });

    // What the diagram view does through Claude Desktop: follow the document, edit for the person, select.
    await client.callTool({ name: 'drawio', arguments: { ops: ['add svc AuthService'] } });
    const first = (await client.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio' } })).structuredContent as unknown as ViewChanges;
    const auth = (first.snapshot?.records as Array<{ id: string; alias?: string }>).find((r) => r.alias === 'AuthService')!;
    expect(auth).toBeDefined();
    const moved = await client.callTool({ name: 'drawio', arguments: { ops: ['move AuthService to:300,200 strict:true'] }, _meta: { [VIEW_META_KEY]: 'ui://tandem/drawio/diagram' } });
    expect(moved.isError).toBeFalsy();
    const next = (await client.callTool({ name: 'tandem_view_changes', arguments: { document: 'drawio', since: first.seq, document_id: first.documentId, wait_ms: 0 } })).structuredContent as unknown as ViewChanges;
    expect(next.changes.map((c) => c.origin)).toEqual(['person']);
    expect(textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'history 2' } }))).toMatch(/#\d+ person batch: move AuthService[\s\S]*#\d+ claude-ai batch: add svc AuthService|#\d+ claude-ai batch: add svc AuthService[\s\S]*#\d+ person batch: move AuthService/);
    const selected = await client.callTool({ name: 'tandem_view_select', arguments: { document: 'drawio', ids: [auth.id] } });
    expect(selected.structuredContent).toEqual({ document: 'drawio', selected: 1 });
    expect(textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'selection' } }))).toMatch(/^selection \(chat view \d+\): 1 shape[\s\S]*AuthService/);

    // The views' tools come with the toolsets that have views: the tasks' board follows; nothing of the diagram's.
    const tasksOnly = await bundleClient(unpacked, { workspace, toolsets: 'tasks' }, {});
    const taskTools = (await tasksOnly.client.listTools()).tools.map((t) => t.name);
    expect(taskTools).toEqual(expect.arrayContaining(['add_todo', 'tandem_view_changes', 'tandem_view_select']));
    expect(taskTools).not.toContain('tandem_view_assets');
    expect((await tasksOnly.client.listResources()).resources.filter((r) => r.uri.startsWith('ui://')).map((r) => r.uri)).toEqual(['ui://tandem/tasks/board']);
    const contextOnly = await bundleClient(unpacked, { workspace, toolsets: 'context' }, {});
    expect((await contextOnly.client.listTools()).tools.filter((t) => t.name.startsWith('tandem_view'))).toEqual([]);
  });

  it('starts the installed studio where no core runs, from the install record a studio wrote', async () => {
    const workspace = harness.tempWorkspace('bundle-start');
    // The serve above wrote the record into this run's config folder (TANDEM_CONFIG_DIR).
    expect(existsSync(join(process.env.TANDEM_CONFIG_DIR!, 'install.json'))).toBe(true);
    const { client } = await bundleClient(unpacked, { workspace }, {});
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('drawio');
    const endpoint = readEndpointFile(workspace);
    expect(endpoint?.pid).toBeGreaterThan(0);
    expect(textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'stats' } }))).not.toMatch(/^!/);
  });

  it('two bridges started at once start the studio once: the second waits for the first one\'s core', async () => {
    const workspace = harness.tempWorkspace('bundle-race');
    // An installed "studio" that counts its starts, then runs the real one (which writes its own record elsewhere).
    const config = mkdtempSync(join(tmpdir(), 'tandem-race-config-'));
    const starts = join(config, 'starts.txt');
    const counter = join(config, 'counting-studio.js');
    writeFileSync(counter, `require('fs').appendFileSync(${JSON.stringify(starts)}, process.pid + '\\n'); process.argv.splice(1, 1); require(process.argv[1]);`);
    const record = { version, command: process.execPath, args: [counter, join(REPO_ROOT, 'bin', 'tandem.js'), 'serve'], env: { TANDEM_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'tandem-race-own-')) } };
    writeFileSync(join(config, 'install.json'), JSON.stringify(record));
    const [first, second] = await Promise.all([0, 1].map(() => bundleClient(unpacked, { workspace }, { TANDEM_CONFIG_DIR: config })));
    const [a, b] = await Promise.all([first, second].map(({ client }) => client.callTool({ name: 'drawio_query', arguments: { q: 'stats' } })));
    expect(textOf(a)).not.toMatch(/^!/);
    expect(textOf(b)).not.toMatch(/^!/);
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
    const pid = Number(readFileSync(starts, 'utf8').trim());
    harness.track(pid);
    expect(readEndpointFile(workspace)?.pid).toBe(pid);
  });

  it('names the process holding the workspace when its core does not answer, and starts the studio once it is gone', async () => {
    const workspace = harness.tempWorkspace('bundle-stale');
    const stale = await harness.serve(workspace);
    // A core that hangs: stopped, it keeps its lock, its endpoint.json and its socket, and answers nothing.
    process.kill(stale.pid, 'SIGSTOP');
    try {
      const { client } = await bundleClient(unpacked, { workspace }, { TANDEM_BRIDGE_WAIT_MS: '1500' });
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['tandem_status']);
      // The bridge's attempt to connect times out (its initialize gets no answer); then the status names the holder.
      await expect.poll(async () => (await status(client)).state, { timeout: 30_000, interval: 500 }).toBe('workspace_locked');
      const answer = await status(client);
      expect(answer.message).toContain(`process ${stale.pid} holds workspace ${workspace} `);
      expect(answer.message).toContain(`but does not answer: cannot connect to the core (pid ${stale.pid})`);
      expect(answer.text).toContain(`try: if process ${stale.pid} is a Tandem core that hangs or was stopped, end it (kill ${stale.pid})`);
      // Doing what it says: the holder ended, the next call starts the installed studio and gets the tools.
      process.kill(stale.pid, 'SIGKILL');
      await stale.exited;
      await expect.poll(async () => (await client.listTools()).tools.map((t) => t.name), { timeout: 30_000, interval: 500 }).toContain('drawio');
      expect((await status(client)).state).toBe('connected');
      expect(readEndpointFile(workspace)?.pid).not.toBe(stale.pid);
    } finally {
      if (isAlive(stale.pid)) process.kill(stale.pid, 'SIGKILL');
    }
  }, 90_000);

  it('says so when the bundle and the studio are of different versions', async () => {
    const workspace = harness.tempWorkspace('bundle-old');
    await harness.serve(workspace);
    // An older bundle: the same files, its catalog from another release.
    const catalogFile = join(unpacked, 'server', 'catalog.json');
    const original = readFileSync(catalogFile, 'utf8');
    writeFileSync(catalogFile, JSON.stringify({ ...JSON.parse(original), version: '0.0.1-old' }));
    try {
      const { client } = await bundleClient(unpacked, { workspace }, { TANDEM_BRIDGE_WAIT_MS: '1500' });
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['tandem_status']);
      const answer = await status(client);
      expect(answer.state).toBe('version_mismatch');
      expect(answer.message).toBe(`the studio core of workspace ${workspace} runs Tandem Studio ${version}, this bundle is 0.0.1-old`);
      expect(answer.suggestion).toContain('Connect Claude Desktop');
    } finally {
      writeFileSync(catalogFile, original);
    }
  });
});
