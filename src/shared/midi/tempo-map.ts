/**
 * The song's clock: ticks ↔ seconds across the tempo changes of the song (its tempo records). The
 * renderer's player and the core's offline render both time their events with it. Pure.
 */

/** The tempo of a song without a tempo record at tick 0 (the Standard MIDI File default). */
export const DEFAULT_BPM = 120;

export interface TempoChange {
  tick: number;
  /** Quarter notes per minute. */
  bpm: number;
}

/** From `tick` on (until the next segment) the tempo is `bpm`; `seconds` is when `tick` sounds. */
export interface TempoSegment extends TempoChange {
  seconds: number;
  secondsPerTick: number;
}

/** Index of the last item whose `key` is <= value (-1 if none); `items` sorted by key. */
function lastAtOrBefore<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]) <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class TempoMap {
  /** Sorted by tick; the first one is at tick 0. */
  readonly segments: readonly TempoSegment[];

  /** `changes` in any order; of two at the same tick the later one in the list wins. */
  constructor(
    readonly ppqn: number,
    changes: Iterable<TempoChange>,
  ) {
    if (!(ppqn > 0)) throw new RangeError(`ppqn must be positive, got ${ppqn}`);
    const byTick = new Map<number, number>();
    for (const change of changes) if (change.bpm > 0 && change.tick >= 0) byTick.set(change.tick, change.bpm);
    if (!byTick.has(0)) byTick.set(0, DEFAULT_BPM);
    const segments: TempoSegment[] = [];
    let seconds = 0;
    for (const tick of [...byTick.keys()].sort((a, b) => a - b)) {
      const previous = segments[segments.length - 1];
      if (previous) seconds += (tick - previous.tick) * previous.secondsPerTick;
      const bpm = byTick.get(tick)!;
      segments.push({ tick, bpm, seconds, secondsPerTick: 60 / (bpm * ppqn) });
    }
    this.segments = segments;
  }

  /** The segment in force at `tick` (the first one for ticks before 0). */
  segmentAt(tick: number): TempoSegment {
    return this.segments[Math.max(0, lastAtOrBefore(this.segments, tick, (s) => s.tick))];
  }

  bpmAt(tick: number): number {
    return this.segmentAt(tick).bpm;
  }

  /** When `tick` sounds, in seconds from tick 0. */
  secondsAt(tick: number): number {
    const segment = this.segmentAt(tick);
    return segment.seconds + (tick - segment.tick) * segment.secondsPerTick;
  }

  /** The (fractional) tick sounding `seconds` after tick 0. */
  tickAt(seconds: number): number {
    const segment = this.segments[Math.max(0, lastAtOrBefore(this.segments, seconds, (s) => s.seconds))];
    return segment.tick + (seconds - segment.seconds) / segment.secondsPerTick;
  }

  /** Tempo changes at ticks in [fromTick, toTick). */
  changesIn(fromTick: number, toTick: number): TempoSegment[] {
    return this.segments.filter((s) => s.tick >= fromTick && s.tick < toTick);
  }
}
