import { describe, expect, it } from 'vitest';
import { D2Queue } from './d2-queue';

/** A job that runs until it is let go, noting when it starts. */
function held(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => (started.push(name), done.then(() => name)), release };
}

describe('D2Queue', () => {
  it('leaves a slot free of background work for a caller, and fills every slot with callers', async () => {
    const queue = new D2Queue(3);
    const started: string[] = [];
    const background = ['b1', 'b2', 'b3', 'b4'].map((name) => held(started, name));
    const behind = background.map((job) => queue.run(job.work, 'background'));
    expect(started).toEqual(['b1', 'b2']);
    const callers = ['c1', 'c2'].map((name) => held(started, name));
    const asked = callers.map((job) => queue.run(job.work, 'caller'));
    // c1 at once in the free slot; c2 waits for a slot, then goes ahead of b3 and b4.
    expect(started).toEqual(['b1', 'b2', 'c1']);
    background[0].release();
    await behind[0];
    // The slot is handed on once the job's promise has settled.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['b1', 'b2', 'c1', 'c2']);
    expect(queue.idle).toBe(false);
    for (const job of [...callers, ...background]) job.release();
    expect(await Promise.all([...asked, ...behind])).toEqual(['c1', 'c2', 'b1', 'b2', 'b3', 'b4']);
    expect(started.slice(4)).toEqual(['b3', 'b4']);
    expect(queue.idle).toBe(true);
  });

  it('runs background work in its only slot when there is one', async () => {
    const queue = new D2Queue(1);
    const started: string[] = [];
    const job = held(started, 'b');
    const running = queue.run(job.work, 'background');
    expect(started).toEqual(['b']);
    job.release();
    expect(await running).toBe('b');
  });
});
