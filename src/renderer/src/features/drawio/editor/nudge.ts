/**
 * Arrow-key nudges. Each key press is one batch, an absolute `move ... to:` (the DSL has no
 * relative move). A held key repeats faster than the core's change comes back, so a nudge must
 * start where the previous one sent the shapes, not where the records, not caught up yet, still
 * have them. Pure, tested in Node.
 */
import type { Point } from '../model/geometry';

/** Arrow alone moves a pixel, Shift+Arrow a grid step, as in draw.io. */
export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 10;

export type NudgeDirection = 'left' | 'right' | 'up' | 'down';

export function nudgeDelta(direction: NudgeDirection, large: boolean): Point {
  const step = large ? NUDGE_STEP_LARGE : NUDGE_STEP;
  switch (direction) {
    case 'left':
      return { x: -step, y: 0 };
    case 'right':
      return { x: step, y: 0 };
    case 'up':
      return { x: 0, y: -step };
    case 'down':
      return { x: 0, y: step };
  }
}

const same = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

/**
 * The nudges of one selection still on their way: where the records had the selection when the
 * run began (or last caught up), and the corners sent since, oldest first.
 */
export class NudgeRun {
  private run?: { key: string; from: Point; pending: Point[] };

  /**
   * Where the next nudge of the selection `key` (its refs) sends its corner, given the corner
   * the records have `now`. A corner the records have not reached yet counts as reached; one
   * that matches none of them means someone else moved the shapes, and the run starts over.
   */
  next(key: string, now: Point, delta: Point): Point {
    const run = this.run?.key === key ? this.run : undefined;
    let base = now;
    if (run) {
      const reached = run.pending.findIndex((p) => same(p, now));
      if (reached >= 0) {
        run.pending.splice(0, reached + 1);
        run.from = now;
      } else if (!same(run.from, now)) {
        run.pending = [];
        run.from = now;
      }
      base = run.pending.at(-1) ?? now;
    }
    const to = { x: Math.round(base.x + delta.x), y: Math.round(base.y + delta.y) };
    if (run) run.pending.push(to);
    else this.run = { key, from: now, pending: [to] };
    return to;
  }

  /** A refused nudge: the records are right again, start from them. */
  reset(): void {
    this.run = undefined;
  }
}
