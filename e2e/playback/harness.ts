/**
 * A page that runs the studio's real player (createPlayer) on a live song the test edits, with the
 * real browser API client fetching the SoundFont from the core, and listens to its output with an
 * AnalyserNode. Built with Vite by e2e/support/playback-harness.ts and served on the core's origin
 * under its CSP, as the studio page is.
 */
import type { MidiRecord } from '../../src/shared/midi-records';
import { createWebSocketApi } from '../../src/renderer/src/api/ws-api';
import { createPlayer } from '../../src/renderer/src/features/midi/playback/player';
import type { Player, SongSource } from '../../src/renderer/src/features/midi/playback/player-api';

/** Output loudness over audio time, sampled every few milliseconds. */
interface LevelSample {
  time: number;
  rms: number;
  playing: boolean;
  tick: number;
}

class LiveSong implements SongSource {
  private list: MidiRecord[] = [];
  private revision = 0;
  records(): Iterable<MidiRecord> {
    return this.list;
  }
  version(): number {
    return this.revision;
  }
  set(records: MidiRecord[]): void {
    this.list = records;
    this.revision++;
  }
}

const song = new LiveSong();
let player: Player | undefined;
let analyser: AnalyserNode | undefined;
let audio: AudioContext | undefined;
const levels: LevelSample[] = [];
/** When a note was first heard after an edit, for the benchmark (performance.now()). */
let firstSoundAt: number | undefined;

function sampleLevel(): void {
  if (!analyser || !audio || !player) return;
  const buffer = new Float32Array(analyser.fftSize);
  analyser.getFloatTimeDomainData(buffer);
  let sum = 0;
  for (const v of buffer) sum += v * v;
  const rms = Math.sqrt(sum / buffer.length);
  if (rms > 0.001 && firstSoundAt === undefined) firstSoundAt = performance.now();
  const state = player.getState();
  levels.push({ time: audio.currentTime, rms, playing: state.playing, tick: state.tick });
}

const harness = {
  /** Creates the player on `records` and waits until its SoundFont is loaded. */
  async load(token: string, records: MidiRecord[], options: { soundFont?: string } = {}): Promise<void> {
    song.set(records);
    const api = createWebSocketApi({ url: `ws://${location.host}/api`, token });
    player = createPlayer(song, {
      fetchSoundFont: (path) => api.soundFont(path ?? options.soundFont),
      onOutput(output, context) {
        audio = context;
        analyser = context.createAnalyser();
        analyser.fftSize = 256;
        output.connect(analyser);
      },
    });
    setInterval(sampleLevel, 5);
    await new Promise<void>((resolve, reject) => {
      const check = (state = player!.getState()) => {
        if (state.ready) resolve();
        else if (state.error) reject(new Error(state.error));
      };
      player!.subscribe(check);
      check();
    });
  },
  /** Starts playing; answers the audio time it was called at and how long play() took. */
  async play(fromTick?: number): Promise<{ at: number; playMs: number }> {
    firstSoundAt = undefined;
    const started = performance.now();
    const at = audio!.currentTime;
    await player!.play(fromTick);
    return { at, playMs: performance.now() - started };
  },
  /** Milliseconds from `since` (performance.now()) to the first sound heard, once there is one. */
  async firstSoundAfter(since: number, timeoutMs = 2000): Promise<number | undefined> {
    const deadline = performance.now() + timeoutMs;
    while (firstSoundAt === undefined && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    return firstSoundAt === undefined ? undefined : firstSoundAt - since;
  },
  now: () => performance.now(),
  edit(records: MidiRecord[]): void {
    song.set(records);
  },
  pause: () => player!.pause(),
  stop: () => player!.stop(),
  setLoop: (startTick: number, endTick: number) => player!.setLoop({ startTick, endTick }),
  state: () => player!.getState(),
  audioTime: () => audio!.currentTime,
  levels: (since = 0) => levels.filter((l) => l.time >= since),
};

declare global {
  interface Window {
    playback: typeof harness;
  }
}
window.playback = harness;
