import { describe, expect, it } from 'vitest';
import { DEFAULT_BPM, TempoMap } from './tempo-map';

describe('TempoMap', () => {
  it('is 120 bpm without tempo records: a quarter note at ppqn 480 lasts half a second', () => {
    const map = new TempoMap(480, []);
    expect(map.bpmAt(0)).toBe(DEFAULT_BPM);
    expect(map.secondsAt(480)).toBeCloseTo(0.5, 9);
    expect(map.tickAt(2)).toBeCloseTo(1920, 9);
  });

  it('follows tempo changes: 120 bpm for a bar, then 60 bpm', () => {
    const map = new TempoMap(480, [
      { tick: 0, bpm: 120 },
      { tick: 1920, bpm: 60 },
    ]);
    expect(map.secondsAt(1920)).toBeCloseTo(2, 9);
    // One beat later at 60 bpm: one more second.
    expect(map.secondsAt(2400)).toBeCloseTo(3, 9);
    expect(map.tickAt(3)).toBeCloseTo(2400, 9);
    expect(map.tickAt(1)).toBeCloseTo(960, 9);
    expect(map.bpmAt(1919)).toBe(120);
    expect(map.bpmAt(1920)).toBe(60);
  });

  it('round-trips ticks through seconds across several changes, in any record order', () => {
    const map = new TempoMap(96, [
      { tick: 500, bpm: 90 },
      { tick: 0, bpm: 140 },
      { tick: 1200, bpm: 200 },
    ]);
    for (const tick of [0, 1, 499, 500, 777, 1200, 5000]) expect(map.tickAt(map.secondsAt(tick))).toBeCloseTo(tick, 6);
    expect(map.secondsAt(500)).toBeCloseTo((500 * 60) / (140 * 96), 9);
  });

  it('starts at 120 bpm when the first tempo record comes later, and the later of two at one tick wins', () => {
    const map = new TempoMap(480, [
      { tick: 960, bpm: 100 },
      { tick: 960, bpm: 240 },
    ]);
    expect(map.secondsAt(960)).toBeCloseTo(1, 9);
    expect(map.secondsAt(1440)).toBeCloseTo(1.25, 9);
  });

  it('lists the changes inside a tick range', () => {
    const map = new TempoMap(480, [
      { tick: 0, bpm: 120 },
      { tick: 1000, bpm: 90 },
      { tick: 2000, bpm: 60 },
    ]);
    expect(map.changesIn(1, 2000).map((s) => s.tick)).toEqual([1000]);
    expect(map.changesIn(0, 2001).map((s) => s.bpm)).toEqual([120, 90, 60]);
  });
});
