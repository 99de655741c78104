/**
 * Where things are on the piano roll: the keyboard down the left, the ruler and the conductor lane
 * (tempo, time signature, key, markers) across the top, and the note grid, which scrolls and zooms.
 * Ticks run left to right, pitches bottom to top (127 at the top). All in CSS pixels of the canvas.
 */
import { HIGHEST_PITCH } from '../model/pitch';

export const KEYS_WIDTH = 64;
export const RULER_HEIGHT = 22;
export const LANE_HEIGHT = 34;
export const HEADER_HEIGHT = RULER_HEIGHT + LANE_HEIGHT;

export const MIN_PX_PER_TICK = 0.004;
export const MAX_PX_PER_TICK = 2;
export const MIN_KEY_HEIGHT = 4;
export const MAX_KEY_HEIGHT = 32;

export interface RollView {
  /** The tick at the left edge of the grid. */
  scrollTick: number;
  /** How far the pitch rows are scrolled up, in px from pitch 127's top edge. */
  scrollY: number;
  pxPerTick: number;
  /** Height of one pitch row. */
  keyHeight: number;
}

export interface RollSize {
  width: number;
  height: number;
}

export type RollRegion = 'corner' | 'ruler' | 'lane' | 'keys' | 'grid';

export function regionAt(x: number, y: number): RollRegion {
  if (y < RULER_HEIGHT) return x < KEYS_WIDTH ? 'corner' : 'ruler';
  if (y < HEADER_HEIGHT) return x < KEYS_WIDTH ? 'corner' : 'lane';
  return x < KEYS_WIDTH ? 'keys' : 'grid';
}

export function xOfTick(view: RollView, tick: number): number {
  return KEYS_WIDTH + (tick - view.scrollTick) * view.pxPerTick;
}

export function tickOfX(view: RollView, x: number): number {
  return view.scrollTick + (x - KEYS_WIDTH) / view.pxPerTick;
}

/** The top edge of a pitch's row. */
export function yOfPitch(view: RollView, pitch: number): number {
  return HEADER_HEIGHT + (HIGHEST_PITCH - pitch) * view.keyHeight - view.scrollY;
}

export function pitchOfY(view: RollView, y: number): number {
  return HIGHEST_PITCH - Math.floor((y - HEADER_HEIGHT + view.scrollY) / view.keyHeight);
}

/** The ticks the grid shows, [from, to). */
export function visibleTicks(view: RollView, size: RollSize): { from: number; to: number } {
  return { from: view.scrollTick, to: tickOfX(view, size.width) };
}

/** The lowest and highest pitch with a row on screen. */
export function visiblePitches(view: RollView, size: RollSize): { low: number; high: number } {
  return { low: Math.max(0, pitchOfY(view, size.height - 1)), high: Math.min(HIGHEST_PITCH, pitchOfY(view, HEADER_HEIGHT)) };
}

/** The view scrolled into range: not before tick 0, the rows neither above 127 nor below 0. */
export function clampView(view: RollView, size: RollSize): RollView {
  const pxPerTick = Math.min(MAX_PX_PER_TICK, Math.max(MIN_PX_PER_TICK, view.pxPerTick));
  const keyHeight = Math.min(MAX_KEY_HEIGHT, Math.max(MIN_KEY_HEIGHT, view.keyHeight));
  const rows = (HIGHEST_PITCH + 1) * keyHeight;
  const maxScrollY = Math.max(0, rows - (size.height - HEADER_HEIGHT));
  return { pxPerTick, keyHeight, scrollTick: Math.max(0, view.scrollTick), scrollY: Math.min(maxScrollY, Math.max(0, view.scrollY)) };
}

/** Zoomed in time by `factor` about the tick under `anchorX`, which stays where it is. */
export function zoomTimeAt(view: RollView, factor: number, anchorX: number): RollView {
  const anchorTick = tickOfX(view, anchorX);
  const pxPerTick = Math.min(MAX_PX_PER_TICK, Math.max(MIN_PX_PER_TICK, view.pxPerTick * factor));
  return { ...view, pxPerTick, scrollTick: Math.max(0, anchorTick - (anchorX - KEYS_WIDTH) / pxPerTick) };
}

/** Taller or shorter rows about the pitch under `anchorY`, which stays where it is. */
export function zoomPitchAt(view: RollView, factor: number, anchorY: number): RollView {
  const rowsAbove = (anchorY - HEADER_HEIGHT + view.scrollY) / view.keyHeight;
  const keyHeight = Math.min(MAX_KEY_HEIGHT, Math.max(MIN_KEY_HEIGHT, view.keyHeight * factor));
  return { ...view, keyHeight, scrollY: rowsAbove * keyHeight - (anchorY - HEADER_HEIGHT) };
}

/** The view with `pitch` in the middle of the rows on screen. */
export function centredOnPitch(view: RollView, size: RollSize, pitch: number): RollView {
  const rowsHeight = size.height - HEADER_HEIGHT;
  const scrollY = (HIGHEST_PITCH - pitch + 0.5) * view.keyHeight - rowsHeight / 2;
  return clampView({ ...view, scrollY }, size);
}

/**
 * The view moved to show `notes` (a track's): their middle pitch in the middle of the rows and, when
 * none of them is on screen in time, the first one near the left edge. No notes: middle C.
 */
export function viewOfNotes(view: RollView, size: RollSize, notes: readonly { tick: number; pitch: number; dur: number }[]): RollView {
  if (notes.length === 0) return centredOnPitch(view, size, 60);
  const pitches = notes.map((n) => n.pitch).sort((a, b) => a - b);
  const centred = centredOnPitch(view, size, pitches[Math.floor(pitches.length / 2)]);
  const { from, to } = visibleTicks(centred, size);
  if (notes.some((n) => n.tick < to && n.tick + n.dur > from)) return centred;
  const first = Math.min(...notes.map((n) => n.tick));
  const margin = (size.width - KEYS_WIDTH) * 0.05 / centred.pxPerTick;
  return clampView({ ...centred, scrollTick: first - margin }, size);
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A rectangle from two corners, in any order. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
}
