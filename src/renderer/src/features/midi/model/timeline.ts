/**
 * The song's time grid as the piano roll draws and snaps to it, on the core's own bar walk
 * (main/domains/midi/meter.ts: a beat is `ppqn*4/denominator` ticks, each time signature starts a
 * bar, one that falls inside a bar cuts that bar short), so a position the view writes into an op
 * is the one the core reads back. Here: bar bounds, snapping to a grid counted from each bar line,
 * and the grid lines of a window at a density that suits the zoom.
 */
import { Meter, type MeterSegment } from '../../../../../shared/midi/meter';
import type { MidiTimeSigRecord } from '../../../../../shared/midi/records';

/** The song's meter from its time-signature records, in any order. */
export function meterOf(ppqn: number, signatures: Iterable<Pick<MidiTimeSigRecord, 'tick' | 'numerator' | 'denominator'>>): Meter {
  const sorted = [...signatures].sort((a, b) => a.tick - b.tick).map(({ tick, numerator, denominator }) => ({ tick, numerator, denominator }));
  return new Meter(ppqn, sorted);
}

/** `M.B`, or `M.B.T` when the tick is not on a beat (as the core writes positions). */
export function formatPosition(meter: Meter, tick: number): string {
  return meter.format(Math.max(0, Math.round(tick)));
}

/** Where the segment after `segment` starts; Infinity after the last. */
function segmentEnd(meter: Meter, segment: MeterSegment): number {
  return meter.segments[meter.segments.indexOf(segment) + 1]?.tick ?? Number.POSITIVE_INFINITY;
}

/** Where the bar holding `tick` starts, and where the next bar does. */
export function barBounds(meter: Meter, tick: number): { start: number; end: number } {
  const segment = meter.segmentAt(tick);
  const start = segment.tick + Math.floor(Math.max(0, tick - segment.tick) / segment.barTicks) * segment.barTicks;
  return { start, end: Math.min(start + segment.barTicks, segmentEnd(meter, segment)) };
}

/**
 * The grid point nearest to `tick` (or the one at or before it, with `floor`), counting steps of
 * `step` ticks from the start of its bar: in 7/8 with a quarter-note grid the last step of a bar is
 * short, and the next bar starts on the grid again.
 */
export function snapTick(meter: Meter, tick: number, step: number, mode: 'round' | 'floor' = 'round'): number {
  if (tick <= 0) return 0;
  const { start, end } = barBounds(meter, tick);
  const steps = (tick - start) / step;
  const snapped = start + (mode === 'round' ? Math.round(steps) : Math.floor(steps)) * step;
  if (mode === 'round' && end - tick < Math.abs(snapped - tick)) return end;
  return Math.min(snapped, end);
}

/** The grid point after `tick` (a step on, or the next bar line if that comes first). */
export function nextGridTick(meter: Meter, tick: number, step: number): number {
  const { start, end } = barBounds(meter, tick);
  return Math.min(start + (Math.floor((tick - start) / step) + 1) * step, end);
}

/** The first beat at or after `tick`. */
export function beatAtOrAfter(meter: Meter, tick: number): number {
  const beat = meter.beatTicksAt(tick);
  const before = snapTick(meter, tick, beat, 'floor');
  return before === tick ? tick : nextGridTick(meter, before, beat);
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
export function gridLines(meter: Meter, fromTick: number, toTick: number, density: GridDensity): GridLine[] {
  const lines: GridLine[] = [];
  for (const segment of meter.segments) {
    const end = segmentEnd(meter, segment);
    if (end <= fromTick || segment.tick > toTick) continue;
    const firstBar = Math.max(0, Math.floor((fromTick - segment.tick) / segment.barTicks));
    for (let i = firstBar; ; i++) {
      const barStart = segment.tick + i * segment.barTicks;
      if (barStart >= end || barStart > toTick) break;
      const bar = segment.bar + i;
      if (barStart >= fromTick && (bar - 1) % density.barEvery === 0) lines.push({ tick: barStart, level: 'bar', bar });
      if (density.barEvery > 1) continue;
      const barEnd = Math.min(barStart + segment.barTicks, end);
      const finest = density.step > 0 && density.step < segment.beatTicks ? density.step : density.beats ? segment.beatTicks : 0;
      if (!finest) continue;
      for (let t = barStart + finest; t < barEnd && t <= toTick; t += finest) {
        if (t < fromTick) continue;
        const onBeat = (t - barStart) % segment.beatTicks === 0;
        if (onBeat && density.beats) lines.push({ tick: t, level: 'beat' });
        else if (!onBeat) lines.push({ tick: t, level: 'step' });
      }
    }
  }
  return lines;
}

/** How dense a grid can be drawn at `pxPerTick` without lines closer than `minGapPx`. */
export function gridDensity(meter: Meter, pxPerTick: number, step: number, minGapPx = 6): GridDensity {
  const shortestBeat = Math.min(...meter.segments.map((s) => s.beatTicks));
  const shortestBar = Math.min(...meter.segments.map((s) => s.barTicks));
  const beats = shortestBeat * pxPerTick >= minGapPx;
  let barEvery = 1;
  while (shortestBar * barEvery * pxPerTick < minGapPx * 2) barEvery *= 2;
  return { barEvery, beats: beats && barEvery === 1, step: beats && step * pxPerTick >= minGapPx ? step : 0 };
}
