/**
 * What the Music view asks of playback. The player reads the song live from the view's store (the
 * same read model the piano roll draws), a short look-ahead at a time, so an edit made during
 * playback, by the AI or the person, is heard the next time the playhead reaches it.
 */
import type { MidiRecord } from '../../../../../shared/midi/records';

export interface SongSource {
  /** The song as the view holds it now. */
  records(): Iterable<MidiRecord>;
  /** Changes whenever the song does, so the player can keep an index of it between changes. */
  version(): number;
}

export interface LoopRegion {
  startTick: number;
  endTick: number;
}

export interface PlaybackState {
  /** The SoundFont is loaded and the audio context may start. */
  ready: boolean;
  playing: boolean;
  /** Where the playhead is, in ticks. */
  tick: number;
  loop: LoopRegion | null;
  metronome: boolean;
  /** Why playback cannot run (no audio output, a SoundFont that failed to load), if so. */
  error?: string;
}

export interface Player {
  /** Starts (or resumes) at `fromTick`, or where the playhead is. Must follow a user gesture in browsers. */
  play(fromTick?: number): Promise<void>;
  /** Stops where it is; every sounding note is silenced. */
  pause(): void;
  /** Stops and goes back to the start (or the loop's start); every sounding note is silenced. */
  stop(): void;
  seek(tick: number): void;
  setLoop(loop: LoopRegion | null): void;
  setMetronome(on: boolean): void;
  getState(): PlaybackState;
  subscribe(listener: (state: PlaybackState) => void): () => void;
  dispose(): void;
}
