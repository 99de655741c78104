/**
 * The remote-engine figures of issue 25, against the harness's "other machine" (a network namespace
 * with its own dockerd and sshd: scripts/remote-engine.sh, its environment in TANDEM_TEST_REMOTE_*):
 * a Docker API call over SSH (kept-alive `docker system dial-stdio` streams) beside the same call to
 * the local engine, the first call (login and the remote CLI's start) and an HTTP request through a
 * forward there and back (this machine → the remote's loopback → this machine, as a container's
 * request reaches a mock) beside the same request made directly. Printed, not asserted.
 */
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DockerEngine } from '../src/main/domains/testenv/engine';
import { engineTarget } from '../src/main/domains/testenv/remote/engine-target';
import { dockerForTests } from '../src/main/domains/testenv/testing/docker-fixtures';
import { freePort } from '../src/main/domains/testenv/testing/ports';
import { remoteEngineForTests } from '../src/main/domains/testenv/testing/remote-engine';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const CALLS = 100;

async function samples(count: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

async function get(port: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.arrayBuffer();
}

export async function remoteEngineBench({ report, percentile }: { report: Report; percentile: Percentile }): Promise<void> {
  let remote;
  try {
    ({ remote } = remoteEngineForTests({ ...process.env, CI: '' }));
  } catch {
    remote = undefined;
  }
  if (!remote) {
    report('testenv on a remote engine', 'skipped', 'no harness: scripts/remote-engine.sh up /tmp/tandem-remote, then . /tmp/tandem-remote/env');
    return;
  }
  const target = engineTarget({ DOCKER_HOST: remote.dockerHost });
  const engine = new DockerEngine('bench', undefined, { target, home: remote.home });
  // The engine's own SSH link, whose forwards setup makes.
  const link = engine.link()!;
  let server: Server | undefined;
  try {
    const [first] = await samples(1, () => engine.ping());
    report('remote engine: first Docker call (SSH login, remote CLI start)', ms(first), 'printed');
    const overSsh = await samples(CALLS, () => engine.ping());
    const local = await dockerForTests().catch(() => undefined);
    const here = local && !local.skip ? await samples(CALLS, () => local.engine.ping()) : undefined;
    report(
      `remote engine: a Docker call over SSH, p50 / p95 (${CALLS})`,
      `${ms(percentile(overSsh, 50))} / ${ms(percentile(overSsh, 95))}`,
      here ? `the local engine: ${ms(percentile(here, 50))} / ${ms(percentile(here, 95))}` : 'printed',
    );

    // A request there and back through the forwards (what a container's call to a mock takes, minus the container).
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const target = (server.address() as { port: number }).port;
    const remotePort = 20_000 + (target % 20_000);
    const back = await link.forwardRemote('127.0.0.1', remotePort, target, 'the bench');
    const localPort = await freePort();
    const out = await link.forwardLocal(localPort, remotePort, 'the bench');
    await get(localPort);
    const through = await samples(CALLS, () => get(localPort));
    const direct = await samples(CALLS, () => get(target));
    report(
      `remote engine: an HTTP request through the forwards there and back, p50 / p95 (${CALLS})`,
      `${ms(percentile(through, 50))} / ${ms(percentile(through, 95))}`,
      `direct on this machine: ${ms(percentile(direct, 50))} / ${ms(percentile(direct, 95))}`,
    );
    await out.close();
    await back.close();
  } finally {
    server?.close();
    await engine.close();
  }
}
