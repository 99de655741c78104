/**
 * `tandem mcp` (the stdio bridge) end to end, spawned as Claude Desktop spawns it: the BUILT cli,
 * a real core (started by the bridge itself), real sockets, the SDK's stdio client.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CRASH_AFTER_JOURNAL } from '../core/failpoints';
import { Workspace } from '../core/workspace';
import { toolDomains } from '../host/domains';
import { domainTools } from '../mcp/domain-tools';
import { drawioDomain } from '../domains/drawio';
import { mutationToolDescription, renderReferenceCard } from '../fcp/reference-card';
import { isAlive, waitFor } from '../mcp/test-fixtures';
import { svgDataUri } from '../mcp/icons';
import { Harness, REPO_ROOT, cpuSecondsOver, readEndpointFile, textOf } from './test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

/** Waits until a core runs for `ws` and returns its pid. */
const corePid = (ws: string) => waitFor(() => readEndpointFile(ws)?.pid, 15_000, 'a core to announce itself');
/** The tools of the registered tool domains, offered after the four of each FCP domain. */
const toolDomainTools = toolDomains.flatMap((d) => domainTools(d).map((t) => t.name));
/** The tools only the chat views call, offered last since domains have views. */
const VIEW_TOOLS = ['tandem_view_changes', 'tandem_view_select', 'tandem_view_assets'];

describe('tandem mcp (stdio bridge)', () => {
  it('serves Claude Desktop: four tools per domain, answers per the contract, a core started on demand', async () => {
    const ws = harness.tempWorkspace();
    const { client, transport } = await harness.bridgeClient(ws, 'claude-ai');

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['drawio', 'drawio_query', 'drawio_session', 'drawio_help', 'midi', 'midi_query', 'midi_session', 'midi_help', ...toolDomainTools, ...VIEW_TOOLS]);
    const mutation = tools.find((t) => t.name === 'drawio')!;
    expect(mutation.description).toBe(mutationToolDescription(drawioDomain));
    expect(mutation.inputSchema.properties).toHaveProperty('ops');
    expect(tools.find((t) => t.name === 'drawio_query')!.annotations?.readOnlyHint).toBe(true);
    // Every tool and the server carry a title and an icon (protocol 2025-11-25): each tool its domain's from resources/icons, the studio's for the views' tools.
    const icon = (name: string) => svgDataUri(readFileSync(join(REPO_ROOT, 'resources', 'icons', `${name}.svg`)));
    const toolDomainOf = new Map(toolDomains.flatMap((d) => domainTools(d).map((t) => [t.name, d.name] as const)));
    for (const tool of tools) {
      const domain = /^(drawio|midi)(_|$)/.exec(tool.name)?.[1] ?? toolDomainOf.get(tool.name) ?? 'app';
      expect(tool.title, tool.name).toMatch(/\S/);
      expect(tool.icons, tool.name).toEqual([{ src: icon(domain), mimeType: 'image/svg+xml', sizes: ['any'] }]);
    }
    expect(new Set(tools.map((t) => t.icons?.[0].src)).size).toBe(7); // six domains and the studio
    expect(client.getServerVersion()).toMatchObject({ name: 'tandem-studio', title: expect.any(String), icons: [{ src: icon('app'), mimeType: 'image/svg+xml', sizes: ['any'] }] });

    const added = textOf(
      await client.callTool({
        name: 'drawio',
        arguments: {
          ops: ['add svc AuthService theme:blue', 'add db UserDB theme:green near:AuthService dir:right', 'connect AuthService -> UserDB label:queries'],
        },
      }),
    );
    expect(added.split('\n')).toEqual([
      '+svc AuthService @(200,200 140x60) blue',
      '+db UserDB @(400,200 120x80) green',
      '~AuthService->UserDB "queries" solid',
      expect.stringMatching(/^digest: 2s 1e 0g/),
    ]);

    const map = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'map' } }));
    expect(map).toMatch(/^map: /);
    expect(map).toContain('AuthService');
    const history = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'history 5' } }));
    expect(history).toContain('#1 claude-ai batch: add svc AuthService theme:blue');

    const checkpoint = await client.callTool({ name: 'drawio_session', arguments: { action: 'checkpoint v1' } });
    expect(checkpoint.isError).toBeFalsy();
    const undo = await client.callTool({ name: 'drawio_session', arguments: { action: 'undo' } });
    expect(undo.isError).toBeFalsy();
    expect(textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'stats' } }))).toContain('0 shapes');

    const help = await client.callTool({ name: 'drawio_help', arguments: {} });
    expect(textOf(help)).toBe(renderReferenceCard(drawioDomain));
    await client.ping();

    // The core is a separate process the bridge started in the background, not the bridge itself.
    const pid = await corePid(ws);
    expect(pid).not.toBe(transport.pid);
    expect(isAlive(pid)).toBe(true);
  });

  it('answers initialize and tools/list while no core can run, then goes on once one can', async () => {
    const ws = harness.tempWorkspace();
    // Hold the workspace lock in this process: every core the bridge starts fails to take it.
    const holder = await Workspace.acquire(ws);
    let client: Client;
    try {
      client = (await harness.bridgeClient(ws, 'patient-client', { TANDEM_BRIDGE_WAIT_MS: '1500' })).client;
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(8 + toolDomainTools.length + VIEW_TOOLS.length);

      const refused = await client.callTool({ name: 'drawio', arguments: { ops: ['add svc Early'] } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('[core_unavailable]');
      expect(textOf(refused)).toContain('try: tandem serve --workspace');
      // The reason the started core gave up is passed on.
      expect(textOf(refused)).toContain(`pid ${process.pid}`);
      expect(readFileSync(join(ws, '.tandem', 'serve.log'), 'utf8')).toContain('[workspace_locked]');
    } finally {
      holder.release();
    }
    // Same client, same session: the next call finds (starts) a core.
    const later = await waitFor(
      async () => {
        const result = await client.callTool({ name: 'drawio', arguments: { ops: ['add svc Later'] } });
        return result.isError ? undefined : textOf(result);
      },
      20_000,
      'the bridge to reach a core',
    );
    expect(later).toMatch(/^\+svc Later /);
  });

  it('keeps the client session across core restarts and crashes', async () => {
    const ws = harness.tempWorkspace();
    const { client, transport, stderr } = await harness.bridgeClient(ws, 'steady-client');
    const bridgePid = transport.pid!;
    const drops = () => stderr().split('lost the connection to the studio core').length - 1;
    expect(textOf(await client.callTool({ name: 'drawio', arguments: { ops: ['add svc Alpha'] } }))).toMatch(/^\+svc Alpha/);

    // 1. A clean stop: the next call starts a new core and sees the old edits.
    const first = await corePid(ws);
    process.kill(first, 'SIGTERM');
    await waitFor(() => !isAlive(first), 10_000, 'the core to stop');
    // Its log is its stderr, serve.log: each line is there once.
    const serveLog = readFileSync(join(ws, '.tandem', 'serve.log'), 'utf8');
    expect(serveLog.split(`[core ${first}] SIGTERM: stopping\n`)).toHaveLength(2);
    const list = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'list' } }));
    expect(list).toContain('Alpha');
    const second = await corePid(ws);
    expect(second).not.toBe(first);

    // 2. A crash. (The next call comes once the bridge has noticed: one sent into a dying
    //    connection is answered "may or may not have been applied", as case 3 shows.)
    process.kill(second, 'SIGKILL');
    await waitFor(() => drops() === 2, 10_000, 'the bridge to notice the crash');
    expect(textOf(await client.callTool({ name: 'drawio', arguments: { ops: ['add svc Beta'] } }))).toMatch(/^\+svc Beta/);
    const third = await waitFor(() => {
      const pid = readEndpointFile(ws)?.pid;
      return pid !== second ? pid : undefined;
    });
    harness.track(third);

    // 3. A crash while calls are in flight: both are sent again to the next core, the edit under
    //    its request id, so the client gets a definite answer and the edit is applied once.
    process.kill(third, 'SIGSTOP');
    const edit = client.callTool({ name: 'drawio', arguments: { ops: ['add svc Gamma'] } });
    const read = client.callTool({ name: 'drawio_query', arguments: { q: 'list' } });
    await new Promise((r) => setTimeout(r, 400));
    process.kill(third, 'SIGKILL');
    const editResult = await edit;
    expect(editResult.isError, textOf(editResult)).toBeFalsy();
    expect(textOf(editResult)).toMatch(/^\+svc Gamma /);
    const readResult = await read;
    expect(readResult.isError).toBeFalsy();
    expect(textOf(readResult)).toContain('Alpha');
    expect(textOf(readResult)).toContain('Beta');

    // The same bridge process served all of it; the client never reconnected.
    expect(transport.pid).toBe(bridgePid);
    expect(isAlive(bridgePid)).toBe(true);
    const history = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'history 5' } }));
    expect(history).toContain('steady-client batch: add svc Alpha');
    expect(history).toContain('steady-client batch: add svc Beta');
    expect(history.split('batch: add svc Gamma').length - 1).toBe(1);
  });

  it('answers bad arguments in the contract\'s error shape, before and after the core', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'sloppy-client');
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['drawio', { ops: 'add svc A' }, /^! bad arguments for drawio: ops: .*array.* \[bad_arguments\]$/],
      ['drawio', {}, /^! bad arguments for drawio: ops: .* \[bad_arguments\]$/],
      ['drawio', { ops: ['add svc A'], op: ['typo'] }, /^! bad arguments for drawio: .*op.* \[bad_arguments\]$/],
      ['drawio_query', { q: 5 }, /^! bad arguments for drawio_query: q: .*string.* \[bad_arguments\]$/],
    ];
    const answersEachInShape = async () => {
      for (const [name, args, first] of cases) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        const [line, suggestion] = textOf(result).split('\n');
        expect(line).toMatch(first);
        expect(suggestion).toMatch(new RegExp(`^  try: ${name}\\(\\{`));
      }
    };
    // Checked by the bridge while the core starts, then (the bridge connected) by the core.
    await answersEachInShape();
    // Nothing reached the model, and a good call still works.
    expect(textOf(await client.callTool({ name: 'drawio', arguments: { ops: ['add svc A'] } }))).toMatch(/^\+svc A /);
    await answersEachInShape();
    expect(textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'stats' } }))).toMatch(/\b1 shapes?\b/);
  });

  it('answers a call whose answer died with the core with what it did, without applying it twice', async () => {
    const ws = harness.tempWorkspace();
    // The failpoint makes the first core kill itself (-9) after journaling the first batch, before answering.
    const { client, stderr } = await harness.bridgeClient(ws, 'crash-client', { TANDEM_FAILPOINTS: CRASH_AFTER_JOURNAL });
    const result = await client.callTool({ name: 'drawio', arguments: { ops: ['add box Lost'] } });
    expect(existsSync(join(ws, '.tandem', `failpoint-${CRASH_AFTER_JOURNAL}`))).toBe(true);
    expect(stderr()).toContain('connection lost mid-call; sending it again to the next core');
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(/^\+box Lost @/);
    const list = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'stats' } }));
    expect(list).toMatch(/\b1 shapes?\b/);
    const history = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'history 5' } }));
    expect(history.split('batch: add box Lost').length - 1).toBe(1);
  });

  it('gives every call a definite answer, and applies each once, when the core is killed mid-stream', async () => {
    const ws = harness.tempWorkspace();
    const { client } = await harness.bridgeClient(ws, 'stream-client');
    expect(textOf(await client.callTool({ name: 'drawio', arguments: { ops: ['add box Start'] } }))).toMatch(/^\+box Start/);
    let shapes = 1;
    for (let round = 0; round < 3; round++) {
      const core = await corePid(ws);
      harness.track(core);
      let answered = 0;
      const calls = Array.from({ length: 30 }, (_, i) =>
        client.callTool({ name: 'drawio', arguments: { ops: [`add box R${round}K${i}`] } }).then((result) => {
          answered++;
          return result;
        }),
      );
      // Kill it once some answers are back and others are still in flight (some applied, some not).
      await waitFor(() => (answered >= 3 ? true : undefined), 20_000, 'the first answers');
      process.kill(core, 'SIGKILL');
      const results = await Promise.all(calls);
      results.forEach((result, i) => {
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(textOf(result)).toMatch(new RegExp(`^\\+box R${round}K${i} `));
      });
      shapes += calls.length;
      // Each applied exactly once: no duplicate (it would be R..K..-2 or an error), none missing.
      const stats = textOf(await client.callTool({ name: 'drawio_query', arguments: { q: 'stats' } }));
      expect(stats).toContain(`${shapes} shapes`);
    }
  });

  it('lets two bridges racing to start a core share one', async () => {
    const ws = harness.tempWorkspace();
    const [a, b] = await Promise.all([harness.bridgeClient(ws, 'racer-a'), harness.bridgeClient(ws, 'racer-b')]);
    const [ra, rb] = await Promise.all([
      a.client.callTool({ name: 'drawio', arguments: { ops: ['add svc FromA'] } }),
      b.client.callTool({ name: 'drawio', arguments: { ops: ['add svc FromB'] } }),
    ]);
    expect(textOf(ra)).toMatch(/^\+svc FromA/);
    expect(textOf(rb)).toMatch(/^\+svc FromB/);
    const pid = await corePid(ws);
    for (const bridge of [a, b]) {
      const list = textOf(await bridge.client.callTool({ name: 'drawio_query', arguments: { q: 'list' } }));
      expect(list).toContain('FromA');
      expect(list).toContain('FromB');
      expect(bridge.stderr()).toContain(`connected to the studio core (pid ${pid})`);
    }
  });

  it('writes nothing but JSON-RPC to stdout, answers garbage with errors, and exits on stdin EOF', async () => {
    const ws = harness.tempWorkspace();
    const { bridge, exited, send, initialize, messages: replies, stdout, stderr } = harness.rawBridge(ws);

    initialize('raw-client');
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send('{"this is": not json}\n');
    send({ jsonrpc: '2.0', id: 3 });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'drawio', arguments: { ops: ['add svc Raw'] } } });
    send({ jsonrpc: '2.0', id: 5, method: 'no/such/method' });
    await waitFor(() => replies().some((r) => r.id === 4) && replies().some((r) => r.id === 5), 20_000, 'the answer to the tool call');

    const lines = stdout().split('\n').filter(Boolean);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    const byId = (id: unknown) => replies().find((r) => r.id === id);
    expect(byId(1).result.serverInfo.name).toBe('tandem-studio');
    expect(byId(2).result.tools).toHaveLength(8 + toolDomainTools.length + VIEW_TOOLS.length);
    expect(replies().find((r) => r.id === null && r.error?.code === -32700)).toBeTruthy();
    expect(byId(3).error.code).toBe(-32600);
    expect(byId(4).result.content[0].text).toMatch(/^\+svc Raw /);
    expect(byId(5).error.code).toBe(-32601);
    // The logs went to stderr.
    expect(stderr()).toContain('[bridge ');

    bridge.stdin.end();
    expect(await exited).toBe(0);
  });

  describe('when Claude Desktop closes its pipes', () => {
    /** A bridge on raw pipes, initialized (it answered), with a core started for it. */
    async function initializedBridge() {
      const ws = harness.tempWorkspace();
      const { bridge, send, initialize, messages: replies } = harness.rawBridge(ws);
      initialize('leaving');
      await waitFor(() => replies().some((r) => r.id === 1), 20_000, 'the answer to initialize');
      await corePid(ws);
      return { bridge, send, replies, stopped: () => bridge.exitCode ?? bridge.signalCode ?? undefined };
    }

    it('exits when the client stops reading its output, at the next answer (EPIPE on stdout)', async () => {
      const { bridge, send, stopped } = await initializedBridge();
      bridge.stdout.destroy();
      bridge.stderr.destroy();
      // stdin stays open: only the failed write tells the bridge the client is gone.
      send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      await waitFor(stopped, 10_000, 'the bridge to exit');
      expect(bridge.exitCode).toBe(0);
    });

    // /proc gives the bridge's CPU time; a busy loop would use about a second per second.
    it.skipIf(process.platform !== 'linux')('goes on without spinning when its stderr closes, and exits on stdin EOF', async () => {
      const { bridge, send, stopped, replies } = await initializedBridge();
      bridge.stderr.destroy();
      // Bad input is logged (to the closed stderr) and answered (on the open stdout).
      bridge.stdin.write('not json\n');
      expect(await cpuSecondsOver(bridge.pid!, 3_000)).toBeLessThan(0.5);
      await waitFor(() => replies().some((r) => r.id === null && r.error?.code === -32700), 5_000, 'the parse error');
      send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'drawio', arguments: { ops: ['add svc Heard'] } } });
      const answer = await waitFor(() => replies().find((r) => r.id === 2), 20_000, 'the answer to the tool call');
      expect(answer.result.content[0].text).toMatch(/^\+svc Heard /);

      // The client goes: its last log lines meet closed pipes.
      bridge.stdout.destroy();
      bridge.stdin.end();
      await waitFor(stopped, 10_000, 'the bridge to exit');
      expect(bridge.exitCode).toBe(0);
    });
  });
});
