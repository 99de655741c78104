/**
 * Takeover end to end: a spawned `tandem serve` (the BUILT cli) with a real bridge (`tandem mcp`
 * through the SDK's stdio transport) hands its workspace to a host started in this process.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainSnapshot } from '../../shared/change-feed';
import type { ApiAnswer } from '../../shared/tandem-api';
import { Workspace } from '../core/workspace';
import { type StudioHost, startStudioHost } from './studio-host';
import { startHttpEndpoint } from './http-endpoint';
import { isAlive, startLockRacer, waitFor } from '../mcp/test-fixtures';
import { Harness, readEndpointFile, textOf } from '../cli/test-harness';
import { requestCoreShutdown, takeOverWorkspace } from './takeover';
import { TestSocketClient } from '../api/test-socket-client';

const harness = new Harness();
let host: StudioHost | undefined;
const sockets: TestSocketClient[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await host?.close();
  host = undefined;
  await harness.cleanup();
});

describe('takeover', () => {
  it('the headless core flushes and exits 0, the new host has every edit, and the bridge session goes on', async () => {
    const ws = harness.tempWorkspace('takeover');
    const headless = await harness.serve(ws);
    const { client: bridge } = await harness.bridgeClient(ws, 'claude-bridge');
    for (const op of ['add svc Gateway', 'add db Orders', 'connect Gateway -> Orders']) {
      expect(textOf(await bridge.callTool({ name: 'drawio', arguments: { ops: [op] } }))).not.toMatch(/^!/);
    }
    const oldEndpoint = readEndpointFile(ws)!;
    const oldTab = await TestSocketClient.connect(oldEndpoint.url, oldEndpoint.token);
    sockets.push(oldTab);
    expect((await oldTab.call({ method: 'mutate', domain: 'drawio', ops: ['add svc Billing'] })).result).toMatchObject({ isError: false });

    host = await startStudioHost({ workspaceDir: ws, takeover: true });

    expect(await headless.exited).toBe(0);
    expect(headless.stderr()).toContain('taken over by another Tandem host');
    expect(isAlive(headless.pid)).toBe(false);
    await waitFor(() => oldTab.closed, 5_000, 'the old core to close its browser tab');
    expect(oldTab.closed).toMatchObject({ code: 1001, reason: 'the studio moved to another window' });
    expect(readEndpointFile(ws)).toMatchObject({ pid: process.pid, url: host.url });

    // Nothing was lost: the new core restored the document from the journal.
    const snapshot = await host.studio.snapshot('drawio');
    expect(snapshot.seq).toBe(4);
    for (const name of ['Gateway', 'Orders', 'Billing']) expect(JSON.stringify(snapshot.records)).toContain(name);

    // The same bridge session goes on against the new core: its next calls succeed and see history.
    const tab = await TestSocketClient.connect(host.url, host.token);
    sockets.push(tab);
    const history = textOf(await bridge.callTool({ name: 'drawio_query', arguments: { q: 'history 10' } }));
    expect(history).toContain('claude-bridge batch: add svc Gateway');
    expect(history).toContain('claude-bridge batch: connect Gateway -> Orders');
    expect(history).toContain('person batch: add svc Billing');
    expect(textOf(await bridge.callTool({ name: 'drawio', arguments: { ops: ['add svc Audit'] } }))).toMatch(/^\+svc Audit /);
    const event = await waitFor(() => tab.events.find((e) => e.ops?.[0] === 'add svc Audit'), 5_000, 'the bridge edit at the new tab');
    expect(event).toMatchObject({ origin: 'claude-bridge', seq: 5, kind: 'batch' });
    const after = (await tab.call({ method: 'snapshot', domain: 'drawio' })).result as DomainSnapshot;
    expect(after.seq).toBe(5);
    expect(((await tab.call({ method: 'query', domain: 'drawio', q: 'stats' })).result as ApiAnswer).text).toContain('4 shapes, 1 edge');
  });

  it('without takeover, a second host still refuses the workspace', async () => {
    const ws = harness.tempWorkspace('no-takeover');
    const headless = await harness.serve(ws);
    await expect(startStudioHost({ workspaceDir: ws })).rejects.toMatchObject({ code: 'workspace_locked' });
    expect(headless.child.exitCode).toBeNull();
    expect(readEndpointFile(ws)?.pid).toBe(headless.pid);
  });

  it('fails clearly, and leaves the holder alone, when the lock holder does not let go', async () => {
    const ws = harness.tempWorkspace('stuck');
    // A live process holds the lock but never announces an endpoint (say, a core stuck starting).
    const stuck = startLockRacer(ws);
    harness.track(stuck.child.pid!);
    await waitFor(() => stuck.ready, 20_000, 'the lock holder to start');
    stuck.go();
    expect(await waitFor(() => stuck.answers[0], 10_000, 'the lock holder to take the lock')).toBe('won');
    await expect(takeOverWorkspace(ws, { waitLimitMs: 300 })).rejects.toMatchObject({
      code: 'workspace_locked',
      message: expect.stringContaining('the process holding the lock did not let go of workspace'),
      suggestion: expect.stringContaining(`stop pid ${stuck.child.pid}`),
    });
    expect(isAlive(stuck.child.pid!)).toBe(true);
    expect(existsSync(join(ws, '.tandem', 'core.lock'))).toBe(true);
  });

  it('refuses to take over a workspace this process already hosts', async () => {
    const ws = harness.tempWorkspace('self');
    host = await startStudioHost({ workspaceDir: ws });
    await expect(startStudioHost({ workspaceDir: ws, takeover: true, takeoverWaitMs: 2_000 })).rejects.toMatchObject({
      code: 'workspace_locked',
      message: expect.stringContaining('this process already hosts'),
    });
    expect(Workspace.readEndpoint(ws)?.url).toBe(host.url);
  });
});

describe('requestCoreShutdown', () => {
  const token = 'test-token-0123456789abcdef0123456789abcdef';

  it('explains a core without the control endpoint, a wrong token, and an unreachable core', async () => {
    let asked = 0;
    const withoutControl = await startHttpEndpoint({ port: 0, token, createSessionServer: () => new McpServer({ name: 't', version: '1' }) });
    const withControl = await startHttpEndpoint({
      port: 0,
      token,
      createSessionServer: () => new McpServer({ name: 't', version: '1' }),
      onShutdownRequest: () => asked++,
    });
    try {
      await expect(requestCoreShutdown({ pid: 4242, socket: '', url: withoutControl.url, token })).rejects.toMatchObject({
        code: 'workspace_locked',
        message: expect.stringContaining('refused to hand over the workspace: HTTP 404'),
        suggestion: expect.stringContaining('predates takeover: stop it (kill 4242)'),
      });
      await expect(requestCoreShutdown({ pid: 4242, socket: '', url: withControl.url, token: 'wrong' })).rejects.toMatchObject({
        message: expect.stringContaining('HTTP 401'),
      });
      expect(asked).toBe(0);
      await requestCoreShutdown({ pid: 4242, socket: '', url: withControl.url, token });
      await requestCoreShutdown({ pid: 4242, socket: '', url: withControl.url, token });
      await waitFor(() => asked === 1, 5_000, 'the shutdown request to reach its owner');
    } finally {
      for (const endpoint of [withoutControl, withControl]) {
        await endpoint.stopAccepting();
        await endpoint.closeSessions();
      }
    }
    const port = Number(new URL(withControl.url).port);
    await expect(requestCoreShutdown({ pid: 4242, socket: '', url: `http://127.0.0.1:${port}`, token })).rejects.toMatchObject({
      message: expect.stringContaining('cannot reach the core (pid 4242)'),
    });
  });
});
