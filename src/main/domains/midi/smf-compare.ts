/**
 * Two Standard MIDI Files compared event by event with an independent reader (the `midi-file`
 * package's parseMidi, not the studio's reader): format, division, track count, and per track the
 * events at their absolute ticks with their channels and data, in order. Running status and delta
 * encoding are not compared (they are encoding details); a note-on of velocity 0 and a note-off
 * stay different events. For the round-trip tests and the bench.
 */
import { type MidiEvent, parseMidi } from 'midi-file';

/** One event as a line: `480 noteOn ch1 noteNumber=60 velocity=80`. */
export function eventLine(tick: number, event: MidiEvent): string {
  const { deltaTime: _delta, running: _running, type, channel, meta: _meta, ...fields } = event as MidiEvent & Record<string, unknown>;
  const data = Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${ArrayBuffer.isView(value) || Array.isArray(value) ? Array.from(value as ArrayLike<number>).join(',') : String(value)}`);
  return [tick, type, channel === undefined ? '' : `ch${Number(channel) + 1}`, ...data].filter((part) => part !== '').join(' ');
}

/** Each track's events as lines, in file order. */
export function eventLines(bytes: Uint8Array): { format: number; division: number | undefined; tracks: string[][] } {
  const parsed = parseMidi(bytes);
  const tracks = parsed.tracks.map((events) => {
    let tick = 0;
    return events.map((event) => eventLine((tick += event.deltaTime), event));
  });
  return { format: parsed.header.format, division: parsed.header.ticksPerBeat, tracks };
}

export interface TrackDifference {
  track: number;
  /** Events only in the second file, and only in the first (as lines). */
  added: string[];
  removed: string[];
  /** The events both have are in another order. */
  reordered: boolean;
}

export interface FileDifference {
  header: string[];
  tracks: TrackDifference[];
}

function countLines(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

function minus(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [line, n] of a) for (let i = b.get(line) ?? 0; i < n; i++) out.push(line);
  return out;
}

/** `lines` without one occurrence of each of `dropped`: the first ones, or with `fromEnd` the last ones. */
function without(lines: readonly string[], dropped: readonly string[], fromEnd: boolean): string[] {
  const drop = countLines(dropped);
  const walk = fromEnd ? [...lines].reverse() : lines;
  const kept = walk.filter((line) => {
    const n = drop.get(line);
    if (!n) return true;
    drop.set(line, n - 1);
    return false;
  });
  return fromEnd ? kept.reverse() : kept;
}

/** Whether the events `before` keeps are in `after` in the same order (the added ones anywhere between). */
function keepsOrder(before: readonly string[], after: readonly string[], removed: readonly string[]): boolean {
  // Identical events (one tick, one kind, same data) cannot be told apart: either occurrence may be the removed one.
  return [false, true].some((fromEnd) => {
    const kept = without(before, removed, fromEnd);
    let i = 0;
    for (const line of after) if (i < kept.length && line === kept[i]) i++;
    return i === kept.length;
  });
}

/** What differs between `before` and `after`; empty header and tracks when they mean the same. */
export function compareMidiFiles(before: Uint8Array, after: Uint8Array): FileDifference {
  const a = eventLines(before);
  const b = eventLines(after);
  const header: string[] = [];
  if (a.format !== b.format) header.push(`format ${a.format} -> ${b.format}`);
  if (a.division !== b.division) header.push(`division ${a.division} -> ${b.division}`);
  if (a.tracks.length !== b.tracks.length) header.push(`tracks ${a.tracks.length} -> ${b.tracks.length}`);
  const tracks: TrackDifference[] = [];
  for (let t = 0; t < Math.max(a.tracks.length, b.tracks.length); t++) {
    const x = a.tracks[t] ?? [];
    const y = b.tracks[t] ?? [];
    if (x.length === y.length && x.every((line, i) => line === y[i])) continue;
    const cx = countLines(x);
    const cy = countLines(y);
    const added = minus(cy, cx);
    const removed = minus(cx, cy);
    tracks.push({ track: t, added, removed, reordered: !keepsOrder(x, y, removed) });
  }
  return { header, tracks };
}

/** A difference in a few lines, for a failing test's message. */
export function describeDifference(diff: FileDifference, limit = 6): string {
  const lines = [...diff.header];
  for (const t of diff.tracks) {
    if (t.reordered) lines.push(`track ${t.track}: the events both files have are in another order`);
    for (const line of t.added.slice(0, limit)) lines.push(`track ${t.track}: + ${line}`);
    for (const line of t.removed.slice(0, limit)) lines.push(`track ${t.track}: - ${line}`);
    const more = t.added.length + t.removed.length - Math.min(limit, t.added.length) - Math.min(limit, t.removed.length);
    if (more > 0) lines.push(`track ${t.track}: ... and ${more} more`);
  }
  return lines.join('\n');
}
