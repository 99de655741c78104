import { describe, expect, it } from 'vitest';
import { SynthClock } from './synth-clock';

describe('SynthClock', () => {
  it('takes the least delayed recent message as the lag, and maps context time onto the synth', () => {
    const clock = new SynthClock();
    expect(clock.toSynth(5)).toBe(5);
    // Messages spend 1-4 ms in transit; the synth is 150 ms behind.
    clock.observe(10.004, 9.85);
    clock.observe(10.051, 9.9);
    clock.observe(10.102, 9.95);
    expect(clock.lag).toBeCloseTo(0.151, 9);
    expect(clock.toSynth(11)).toBeCloseTo(10.849, 9);
  });

  it('follows a new stall once the older, smaller lags have left the window', () => {
    const clock = new SynthClock();
    clock.observe(1, 0.99);
    clock.observe(1.2, 0.99); // the synth stalled for 0.2 s
    expect(clock.lag).toBeCloseTo(0.01, 9);
    clock.observe(1.7, 1.49);
    expect(clock.lag).toBeCloseTo(0.21, 9);
  });

  it('never runs ahead of the context', () => {
    const clock = new SynthClock();
    clock.observe(2, 2.001);
    expect(clock.lag).toBe(0);
  });
});
