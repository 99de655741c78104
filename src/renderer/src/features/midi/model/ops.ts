/**
 * Op builders: every edit a person makes in the Music view, written as midi ops
 * (midi-reference.md). Notes are named by their record id (`@id:n12,n13`) so an op never depends
 * on where a note happens to be; tracks by name (or number, see trackName); positions as `M.B[.T]` on the song's own bar
 * grid, durations by name where one fits, else in ticks.
 */
import type { MidiNoteRecord, MidiTrackRecord } from '../../../../../shared/midi/records';
import { freeAlias, quoted, word } from '../../../common/fcp-text';
import { pitchName } from '../../../../../shared/midi/pitches';
import { formatPosition } from './timeline';
import type { Meter } from '../../../../../shared/midi/meter';

/** An op stays well under the core's 20,000 characters: long id lists are split over several ops. */
export const MAX_OP_CHARS = 16_000;

export function trackRef(name: string): string {
  return word(name);
}

/**
 * How ops name `track`: by its name, or by its number (`#N`, its place in `tracks`, display order)
 * when a file gave several tracks that name (the core refuses a name that is not one track's).
 */
export function trackName(tracks: readonly MidiTrackRecord[], track: MidiTrackRecord): string {
  const lower = track.name.toLowerCase();
  const shared = tracks.some((t) => t.id !== track.id && t.name.toLowerCase() === lower);
  return shared ? `#${tracks.findIndex((t) => t.id === track.id) + 1}` : track.name;
}

/** The notes named by id; one selector, so several ids are one comma-separated value. */
export function idSelector(ids: readonly string[]): string {
  return `@id:${ids.join(',')}`;
}

/** Ids in runs whose selector fits in one op. */
export function idChunks(ids: readonly string[], room = MAX_OP_CHARS): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let length = 0;
  for (const id of ids) {
    if (chunk.length > 0 && length + id.length + 1 > room) {
      chunks.push(chunk);
      chunk = [];
      length = 0;
    }
    chunk.push(id);
    length += id.length + 1;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** One op per run of ids, each built by `op` from its selector and its notes' ids. */
function perChunk(ids: readonly string[], op: (selector: string, chunk: readonly string[]) => string): string[] {
  return idChunks(ids).map((chunk) => op(idSelector(chunk), chunk));
}

// ---- durations and grids --------------------------------------------------------------------

/** The note values, whole to 32nd: `1n` is a whole note, four quarters. */
const NOTE_VALUES = [1, 2, 4, 8, 16, 32];
const NAMED_DURATIONS = NOTE_VALUES.map((value) => ({ name: `${value}n`, quarters: 4 / value }));

/** `4n`, `dotted-8n`, `triplet-16n`, else `ticks:N` (named durations scale with the song's ppqn). */
export function durationText(ticks: number, ppqn: number): string {
  for (const { name, quarters } of NAMED_DURATIONS) {
    const plain = quarters * ppqn;
    if (ticks === plain) return name;
    if (ticks === plain * 1.5) return `dotted-${name}`;
    if (ticks * 3 === plain * 2) return `triplet-${name}`;
  }
  return `ticks:${Math.round(ticks)}`;
}

export interface GridChoice {
  /** What the grid menu shows. */
  label: string;
  /** The step in quarter notes. */
  quarters: number;
}

/** The grids a person can snap to: the note values, then quarter, eighth and sixteenth triplets. */
export const GRID_CHOICES: readonly GridChoice[] = [
  ...NOTE_VALUES.map((value) => ({ label: `1/${value}`, quarters: 4 / value })),
  ...[4, 8, 16].map((value) => ({ label: `1/${value} triplet`, quarters: (4 / value) * (2 / 3) })),
];

export function gridTicks(grid: GridChoice, ppqn: number): number {
  return Math.round(grid.quarters * ppqn);
}

// ---- notes -----------------------------------------------------------------------------------

export interface NewNote {
  pitch: number;
  tick: number;
  dur: number;
  vel: number;
}

/** A note drawn or pasted: its position on the song's bar grid, its duration by name where one fits. */
export function noteOp(trackName: string, note: NewNote, meter: Meter): string {
  return `note ${trackRef(trackName)} ${pitchName(note.pitch)} at:${formatPosition(meter, note.tick)} dur:${durationText(note.dur, meter.ppqn)} vel:${note.vel}`;
}

export function removeNotesOps(ids: readonly string[]): string[] {
  return perChunk(ids, (selector) => `remove ${selector}`);
}

/**
 * The notes `dTick` later (earlier when negative) and `dPitch` semitones up (down): a `move` of
 * each run to where its first note goes, then a `transpose`. Nothing when nothing moves.
 */
export function moveNotesOps(notes: readonly MidiNoteRecord[], dTick: number, dPitch: number, meter: Meter): string[] {
  const ids = notes.map((n) => n.id);
  const startOf = new Map(notes.map((n) => [n.id, n.tick]));
  const ops: string[] = [];
  if (dTick !== 0) {
    ops.push(
      ...perChunk(ids, (selector, chunk) => {
        const first = Math.min(...chunk.map((id) => startOf.get(id)!));
        return `move ${selector} to:${formatPosition(meter, first + dTick)}`;
      }),
    );
  }
  if (dPitch !== 0) ops.push(...transposeOps(ids, dPitch));
  return ops;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

export function transposeOps(ids: readonly string[], semitones: number): string[] {
  return semitones === 0 ? [] : perChunk(ids, (selector) => `transpose ${selector} ${signed(semitones)}`);
}

export function velocityByOps(ids: readonly string[], delta: number): string[] {
  return delta === 0 ? [] : perChunk(ids, (selector) => `velocity ${selector} ${signed(delta)}`);
}

export function velocitySetOps(ids: readonly string[], vel: number): string[] {
  return perChunk(ids, (selector) => `modify ${selector} vel:${vel}`);
}

/** Each note `dDur` ticks longer (shorter when negative), never shorter than `minDur`: one `modify` per note. */
export function resizeNotesOps(notes: readonly MidiNoteRecord[], dDur: number, minDur: number, ppqn: number): string[] {
  if (dDur === 0) return [];
  return notes.map((n) => `modify ${idSelector([n.id])} dur:${durationText(Math.max(minDur, n.dur + dDur), ppqn)}`);
}

export function quantizeOps(ids: readonly string[], gridTicks: number, ppqn: number): string[] {
  return perChunk(ids, (selector) => `quantize ${selector} grid:${durationText(gridTicks, ppqn)}`);
}

// ---- copy and paste ------------------------------------------------------------------------

/** Copied notes, relative to the first one's start. */
export interface NoteClip {
  notes: ReadonlyArray<{ pitch: number; offset: number; dur: number; vel: number }>;
  /** From the first note's start to the last note's end. */
  length: number;
}

export function clipOf(notes: readonly MidiNoteRecord[]): NoteClip | undefined {
  if (notes.length === 0) return undefined;
  const start = Math.min(...notes.map((n) => n.tick));
  const end = Math.max(...notes.map((n) => n.tick + n.dur));
  const sorted = [...notes].sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
  return { notes: sorted.map((n) => ({ pitch: n.pitch, offset: n.tick - start, dur: n.dur, vel: n.vel })), length: end - start };
}

/** The clip's notes as new notes on a track, the first at `tick`. */
export function pasteNotes(clip: NoteClip, tick: number): NewNote[] {
  return clip.notes.map((n) => ({ pitch: n.pitch, tick: tick + n.offset, dur: n.dur, vel: n.vel }));
}

// ---- tracks ----------------------------------------------------------------------------------

export function trackAddOp(name: string, instrument?: string): string {
  return `track add ${trackRef(name)}${instrument ? ` instrument:${instrument}` : ''}`;
}

export function trackRemoveOp(name: string): string {
  return `track remove ${trackRef(name)}`;
}

/** `mute` and `solo` toggle. */
export function toggleOp(verb: 'mute' | 'solo', track: Pick<MidiTrackRecord, 'name'>): string {
  return `${verb} ${trackRef(track.name)}`;
}

/** The track's volume: controller 7 at the start of the song (the core keeps it on the track). */
export function volumeOp(track: Pick<MidiTrackRecord, 'name'>, volume: number): string {
  return `cc ${trackRef(track.name)} volume ${Math.round(volume)}`;
}

export function programOp(track: Pick<MidiTrackRecord, 'name'>, instrument: string): string {
  return `program ${trackRef(track.name)} ${instrument}`;
}

export function titleOp(title: string): string {
  return `title ${quoted(title)}`;
}

/** A track name not yet taken (compared ignoring case): `base`, else base2, base3... */
export function freeTrackName(base: string, taken: Iterable<string>): string {
  return freeAlias(base, new Set([...taken].map((n) => n.toLowerCase())));
}
