import { describe, expect, it } from 'vitest';
import { NudgeRun, nudgeDelta } from './nudge';

describe('nudge', () => {
  it('steps a pixel, or a grid step with Shift', () => {
    expect(nudgeDelta('left', false)).toEqual({ x: -1, y: 0 });
    expect(nudgeDelta('down', true)).toEqual({ x: 0, y: 10 });
    expect(nudgeDelta('up', true)).toEqual({ x: 0, y: -10 });
    expect(nudgeDelta('right', false)).toEqual({ x: 1, y: 0 });
  });

  it('goes on from where the last nudge went while the records have not caught up', () => {
    const run = new NudgeRun();
    const right = { x: 10, y: 0 };
    expect(run.next('#s1', { x: 100, y: 100 }, right)).toEqual({ x: 110, y: 100 });
    // The records still say 100: the first nudge is on its way.
    expect(run.next('#s1', { x: 100, y: 100 }, right)).toEqual({ x: 120, y: 100 });
    // The first arrived, the second not yet.
    expect(run.next('#s1', { x: 110, y: 100 }, right)).toEqual({ x: 130, y: 100 });
    // All arrived.
    expect(run.next('#s1', { x: 130, y: 100 }, { x: 0, y: 1 })).toEqual({ x: 130, y: 101 });
  });

  it('starts from the records for another selection, after someone else moved it, or after a refusal', () => {
    const run = new NudgeRun();
    const down = { x: 0, y: 1 };
    run.next('#s1', { x: 0, y: 0 }, down);
    expect(run.next('#s2', { x: 50, y: 50 }, down)).toEqual({ x: 50, y: 51 });
    // The AI moved #s2 somewhere none of the nudges sent it.
    expect(run.next('#s2', { x: 400, y: 400 }, down)).toEqual({ x: 400, y: 401 });
    run.reset();
    expect(run.next('#s2', { x: 400, y: 400 }, down)).toEqual({ x: 400, y: 401 });
  });

  it('sends whole pixels', () => {
    expect(new NudgeRun().next('#s1', { x: 10.4, y: 20.6 }, { x: 1, y: 0 })).toEqual({ x: 11, y: 21 });
  });
});
