import { performance } from 'node:perf_hooks';

/** How long `fn` takes, in ms, its promise awaited when it returns one. */
export async function time(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
