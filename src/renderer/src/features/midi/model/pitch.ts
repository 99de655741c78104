/** The piano's keys (black ones, the range) and velocity as colour; pitch names are shared/midi/pitches.ts. */

const BLACK = new Set([1, 3, 6, 8, 10]);

export const LOWEST_PITCH = 0;
export const HIGHEST_PITCH = 127;

export function isBlackKey(pitch: number): boolean {
  return BLACK.has(((pitch % 12) + 12) % 12);
}

export function clampPitch(pitch: number): number {
  return Math.min(HIGHEST_PITCH, Math.max(LOWEST_PITCH, pitch));
}

export function clampVelocity(vel: number): number {
  return Math.min(127, Math.max(1, Math.round(vel)));
}

/** Soft notes cool blue, loud ones warm red, through green and yellow. */
export function velocityColor(vel: number): string {
  const v = (clampVelocity(vel) - 1) / 126;
  return `hsl(${Math.round(220 - 220 * v)} 68% ${Math.round(52 - 6 * v)}%)`;
}
