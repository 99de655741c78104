/**
 * Bars and beats over the song's time signatures: `M.B.T` <-> ticks. A beat is
 * `ppqn * 4 / denominator` ticks, a bar `numerator` beats; each time signature starts a new bar at
 * its tick (one that falls inside a bar cuts that bar short), so the bar walk follows every change.
 */
export interface TimeSig {
  tick: number;
  numerator: number;
  denominator: number;
}

export interface MeterSegment extends TimeSig {
  /** Number of the bar that starts at `tick`. */
  bar: number;
  beatTicks: number;
  barTicks: number;
}

export interface BarBeat {
  bar: number;
  beat: number;
  /** Ticks after the beat. */
  offset: number;
}

export class Meter {
  readonly segments: MeterSegment[] = [];

  /** `timesigs` sorted by tick; 4/4 applies before the first one (a song always has one at tick 0). */
  constructor(
    readonly ppqn: number,
    timesigs: readonly TimeSig[],
  ) {
    const sigs = timesigs.length && timesigs[0].tick === 0 ? timesigs : [{ tick: 0, numerator: 4, denominator: 4 }, ...timesigs];
    for (const sig of sigs) {
      const beatTicks = (ppqn * 4) / sig.denominator;
      const prev = this.segments.at(-1);
      if (prev && sig.tick === prev.tick) this.segments.pop();
      const last = this.segments.at(-1);
      const bar = last ? last.bar + Math.ceil((sig.tick - last.tick) / last.barTicks) : 1;
      this.segments.push({ ...sig, bar, beatTicks, barTicks: beatTicks * sig.numerator });
    }
  }

  /** The segment in force at `tick`. */
  segmentAt(tick: number): MeterSegment {
    const segs = this.segments;
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid].tick <= tick) lo = mid;
      else hi = mid - 1;
    }
    return segs[lo];
  }

  /** The segment bar `bar` belongs to. */
  segmentOfBar(bar: number): MeterSegment {
    let found = this.segments[0];
    for (const seg of this.segments) {
      if (seg.bar > bar) break;
      found = seg;
    }
    return found;
  }

  /** First tick of bar `bar` (1-based). */
  barStart(bar: number): number {
    const seg = this.segmentOfBar(bar);
    return seg.tick + (bar - seg.bar) * seg.barTicks;
  }

  /** Ticks in bar `bar` (a bar cut short by the next time signature is shorter). */
  barLength(bar: number): number {
    const start = this.barStart(bar);
    const seg = this.segmentOfBar(bar);
    const next = this.segments[this.segments.indexOf(seg) + 1];
    return next ? Math.min(seg.barTicks, next.tick - start) : seg.barTicks;
  }

  positionOf(tick: number): BarBeat {
    const seg = this.segmentAt(tick);
    const rel = tick - seg.tick;
    const barIndex = Math.floor(rel / seg.barTicks);
    const within = rel - barIndex * seg.barTicks;
    const beatIndex = Math.floor(within / seg.beatTicks);
    return { bar: seg.bar + barIndex, beat: beatIndex + 1, offset: Math.round(within - beatIndex * seg.beatTicks) };
  }

  /** `M.B`, or `M.B.T` when the tick is off the beat. */
  format(tick: number): string {
    const { bar, beat, offset } = this.positionOf(tick);
    return offset ? `${bar}.${beat}.${offset}` : `${bar}.${beat}`;
  }

  /** Ticks of the beat at `tick`. */
  beatTicksAt(tick: number): number {
    return this.segmentAt(tick).beatTicks;
  }

  /** How many bars the first `tick` ticks span (a partly used bar counts). */
  barsIn(tick: number): number {
    if (tick <= 0) return 0;
    const { bar, beat, offset } = this.positionOf(tick);
    return beat === 1 && offset === 0 ? bar - 1 : bar;
  }
}
