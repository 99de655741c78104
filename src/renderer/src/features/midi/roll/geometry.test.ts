import { describe, expect, it } from 'vitest';
import { note } from '../../../testing/midi-fixtures';
import { buildNoteIndex } from '../model/note-index';
import { meterOf } from '../model/timeline';
import {
  HEADER_HEIGHT,
  KEYS_WIDTH,
  centredOnPitch,
  clampView,
  pitchOfY,
  regionAt,
  tickOfX,
  visiblePitches,
  xOfTick,
  yOfPitch,
  zoomPitchAt,
  zoomTimeAt,
  viewOfNotes,
  visibleTicks,
  type RollView,
} from './geometry';
import { drawnNote, loopRegion, moveDelta, resizeDelta } from './gestures';
import { noteAt, notesInBox } from './hit-test';

const view: RollView = { scrollTick: 960, scrollY: 600, pxPerTick: 0.1, keyHeight: 10 };
const size = { width: 1000, height: 600 };

describe('piano roll geometry', () => {
  it('shows a track\'s notes: their middle pitch centred, scrolled to the first when none is on screen', () => {
    const far = [
      { tick: 96_000, pitch: 40, dur: 480 },
      { tick: 96_480, pitch: 43, dur: 480 },
      { tick: 97_000, pitch: 90, dur: 480 },
    ];
    const shown = viewOfNotes(view, size, far);
    const { from, to } = visibleTicks(shown, size);
    expect(from).toBeLessThan(96_000);
    expect(to).toBeGreaterThan(96_000);
    const middleRow = yOfPitch(shown, 43) + shown.keyHeight / 2;
    expect(Math.abs(middleRow - (HEADER_HEIGHT + (size.height - HEADER_HEIGHT) / 2))).toBeLessThanOrEqual(shown.keyHeight);
    // Notes already on screen in time: the time stays, only the rows move.
    expect(viewOfNotes(view, size, [{ tick: 1000, pitch: 72, dur: 100 }]).scrollTick).toBe(view.scrollTick);
    expect(viewOfNotes(view, size, [])).toEqual(centredOnPitch(view, size, 60));
  });

  it('maps ticks to x and pitches to rows, and back', () => {
    expect(xOfTick(view, 960)).toBe(KEYS_WIDTH);
    expect(xOfTick(view, 1960)).toBe(KEYS_WIDTH + 100);
    expect(tickOfX(view, KEYS_WIDTH + 100)).toBe(1960);
    // Pitch 127 is 600 px above the top of the rows; each row is 10 px.
    expect(yOfPitch(view, 67)).toBe(HEADER_HEIGHT);
    for (const pitch of [0, 60, 67, 127]) {
      expect(pitchOfY(view, yOfPitch(view, pitch))).toBe(pitch);
      expect(pitchOfY(view, yOfPitch(view, pitch) + 9.9)).toBe(pitch);
    }
    expect(visiblePitches(view, size)).toEqual({ low: 13, high: 67 });
    expect(regionAt(10, 10)).toBe('corner');
    expect(regionAt(100, 10)).toBe('ruler');
    expect(regionAt(100, HEADER_HEIGHT - 1)).toBe('lane');
    expect(regionAt(10, 300)).toBe('keys');
    expect(regionAt(100, 300)).toBe('grid');
  });

  it('zooms about the pointer, which stays on the same tick and pitch', () => {
    const anchorX = KEYS_WIDTH + 250;
    const zoomed = zoomTimeAt(view, 2, anchorX);
    expect(zoomed.pxPerTick).toBe(0.2);
    expect(tickOfX(zoomed, anchorX)).toBeCloseTo(tickOfX(view, anchorX));
    const taller = zoomPitchAt(view, 1.5, 400);
    expect(taller.keyHeight).toBe(15);
    expect((400 - HEADER_HEIGHT + taller.scrollY) / taller.keyHeight).toBeCloseTo((400 - HEADER_HEIGHT + view.scrollY) / view.keyHeight);
  });

  it('keeps the view in range', () => {
    expect(clampView({ ...view, scrollTick: -50, scrollY: -10, pxPerTick: 100 }, size)).toMatchObject({ scrollTick: 0, scrollY: 0, pxPerTick: 2 });
    const bottom = clampView({ ...view, scrollY: 99_999 }, size);
    expect(yOfPitch(bottom, 0) + bottom.keyHeight).toBe(size.height);
    const middle = centredOnPitch(view, size, 60);
    expect(pitchOfY(middle, HEADER_HEIGHT + (size.height - HEADER_HEIGHT) / 2)).toBe(60);
  });
});

describe('piano roll hit-testing', () => {
  const index = buildNoteIndex([
    note('n1', 't1', 60, 960, { dur: 480 }),
    note('n2', 't1', 60, 1200, { dur: 480 }), // overlaps n1, drawn above it
    note('n3', 't1', 64, 2400, { dur: 960 }),
    note('n4', 't2', 64, 2400),
  ]);
  const at = (tick: number, pitch: number) => ({ x: xOfTick(view, tick), y: yOfPitch(view, pitch) + view.keyHeight / 2 });

  it('finds the note under the pointer on the track, the later of overlapping ones', () => {
    const p = at(1000, 60);
    expect(noteAt(index, 't1', view, p.x, p.y)?.note.id).toBe('n1');
    const q = at(1300, 60);
    expect(noteAt(index, 't1', view, q.x, q.y)?.note.id).toBe('n2');
    const r = at(2500, 64);
    expect(noteAt(index, 't1', view, r.x, r.y)?.note.id).toBe('n3');
    expect(noteAt(index, 't2', view, r.x, r.y)?.note.id).toBe('n4');
    const empty = at(2000, 64);
    expect(noteAt(index, 't1', view, empty.x, empty.y)).toBeUndefined();
    const otherPitch = at(1000, 61);
    expect(noteAt(index, 't1', view, otherPitch.x, otherPitch.y)).toBeUndefined();
  });

  it('takes the last pixels of a note as its end, for resizing', () => {
    const end = at(2400 + 960, 64);
    expect(noteAt(index, 't1', view, end.x - 2, end.y)).toMatchObject({ part: 'end' });
    expect(noteAt(index, 't1', view, end.x - 20, end.y)).toMatchObject({ part: 'body' });
  });

  it('selects what a box touches, on the track only', () => {
    const a = at(1100, 66);
    const b = at(2500, 59);
    expect(notesInBox(index, 't1', view, { x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y }).map((n) => n.id)).toEqual(['n1', 'n2', 'n3']);
    const c = at(2000, 70);
    expect(notesInBox(index, 't1', view, { x: c.x, y: c.y, w: 5, h: 5 })).toEqual([]);
  });
});

describe('piano roll gestures', () => {
  // 4/4, then 3/4 from bar 2; quarter grid.
  const grid = { meter: meterOf(480, [{ tick: 0, numerator: 4, denominator: 4 }, { tick: 1920, numerator: 3, denominator: 4 }]), step: 480 };

  it('a click draws one grid step; a drag draws to the grid point nearest the pointer', () => {
    expect(drawnNote(grid, 700, 700)).toEqual({ tick: 480, dur: 480 });
    expect(drawnNote(grid, 700, 1700)).toEqual({ tick: 480, dur: 1440 });
    // Dragging left of the start still makes one step.
    expect(drawnNote(grid, 700, 0)).toEqual({ tick: 480, dur: 480 });
  });

  it('moves the grabbed note onto the grid and the others with it, never before 0 or off the keyboard', () => {
    const grabbed = note('n1', 't1', 60, 480);
    const other = note('n2', 't1', 120, 960);
    expect(moveDelta(grid, grabbed, [grabbed, other], 500, 2.4)).toEqual({ dTick: 480, dPitch: 2 });
    expect(moveDelta(grid, grabbed, [grabbed, other], -5000, 20)).toEqual({ dTick: -480, dPitch: 7 });
    // An off-grid note lands on the grid.
    const loose = note('n3', 't1', 60, 500);
    expect(moveDelta(grid, loose, [loose], 480, 0).dTick).toBe(460);
  });

  it('a drag of the end snaps the end to the grid, at least one step long', () => {
    const grabbed = note('n1', 't1', 60, 480, { dur: 480 });
    expect(resizeDelta(grid, grabbed, 1500)).toBe(480);
    expect(resizeDelta(grid, grabbed, 100)).toBe(0);
  });

  it('a drag on the ruler loops the grid steps it spans', () => {
    expect(loopRegion(grid, 2000, 500)).toEqual({ startTick: 480, endTick: 1920 });
    expect(loopRegion(grid, 500, 510)).toEqual({ startTick: 480, endTick: 960 });
  });
});
