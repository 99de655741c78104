import { describe, expect, it } from 'vitest';
import { barBounds, beatAtOrAfter, formatPosition, gridDensity, gridLines, meterOf, nextGridTick, snapTick } from './timeline';

/** 4/4 for two bars, 7/8 for two bars, then 3/4 (given out of order, as records come). */
const MIXED = meterOf(480, [
  { tick: 3840 + 2 * 1680, numerator: 3, denominator: 4 },
  { tick: 0, numerator: 4, denominator: 4 },
  { tick: 3840, numerator: 7, denominator: 8 },
]);

describe('midi timeline: the grid across time-signature changes', () => {
  it('walks the bars of each time signature on from the last', () => {
    expect(MIXED.segments.map((s) => [s.tick, s.bar, s.beatTicks, s.barTicks])).toEqual([
      [0, 1, 480, 1920],
      [3840, 3, 240, 1680],
      [7200, 5, 480, 1440],
    ]);
    expect(formatPosition(MIXED, 1920 + 120)).toBe('2.1.120');
    expect(formatPosition(MIXED, 3840 + 6 * 240)).toBe('3.7');
    expect(formatPosition(MIXED, 7200 + 480 * 2 + 10.4)).toBe('5.3.10');
    expect(formatPosition(meterOf(480, []), 1920)).toBe('2.1');
  });

  it('bounds bars, a bar cut short by the next time signature included', () => {
    expect(barBounds(MIXED, 4000)).toEqual({ start: 3840, end: 5520 });
    const cut = meterOf(480, [{ tick: 0, numerator: 4, denominator: 4 }, { tick: 2880, numerator: 3, denominator: 4 }]);
    expect(barBounds(cut, 2000)).toEqual({ start: 1920, end: 2880 });
    expect(formatPosition(cut, 2880)).toBe('3.1');
  });

  it('snaps to the grid counted from each bar line', () => {
    // Quarter grid in 7/8 (bar 3): 3840, 4320, 4800, 5280, then the bar line 5520.
    expect(snapTick(MIXED, 3840 + 500, 480)).toBe(4320);
    expect(snapTick(MIXED, 5450, 480)).toBe(5520);
    expect(snapTick(MIXED, 5300, 480)).toBe(5280);
    expect(snapTick(MIXED, 5500, 480, 'floor')).toBe(5280);
    expect(snapTick(MIXED, 5520 + 10, 480, 'floor')).toBe(5520);
    expect(snapTick(MIXED, 100, 120)).toBe(120);
    expect(snapTick(MIXED, -50, 120)).toBe(0);
    expect(nextGridTick(MIXED, 5280, 480)).toBe(5520);
    expect(nextGridTick(MIXED, 0, 480)).toBe(480);
    expect(beatAtOrAfter(MIXED, 960)).toBe(960);
    expect(beatAtOrAfter(MIXED, 961)).toBe(1440);
    expect(beatAtOrAfter(MIXED, 3840 + 10)).toBe(3840 + 240);
  });

  it('lists the grid lines of a window once each, at their strongest level', () => {
    const lines = gridLines(MIXED, 3600, 4400, { barEvery: 1, beats: true, step: 120 });
    expect(lines.map((l) => `${l.tick}:${l.level}${l.bar ?? ''}`)).toEqual([
      '3600:step',
      '3720:step',
      '3840:bar3',
      '3960:step',
      '4080:beat',
      '4200:step',
      '4320:beat',
    ]);
    // A step coarser than the beat adds nothing: beats are drawn.
    expect(gridLines(MIXED, 0, 1919, { barEvery: 1, beats: true, step: 960 }).map((l) => l.tick)).toEqual([0, 480, 960, 1440]);
    // Zoomed far out: every other bar, nothing finer.
    const sparse = gridLines(MIXED, 0, 10_080, { barEvery: 2, beats: false, step: 0 });
    expect(sparse.map((l) => l.bar)).toEqual([1, 3, 5, 7]);
  });

  it('draws fewer lines the further out the view is zoomed', () => {
    expect(gridDensity(MIXED, 0.1, 120)).toEqual({ barEvery: 1, beats: true, step: 120 });
    expect(gridDensity(MIXED, 0.02, 120)).toEqual({ barEvery: 1, beats: false, step: 0 });
    expect(gridDensity(MIXED, 0.002, 120).barEvery).toBeGreaterThan(1);
  });
});
