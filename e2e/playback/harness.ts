/**
 * A page that runs the studio's real player (createPlayer) on a live song the test edits, with the
 * real browser API client fetching the SoundFont from the core, and listens to its output with a
 * level meter on the audio thread (level-meter.js). Built with Vite by e2e/support/playback-harness.ts
 * and served on the core's origin under its CSP, as the studio page is.
 */
import type { MidiRecord } from '../../src/shared/midi/records';
import { createWebSocketApi } from '../../src/renderer/src/api/ws-api';
import { createPlayer } from '../../src/renderer/src/features/midi/playback/player';
import type { Player, SongSource } from '../../src/renderer/src/features/midi/playback/player-api';
import levelMeterUrl from './level-meter.js?url';

/** Output loudness over audio time: every render quantum, measured on the audio thread. */
interface LevelSample {
  time: number;
  rms: number;
}

/** The player's state over audio time, sampled by the page every few milliseconds. */
interface StateSample {
  time: number;
  playing: boolean;
  tick: number;
}

/** The song as the view's store would hold it; it notes when the player has read an edit. */
class LiveSong implements SongSource {
  private list: MidiRecord[] = [];
  private revision = 0;
  /** performance.now() of the last edit, and of when the player had read that version through. */
  editedAt = 0;
  readAt = 0;
  records(): Iterable<MidiRecord> {
    return this.list;
  }
  version(): number {
    return this.revision;
  }
  set(records: MidiRecord[]): void {
    this.list = records;
    this.revision++;
    this.editedAt = performance.now();
  }
}

const song = new LiveSong();
let player: Player | undefined;
let audio: AudioContext | undefined;
/** Settles once the level meter listens to the player's output. */
let meterReady: Promise<void> = Promise.resolve();
const levels: LevelSample[] = [];
const states: StateSample[] = [];
/** The SoundFonts the player asked for, in order. */
const soundFontRequests: string[] = [];
/** When a note was first heard after play(), for the benchmark (performance.now()). */
let firstSoundAt: number | undefined;
let awaitingSound = false;
let lastLevel = 0;
/** What counts as sound for the first-sound figure (a fading reverb tail is below it). */
const SOUND_LEVEL = 0.002;

/** A render quantum measured by the level meter. */
function heard(time: number, rms: number): void {
  if (rms > SOUND_LEVEL && firstSoundAt === undefined && awaitingSound) firstSoundAt = performance.now();
  lastLevel = rms;
  levels.push({ time, rms });
}

function sampleState(): void {
  if (!audio || !player) return;
  const { playing, tick } = player.getState();
  states.push({ time: audio.currentTime, playing, tick });
}

/** Puts the level meter on the player's output; it renders silence to the speakers, which keeps it pulled. */
async function listenTo(output: AudioNode, context: AudioContext): Promise<void> {
  await context.audioWorklet.addModule(levelMeterUrl);
  const meter = new AudioWorkletNode(context, 'level-meter');
  meter.port.onmessage = ({ data: [time, rms] }: MessageEvent<[number, number]>) => heard(time, rms);
  output.connect(meter);
  meter.connect(context.destination);
}

const harness = {
  /** Creates the player on `records` and waits until its SoundFont is loaded. */
  async load(token: string, records: MidiRecord[], options: { soundFont?: string } = {}): Promise<void> {
    song.set(records);
    const api = createWebSocketApi({ url: `ws://${location.host}/api`, token });
    player = createPlayer(song, {
      onSongRead: (version) => {
        if (version === song.version()) song.readAt = performance.now();
      },
      fetchSoundFont: (path) => {
        soundFontRequests.push(path ?? options.soundFont ?? '(default)');
        return api.asset('midi', 'soundfont', path ?? options.soundFont);
      },
      onOutput(output, context) {
        audio = context;
        meterReady = listenTo(output, context);
      },
    });
    setInterval(sampleState, 5);
    await new Promise<void>((resolve, reject) => {
      const check = (state = player!.getState()) => {
        if (state.ready) resolve();
        else if (state.error) reject(new Error(state.error));
      };
      player!.subscribe(check);
      check();
    });
    await meterReady;
  },
  /** Starts playing; answers the audio time it was called at and how long play() took. */
  async play(fromTick?: number): Promise<{ at: number; playMs: number }> {
    firstSoundAt = undefined;
    awaitingSound = true;
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
  /** Resolves once the output has been quieter than the first-sound level for `quietMs`. */
  async quiet(quietMs = 100, timeoutMs = 5000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      if (lastLevel > SOUND_LEVEL / 4) quietSince = performance.now();
      else if (performance.now() - quietSince >= quietMs) return;
      await new Promise((r) => setTimeout(r, 5));
    }
  },
  edit(records: MidiRecord[]): void {
    song.set(records);
  },
  /** Milliseconds from the last edit until the player had read the edited song into its schedule. */
  async editScheduledAfter(timeoutMs = 2000): Promise<number | undefined> {
    const deadline = performance.now() + timeoutMs;
    while (song.readAt < song.editedAt && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    return song.readAt >= song.editedAt ? song.readAt - song.editedAt : undefined;
  },
  pause: () => player!.pause(),
  stop: () => player!.stop(),
  setLoop: (startTick: number, endTick: number) => player!.setLoop({ startTick, endTick }),
  state: () => player!.getState(),
  soundFontRequests: () => [...soundFontRequests],
  audioTime: () => audio!.currentTime,
  levels: (since = 0) => levels.filter((l) => l.time >= since),
  states: (since = 0) => states.filter((s) => s.time >= since),
};

declare global {
  interface Window {
    playback: typeof harness;
  }
}
window.playback = harness;
