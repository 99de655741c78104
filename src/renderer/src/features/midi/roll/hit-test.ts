/** Which note is under the pointer, and which notes a selection box takes in. */
import type { MidiNoteRecord } from '../../../../../shared/midi/records';
import { forEachNoteIn, trackNotes, type NoteIndex } from '../model/note-index';
import { pitchOfY, tickOfX, xOfTick, type Rect, type RollView } from './geometry';

/** How close to its right end (px) a note is taken by the end, to change its length. */
export const RESIZE_HANDLE_PX = 6;

export interface NoteHit {
  note: MidiNoteRecord;
  /** `end`: near the right end (resize); `body`: anywhere else (select, move). */
  part: 'body' | 'end';
}

/** The note of `trackId` under (x, y): of overlapping ones, the one drawn last (on top). */
export function noteAt(index: NoteIndex, trackId: string, view: RollView, x: number, y: number): NoteHit | undefined {
  const pitch = pitchOfY(view, y);
  const tick = tickOfX(view, x);
  let hit: MidiNoteRecord | undefined;
  forEachNoteIn(trackNotes(index, trackId), tick, tick + 1 / view.pxPerTick, (note) => {
    if (note.pitch === pitch && tick >= note.tick && tick < note.tick + note.dur) hit = note;
  });
  // A note narrower than a few pixels still takes a click on its last pixel.
  if (!hit) return undefined;
  const endX = xOfTick(view, hit.tick + hit.dur);
  const width = endX - xOfTick(view, hit.tick);
  const handle = Math.min(RESIZE_HANDLE_PX, width / 3);
  return { note: hit, part: endX - x <= handle ? 'end' : 'body' };
}

/** The first track (in `trackIds` order) with a note under (x, y). */
export function noteAtAny(index: NoteIndex, trackIds: readonly string[], view: RollView, x: number, y: number): NoteHit | undefined {
  for (const trackId of trackIds) {
    const hit = noteAt(index, trackId, view, x, y);
    if (hit) return hit;
  }
  return undefined;
}

/** The notes of `trackId` that a box (in canvas px) touches. */
export function notesInBox(index: NoteIndex, trackId: string, view: RollView, box: Rect): MidiNoteRecord[] {
  const from = tickOfX(view, box.x);
  const to = tickOfX(view, box.x + box.w);
  const high = pitchOfY(view, box.y);
  const low = pitchOfY(view, box.y + box.h);
  const found: MidiNoteRecord[] = [];
  forEachNoteIn(trackNotes(index, trackId), from, Math.max(to, from + 1e-9), (note) => {
    if (note.pitch >= low && note.pitch <= high) found.push(note);
  });
  return found;
}
