/**
 * The notes of each track sorted by time, so the piano roll draws and hit-tests only the notes of
 * the window on screen (a binary search, not a walk over all 10,000). Built once per version of
 * the notes map: the store replaces that map on every change and keeps it otherwise.
 */
import type { MidiNoteRecord } from '../../../../../shared/midi/records';

export interface TrackNotes {
  /** By start tick, then pitch. */
  readonly notes: readonly MidiNoteRecord[];
  /** The longest note: how far back a note can start and still reach into a window. */
  readonly maxDur: number;
}

export interface NoteIndex {
  readonly byTrack: ReadonlyMap<string, TrackNotes>;
  /** Where the last note ends (0 without notes). */
  readonly endTick: number;
}

const EMPTY: TrackNotes = { notes: [], maxDur: 0 };

export function buildNoteIndex(notes: Iterable<MidiNoteRecord>): NoteIndex {
  const groups = new Map<string, MidiNoteRecord[]>();
  let endTick = 0;
  for (const note of notes) {
    let group = groups.get(note.trackId);
    if (!group) groups.set(note.trackId, (group = []));
    group.push(note);
    endTick = Math.max(endTick, note.tick + note.dur);
  }
  const byTrack = new Map<string, TrackNotes>();
  for (const [trackId, group] of groups) {
    group.sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
    let maxDur = 0;
    for (const note of group) maxDur = Math.max(maxDur, note.dur);
    byTrack.set(trackId, { notes: group, maxDur });
  }
  return { byTrack, endTick };
}

const cache = new WeakMap<ReadonlyMap<string, MidiNoteRecord>, NoteIndex>();

/** The index of a notes map, built on first use and kept as long as the map is. */
export function noteIndexOf(notes: ReadonlyMap<string, MidiNoteRecord>): NoteIndex {
  let index = cache.get(notes);
  if (!index) cache.set(notes, (index = buildNoteIndex(notes.values())));
  return index;
}

export function trackNotes(index: NoteIndex, trackId: string): TrackNotes {
  return index.byTrack.get(trackId) ?? EMPTY;
}

/** The first position whose note starts at or after `tick`. */
function firstFrom(notes: readonly MidiNoteRecord[], tick: number): number {
  let lo = 0;
  let hi = notes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (notes[mid].tick < tick) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Calls `visit` with each note that sounds somewhere in [fromTick, toTick), in time order. */
export function forEachNoteIn(track: TrackNotes, fromTick: number, toTick: number, visit: (note: MidiNoteRecord) => void): void {
  const { notes } = track;
  for (let i = firstFrom(notes, fromTick - track.maxDur); i < notes.length; i++) {
    const note = notes[i];
    if (note.tick >= toTick) break;
    if (note.tick + note.dur > fromTick) visit(note);
  }
}

export function notesIn(track: TrackNotes, fromTick: number, toTick: number): MidiNoteRecord[] {
  const out: MidiNoteRecord[] = [];
  forEachNoteIn(track, fromTick, toTick, (note) => out.push(note));
  return out;
}
