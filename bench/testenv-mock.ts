/**
 * The testenv figure of issue 8 for the mock servers: one request answered by a mock (a static body,
 * and a body templated from the request), measured from the client over a kept-alive connection on
 * 127.0.0.1. Printed, not asserted.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startTestMock } from '../src/main/domains/testenv/testing/mock';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const ms = (n: number) => `${n.toFixed(3)} ms`;

function call(agent: Agent, port: number, method: string, path: string, body?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function mockBench(report: Report, percentile: Percentile): Promise<void> {
  const mock = await startTestMock('bench', [
    { path: '/static', response: { body: { ok: true, items: [1, 2, 3] } } },
    { method: 'POST', path: '/orders/:id', response: { status: 201, body: { id: '{{request.params.id}}', total: '{{request.body.total}}', at: '{{timestamp}}' } } },
  ]);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const measure = async (fn: () => Promise<void>) => {
    const samples: number[] = [];
    for (let i = -200; i < 2000; i++) {
      const start = performance.now();
      await fn();
      if (i >= 0) samples.push(performance.now() - start);
    }
    return samples;
  };
  const plain = await measure(() => call(agent, mock.port, 'GET', '/static'));
  report('mock answer, static body', `p50 ${ms(percentile(plain, 50))} p95 ${ms(percentile(plain, 95))}`, 'p50 < 1 ms');
  const templated = await measure(() => call(agent, mock.port, 'POST', '/orders/7', '{"total":12.5}'));
  report('mock answer, templated body (recorded)', `p50 ${ms(percentile(templated, 50))} p95 ${ms(percentile(templated, 95))}`, 'p50 < 1 ms');
  agent.destroy();
  await mock.stop();
}
