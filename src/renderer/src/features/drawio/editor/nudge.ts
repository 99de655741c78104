/**
 * Arrow-key nudges. Each key press is one batch, an absolute `move ... to:` (the DSL has no
 * relative move) from where the records have the selection: a key runs once the one before it
 * has been answered (createKeyCommandQueue), so the records have caught up. Pure, tested in Node.
 */
import type { Point } from '../../../../../shared/drawio/geometry';

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
