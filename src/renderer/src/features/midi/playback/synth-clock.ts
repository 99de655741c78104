/**
 * The SoundFont synth's own clock. Its AudioWorklet processor counts the samples it renders, so
 * whenever the audio thread misses its deadlines (a busy machine, a sample being decoded) it falls
 * behind the AudioContext's clock for good, and an event timed in context time would sound that
 * much late. The processor stamps the messages it posts with its clock; the smallest difference
 * seen lately (the one least delayed in transit) is the lag to take off every event's time.
 */

/** How long an observation counts, in context seconds. */
const WINDOW_SECONDS = 0.5;

export class SynthClock {
  private readonly observations: { at: number; lag: number }[] = [];
  private current = 0;

  /** The synth's clock read `synthTime` in a message that arrived when the context read `contextTime`. */
  observe(contextTime: number, synthTime: number): void {
    this.observations.push({ at: contextTime, lag: contextTime - synthTime });
    while (this.observations.length > 1 && this.observations[0].at < contextTime - WINDOW_SECONDS) this.observations.shift();
    this.current = Math.max(0, Math.min(...this.observations.map((o) => o.lag)));
  }

  /** How far the synth's clock is behind the context's, in seconds. */
  get lag(): number {
    return this.current;
  }

  /** The synth's time for the context time `time`. */
  toSynth(time: number): number {
    return time - this.current;
  }
}
