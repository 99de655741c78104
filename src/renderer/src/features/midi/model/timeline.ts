/**
 * The song's time grid (midi-reference.md, "Values"): ticks to bars and beats and back, across
 * time-signature changes. A beat is `ppqn*4/denominator` ticks; a bar is `numerator` beats; each
 * time signature starts a new bar (a change in the middle of a bar ends that bar short). Positions
 * read `M.B` or `M.B.T`, 1-based, `1.1` being tick 0.
 */

export interface TimeSignature {
  tick: number;
  numerator: number;
  denominator: number;
}

/** A stretch of the song under one time signature. */
export interface MeterSegment {
  /** Where it starts (always a bar line). */
  tick: number;
  /** Where the next one starts; Infinity for the last. */
  endTick: number;
  numerator: number;
  denominator: number;
  beatTicks: number;
  barTicks: number;
  /** The 1-based number of its first bar. */
  bar: number;
}

export interface BarBeat {
  bar: number;
  beat: number;
  /** Ticks past the beat. */
  tick: number;
}

export const DEFAULT_PPQN = 480;
const FOUR_FOUR = { numerator: 4, denominator: 4 };

/**
 * The segments of the time grid, in order from tick 0. Without a time signature at tick 0 the song
 * starts in 4/4; of several at one tick the last one counts.
 */
export function meterSegments(ppqn: number, signatures: Iterable<TimeSignature>): MeterSegment[] {
  const byTick = new Map<number, TimeSignature>();
  for (const sig of [...signatures].sort((a, b) => a.tick - b.tick)) byTick.set(Math.max(0, sig.tick), sig);
  if (!byTick.has(0)) byTick.set(0, { tick: 0, ...FOUR_FOUR });
  const starts = [...byTick.keys()].sort((a, b) => a - b);
  const segments: MeterSegment[] = [];
  let bar = 1;
  starts.forEach((tick, i) => {
    const sig = byTick.get(tick)!;
    const beatTicks = (ppqn * 4) / sig.denominator;
    const barTicks = beatTicks * sig.numerator;
    const endTick = i + 1 < starts.length ? starts[i + 1] : Number.POSITIVE_INFINITY;
    segments.push({ tick, endTick, numerator: sig.numerator, denominator: sig.denominator, beatTicks, barTicks, bar });
    if (Number.isFinite(endTick)) bar += Math.ceil((endTick - tick) / barTicks);
  });
  return segments;
}

/** The segment holding `tick` (ticks before 0 count as in the first). */
export function segmentAt(segments: readonly MeterSegment[], tick: number): MeterSegment {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid].tick <= tick) lo = mid;
    else hi = mid - 1;
  }
  return segments[lo];
}

/** Where the bar holding `tick` starts, and where the next bar does. */
export function barBounds(segments: readonly MeterSegment[], tick: number): { start: number; end: number } {
  const seg = segmentAt(segments, tick);
  const start = seg.tick + Math.floor(Math.max(0, tick - seg.tick) / seg.barTicks) * seg.barTicks;
  return { start, end: Math.min(start + seg.barTicks, seg.endTick) };
}

export function barBeatOf(segments: readonly MeterSegment[], tick: number): BarBeat {
  const seg = segmentAt(segments, tick);
  const into = Math.max(0, tick - seg.tick);
  const barIndex = Math.floor(into / seg.barTicks);
  const inBar = into - barIndex * seg.barTicks;
  const beatIndex = Math.floor(inBar / seg.beatTicks);
  return { bar: seg.bar + barIndex, beat: beatIndex + 1, tick: inBar - beatIndex * seg.beatTicks };
}

/** The tick of a bar, beat and offset (1-based bar and beat). */
export function tickOfBarBeat(segments: readonly MeterSegment[], position: BarBeat): number {
  let seg = segments[0];
  for (const candidate of segments) if (candidate.bar <= position.bar) seg = candidate;
  return seg.tick + (position.bar - seg.bar) * seg.barTicks + (position.beat - 1) * seg.beatTicks + position.tick;
}

/** `M.B`, or `M.B.T` when the tick is not on a beat (as the core displays positions). */
export function formatPosition(segments: readonly MeterSegment[], tick: number): string {
  const { bar, beat, tick: offset } = barBeatOf(segments, Math.round(tick));
  return offset ? `${bar}.${beat}.${offset}` : `${bar}.${beat}`;
}

/**
 * The grid point nearest to `tick` (or the one at or before it, with `floor`), counting steps of
 * `step` ticks from the start of its bar: in 7/8 with a quarter-note grid the last step of a bar is
 * short, and the next bar starts on the grid again.
 */
export function snapTick(segments: readonly MeterSegment[], tick: number, step: number, mode: 'round' | 'floor' = 'round'): number {
  if (tick <= 0) return 0;
  const { start, end } = barBounds(segments, tick);
  const steps = (tick - start) / step;
  const snapped = start + (mode === 'round' ? Math.round(steps) : Math.floor(steps)) * step;
  if (mode === 'round' && end - tick < Math.abs(snapped - tick)) return end;
  return Math.min(snapped, end);
}

/** The grid point after `tick` (a step on, or the next bar line if that comes first). */
export function nextGridTick(segments: readonly MeterSegment[], tick: number, step: number): number {
  const { start, end } = barBounds(segments, tick);
  const next = start + (Math.floor((tick - start) / step) + 1) * step;
  return Math.min(next, end);
}

/** The first beat at or after `tick`. */
export function beatAtOrAfter(segments: readonly MeterSegment[], tick: number): number {
  const beat = segmentAt(segments, tick).beatTicks;
  const before = snapTick(segments, tick, beat, 'floor');
  return before === tick ? tick : nextGridTick(segments, before, beat);
}

export type GridLineLevel = 'bar' | 'beat' | 'step';

export interface GridLine {
  tick: number;
  level: GridLineLevel;
  /** The bar number, on bar lines. */
  bar?: number;
}

export interface GridDensity {
  /** Every how many bars a bar line is drawn (1: all). */
  barEvery: number;
  beats: boolean;
  /** Ticks between step lines; 0: none. */
  step: number;
}

/** The lines of the grid between two ticks, each once, at its strongest level. */
export function gridLines(segments: readonly MeterSegment[], fromTick: number, toTick: number, density: GridDensity): GridLine[] {
  const lines: GridLine[] = [];
  for (const seg of segments) {
    if (seg.endTick <= fromTick || seg.tick > toTick) continue;
    const firstBar = Math.max(0, Math.floor((fromTick - seg.tick) / seg.barTicks));
    for (let i = firstBar; ; i++) {
      const barStart = seg.tick + i * seg.barTicks;
      if (barStart >= seg.endTick || barStart > toTick) break;
      const bar = seg.bar + i;
      if (barStart >= fromTick && (bar - 1) % density.barEvery === 0) lines.push({ tick: barStart, level: 'bar', bar });
      if (density.barEvery > 1) continue;
      const barEnd = Math.min(barStart + seg.barTicks, seg.endTick);
      const finest = density.step > 0 && density.step < seg.beatTicks ? density.step : density.beats ? seg.beatTicks : 0;
      if (!finest) continue;
      for (let t = barStart + finest; t < barEnd && t <= toTick; t += finest) {
        if (t < fromTick) continue;
        const onBeat = (t - barStart) % seg.beatTicks === 0;
        if (onBeat && density.beats) lines.push({ tick: t, level: 'beat' });
        else if (!onBeat) lines.push({ tick: t, level: 'step' });
      }
    }
  }
  return lines;
}

/** How dense a grid can be drawn at `pxPerTick` without lines closer than `minGapPx`. */
export function gridDensity(segments: readonly MeterSegment[], pxPerTick: number, step: number, minGapPx = 6): GridDensity {
  const shortestBeat = Math.min(...segments.map((s) => s.beatTicks));
  const shortestBar = Math.min(...segments.map((s) => s.barTicks));
  const beats = shortestBeat * pxPerTick >= minGapPx;
  let barEvery = 1;
  while (shortestBar * barEvery * pxPerTick < minGapPx * 2) barEvery *= 2;
  return { barEvery, beats: beats && barEvery === 1, step: beats && step * pxPerTick >= minGapPx ? step : 0 };
}
