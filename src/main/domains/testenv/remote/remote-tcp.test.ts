/**
 * A Docker engine of another machine over tcp:// with TLS (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH, as
 * the Docker CLI reads them): the harness's engine listening with --tlsverify. What needs no way
 * back to the studio works (build, setup of services without ports, status, logs, clean); a project
 * with mocks or published ports is told why not at init, and refused at setup with `ssh://` as the way.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leftovers, writeBusyboxImage } from '../testing/docker-fixtures';
import { waitFor } from '../../../mcp/test-fixtures';
import { freePort } from '../testing/ports';
import { remoteEngineForTests } from '../testing/remote-engine';
import { remoteStudioTests } from '../testing/remote-studio';
import { callTool } from '../testing/tool-calls';

const { remote, skip } = remoteEngineForTests();
const prefix = `tandem-test-tcp${process.pid}`;
const { engine: remoteEngine, harness, workspace } = remoteStudioTests(remote, prefix);

describe.skipIf(skip)('testenv on a remote engine over tcp:// with TLS', () => {
  it('builds and runs what needs no way back, and refuses mocks and ports with why', async () => {
    const ws = workspace('tcp');
    const name = `tcp${process.pid}`;
    const dir = join(ws, 'worker');
    mkdirSync(dir, { recursive: true });
    writeBusyboxImage(join(dir, 'services', 'worker'), 'echo "worker up on $(hostname)"; sleep 3600');
    const project = (withBackPath: boolean, [port, mockPort]: number[]) => ({
      version: '1',
      project: { name },
      services: [
        {
          name: 'worker',
          build: { context: 'services/worker', image: `${prefix}-worker:e2e` },
          container: { name: `${name}-worker`, ports: withBackPath ? [`${port}:8080`] : [] },
        },
      ],
      mocks: withBackPath ? { billing: { port: mockPort, routes: [{ method: 'GET', path: '/', response: { status: 200 } }] } } : {},
      tests: { suites: [] },
    });
    const ports = [await freePort(), await freePort()];
    writeFileSync(join(dir, 'e2e.yaml'), JSON.stringify(project(true, ports)));
    const { client } = await harness.bridgeClient(ws, 'claude-ai', { DOCKER_HOST: remote!.tcpHost, DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: remote!.certPath });
    const call = (tool: string, args: Record<string, unknown>) => callTool(client, tool, args, 180_000);

    const init = await call('preflight_init', { projectPath: 'worker' });
    expect(init.success, JSON.stringify(init.error)).toBe(true);
    const note = init.data.notes.find((n: string) => n.includes('over TCP'));
    expect(note).toMatch(/over TCP \(TLS\).*the mocks \(billing\) and the published ports of worker cannot work; try: DOCKER_HOST=ssh:\/\//);
    const built = await call('preflight_build', { projectPath: 'worker' });
    expect(built.data?.services?.[0]?.status, JSON.stringify(built.error)).toBe('success');
    // Built there, over TLS: the remote engine has the image.
    expect(await remoteEngine.imageExists(`${prefix}-worker:e2e`)).toBe(true);
    const refused = await call('preflight_setup', { projectPath: 'worker' });
    expect(refused.error).toMatchObject({ code: 'DOCKER_ERROR', details: { needs: ['the mocks (billing)', 'the published ports of worker'] } });
    expect(refused.error!.suggestion).toMatch(/DOCKER_HOST=ssh:\/\/user@/);
    expect((await leftovers(remoteEngine, ws)).containers).toEqual([]);
    expect((await call('preflight_clean', { projectPath: 'worker' })).data.sessionRemoved).toBe(true);

    // Without mocks and ports nothing needs a way back: it runs there.
    writeFileSync(join(dir, 'e2e.yaml'), JSON.stringify(project(false, ports)));
    await call('preflight_init', { projectPath: 'worker' });
    await call('preflight_build', { projectPath: 'worker' });
    const setup = await call('preflight_setup', { projectPath: 'worker' });
    expect(setup.success, JSON.stringify(setup.error)).toBe(true);
    expect(setup.data.engine).toMatchObject({ via: 'tcp', host: remote!.address });
    expect((await leftovers(remoteEngine, ws)).containers).toEqual([`${name}-worker`]);
    // The container's first line, read back over TLS (setup does not wait for it: no health check).
    const hostname = (await remoteEngine.api().then((docker) => docker.getContainer(`${name}-worker`).inspect())).Config.Hostname;
    await waitFor(async () => (await call('preflight_logs', { projectPath: 'worker', container: 'worker' })).data?.lines?.includes(`worker up on ${hostname}`), 30_000, 'the worker\'s first line');
    expect((await call('preflight_clean', { projectPath: 'worker' })).data.sessionRemoved).toBe(true);
    expect(await leftovers(remoteEngine, ws)).toEqual({ containers: [], networks: [] });
  }, 420_000);
});
