import { describe, expect, it } from 'vitest';
import { nudgeDelta } from './nudge';

describe('nudge', () => {
  it('steps a pixel, or a grid step with Shift', () => {
    expect(nudgeDelta('left', false)).toEqual({ x: -1, y: 0 });
    expect(nudgeDelta('down', true)).toEqual({ x: 0, y: 10 });
    expect(nudgeDelta('up', true)).toEqual({ x: 0, y: -10 });
    expect(nudgeDelta('right', false)).toEqual({ x: 1, y: 0 });
  });
});
