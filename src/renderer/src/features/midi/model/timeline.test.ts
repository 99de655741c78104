import { describe, expect, it } from 'vitest';
import {
  barBeatOf,
  beatAtOrAfter,
  formatPosition,
  gridDensity,
  gridLines,
  meterSegments,
  nextGridTick,
  snapTick,
  tickOfBarBeat,
} from './timeline';

const PPQN = 480;
/** 4/4 for two bars, 7/8 for two bars, then 3/4. */
const MIXED = meterSegments(PPQN, [
  { tick: 0, numerator: 4, denominator: 4 },
  { tick: 3840, numerator: 7, denominator: 8 },
  { tick: 3840 + 2 * 1680, numerator: 3, denominator: 4 },
]);

describe('midi timeline: bars and beats across time-signature changes', () => {
  it('numbers the bars of each segment on from the last', () => {
    expect(MIXED.map((s) => [s.tick, s.bar, s.beatTicks, s.barTicks])).toEqual([
      [0, 1, 480, 1920],
      [3840, 3, 240, 1680],
      [7200, 5, 480, 1440],
    ]);
  });

  it('starts in 4/4 without a time signature at tick 0', () => {
    const segments = meterSegments(PPQN, [{ tick: 1920, numerator: 3, denominator: 4 }]);
    expect(segments.map((s) => [s.tick, s.numerator, s.bar])).toEqual([
      [0, 4, 1],
      [1920, 3, 2],
    ]);
  });

  it('a change in the middle of a bar ends that bar short', () => {
    const segments = meterSegments(PPQN, [{ tick: 0, numerator: 4, denominator: 4 }, { tick: 2880, numerator: 3, denominator: 4 }]);
    expect(segments[1].bar).toBe(3);
    expect(formatPosition(segments, 2400)).toBe('2.2');
    expect(formatPosition(segments, 2880)).toBe('3.1');
  });

  it('reads and writes positions M.B and M.B.T', () => {
    expect(formatPosition(MIXED, 0)).toBe('1.1');
    expect(formatPosition(MIXED, 480)).toBe('1.2');
    expect(formatPosition(MIXED, 1920 + 120)).toBe('2.1.120');
    // 7/8: beats are eighths.
    expect(formatPosition(MIXED, 3840)).toBe('3.1');
    expect(formatPosition(MIXED, 3840 + 6 * 240)).toBe('3.7');
    expect(formatPosition(MIXED, 3840 + 1680)).toBe('4.1');
    expect(formatPosition(MIXED, 7200 + 480 * 2 + 10)).toBe('5.3.10');
    for (const tick of [0, 479, 1920, 3840, 5519, 5520, 7199, 7200, 9000, 123_457]) {
      expect(tickOfBarBeat(MIXED, barBeatOf(MIXED, tick))).toBe(tick);
    }
    expect(tickOfBarBeat(MIXED, { bar: 6, beat: 2, tick: 0 })).toBe(7200 + 1440 + 480);
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
