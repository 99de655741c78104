/**
 * One core per workspace, whatever happens: several cores (and several bridges, each starting
 * one) racing for a workspace whose last core was killed with -9. The BUILT cli, real processes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isAlive, waitFor } from '../mcp/test-fixtures';
import { Harness, type StartingServe, coresServing, readEndpointFile, textOf } from './test-harness';

const harness = new Harness();
afterEach(() => harness.cleanup());

/** Rounds per race: many, yet each round starts a handful of node processes on a small machine. */
const ROUNDS: Record<number, number> = { 4: 5, 8: 4 };
const BRIDGE_ROUNDS = 4;

describe('one core per workspace', () => {
  for (const racers of [4, 8]) {
    it(`of ${racers} cores started at once after a kill -9, exactly one runs and every client reaches it`, async () => {
      const ws = harness.tempWorkspace();
      let last: StartingServe = await harness.serve(ws);
      for (let round = 0; round < ROUNDS[racers]; round++) {
        // The last core dies without cleaning up: its lock, socket and endpoint.json stay behind.
        last.child.kill('SIGKILL');
        await last.exited;

        const cores = Array.from({ length: racers }, () => harness.startServe(ws));
        const urls = await Promise.all(cores.map((core) => core.ready));
        const running = cores.filter((_, i) => urls[i] !== undefined);
        expect(running.map((core) => core.pid), `round ${round}: cores that came up`).toHaveLength(1);
        const winner = running[0];
        for (const loser of cores.filter((core) => core !== winner)) {
          expect(await loser.exited).toBe(1);
          expect(loser.stderr()).toContain('[workspace_locked]');
        }
        expect(isAlive(winner.pid)).toBe(true);
        expect(coresServing(ws)).toEqual([winner.pid]);

        // Every way in leads to the winner: endpoint.json, its socket, its HTTP endpoint.
        const endpoint = readEndpointFile(ws)!;
        expect(endpoint.pid).toBe(winner.pid);
        const viaSocket = await harness.socketClient(endpoint, `socket-${round}`);
        expect(textOf(await viaSocket.callTool({ name: 'drawio', arguments: { ops: [`add box R${round}`] } }))).toMatch(new RegExp(`^\\+box R${round} `));
        const viaHttp = await harness.httpClient(endpoint, `http-${round}`);
        const list = textOf(await viaHttp.callTool({ name: 'drawio_query', arguments: { q: 'list' } }));
        for (let earlier = 0; earlier <= round; earlier++) expect(list).toContain(`R${earlier}`);
        await Promise.all([viaSocket.close(), viaHttp.close()]);
        last = winner;
      }
    }, 120_000);
  }

  it('bridges reconnecting at once after a kill -9 of the core share one new core, and no acknowledged edit is lost', async () => {
    const ws = harness.tempWorkspace();
    const bridges = await Promise.all(['a', 'b', 'c', 'd'].map((name) => harness.bridgeClient(ws, `bridge-${name}`)));
    const occurrences = (bridge: (typeof bridges)[number], text: string) => bridge.stderr().split(text).length - 1;
    const coresStarted = () => bridges.reduce((sum, bridge) => sum + occurrences(bridge, 'no studio core is running for this workspace; starting one'), 0);
    const acknowledged: string[] = [];
    /** Every bridge adds a box at once, and each edit is acknowledged. */
    const editAll = async (round: number) => {
      const names = bridges.map((_, i) => `N${i}_${round}`);
      const answers = await Promise.all(bridges.map((bridge, i) => bridge.client.callTool({ name: 'drawio', arguments: { ops: [`add box ${names[i]}`] } })));
      answers.forEach((answer, i) => {
        expect(textOf(answer), `round ${round}, bridge ${i}`).toMatch(new RegExp(`^\\+box ${names[i]} `));
        acknowledged.push(names[i]);
      });
      return names;
    };
    /** Exactly one core runs (racers that lost have exited), the one endpoint.json names; every bridge reaches it. */
    const expectOneCore = async (round: number, names: string[]) => {
      const survivors = await waitFor(() => {
        const pids = coresServing(ws);
        return pids.length === 1 ? pids : undefined;
      }, 15_000, `one core to remain in round ${round}`).catch((err) => {
        throw new Error(`${(err as Error).message}; running: ${coresServing(ws).join(', ')}`);
      });
      expect(readEndpointFile(ws)?.pid).toBe(survivors[0]);
      // The bridges started that one between them, not one each.
      expect(coresStarted(), `cores started by round ${round}`).toBe(round + 1);
      for (const bridge of bridges) {
        const list = textOf(await bridge.client.callTool({ name: 'drawio_query', arguments: { q: 'list' } }));
        for (const name of names) expect(list).toContain(name);
      }
      return survivors[0];
    };

    let core = await expectOneCore(0, await editAll(0));
    for (let round = 1; round <= BRIDGE_ROUNDS; round++) {
      process.kill(core, 'SIGKILL');
      // The calls come once every bridge has noticed (one sent into the dying connection would be
      // answered "may or may not have been applied"; mcp.test.ts covers that).
      await waitFor(() => bridges.every((bridge) => occurrences(bridge, 'lost the connection to the studio core') >= round), 10_000, 'the bridges to notice the crash');
      // Each call waits for a core; the bridges start one between them.
      core = await expectOneCore(round, await editAll(round));
    }

    // The journal the last core leaves behind holds every acknowledged edit.
    await Promise.all(bridges.map((bridge) => bridge.client.close()));
    process.kill(core, 'SIGKILL');
    await waitFor(() => !isAlive(core), 10_000, 'the core to die');
    await harness.serve(ws);
    const reader = await harness.httpClient(readEndpointFile(ws)!, 'reader');
    const list = textOf(await reader.callTool({ name: 'drawio_query', arguments: { q: 'list' } }));
    for (const name of acknowledged) expect(list).toContain(name);
    expect(acknowledged).toHaveLength(bridges.length * (BRIDGE_ROUNDS + 1));
  }, 120_000);
});
