/**
 * What a pointer gesture on the piano roll does, as pure maths: the note a draw makes, how far a
 * drag moves the selection, how much a drag of a note's end changes the lengths. The roll shows
 * the result while the gesture runs and sends it as one batch when it ends.
 */
import type { MidiNoteRecord } from '../../../../../shared/midi/records';
import { HIGHEST_PITCH, LOWEST_PITCH } from '../model/pitch';
import { nextGridTick, snapTick } from '../model/timeline';
import type { Meter } from '../../../../../shared/midi/meter';

/** A press that moves less than this (px) is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 3;

export interface Grid {
  meter: Meter;
  /** Ticks per grid step. */
  step: number;
}

/** The note a draw gesture makes: from the grid point at or before the press, to the grid point nearest the pointer, at least one step. */
export function drawnNote(grid: Grid, pressTick: number, pointerTick: number): { tick: number; dur: number } {
  const tick = snapTick(grid.meter, pressTick, grid.step, 'floor');
  const end = Math.max(nextGridTick(grid.meter, tick, grid.step), snapTick(grid.meter, pointerTick, grid.step));
  return { tick, dur: end - tick };
}

/**
 * How far a drag moves the selection: the grabbed note's start goes to the grid point nearest where
 * the drag takes it, the rest follow; never before tick 0, never off the keyboard.
 */
export function moveDelta(
  grid: Grid,
  grabbed: MidiNoteRecord,
  notes: readonly MidiNoteRecord[],
  dragTicks: number,
  dragPitches: number,
): { dTick: number; dPitch: number } {
  let dTick = snapTick(grid.meter, grabbed.tick + dragTicks, grid.step) - grabbed.tick;
  const earliest = Math.min(...notes.map((n) => n.tick));
  dTick = Math.max(dTick, -earliest);
  const low = Math.min(...notes.map((n) => n.pitch));
  const high = Math.max(...notes.map((n) => n.pitch));
  const dPitch = Math.min(HIGHEST_PITCH - high, Math.max(LOWEST_PITCH - low, Math.round(dragPitches)));
  return { dTick, dPitch };
}

/** How much a drag of the grabbed note's end changes its length: its end to the grid point nearest the pointer, at least one step past its start. */
export function resizeDelta(grid: Grid, grabbed: MidiNoteRecord, pointerTick: number): number {
  const shortest = nextGridTick(grid.meter, grabbed.tick, grid.step);
  const end = Math.max(shortest, snapTick(grid.meter, pointerTick, grid.step));
  return end - (grabbed.tick + grabbed.dur);
}

/** The region a drag on the ruler loops: between the grid points at its two ends, at least one step. */
export function loopRegion(grid: Grid, fromTick: number, toTick: number): { startTick: number; endTick: number } {
  const a = snapTick(grid.meter, Math.min(fromTick, toTick), grid.step);
  const b = snapTick(grid.meter, Math.max(fromTick, toTick), grid.step);
  return { startTick: a, endTick: Math.max(b, nextGridTick(grid.meter, a, grid.step)) };
}
