/**
 * The look-ahead scheduler (as Signal's player does it): on every clock tick it pulls the next
 * slice of the LIVE song, up to `lookAhead` seconds ahead of the audio clock, and hands those
 * events to the synth with their exact audio times. Nothing is scheduled further ahead, so an edit
 * made during playback (by the AI or the person) is heard the next time the playhead reaches it,
 * without stopping or rescheduling everything. It keeps the notes it started, so every note-on
 * gets its note-off even when the note is edited or removed meanwhile, and loops wrap in ticks.
 *
 * Pure: time comes in as numbers and events go out through ScheduleOutput, so the maths is tested
 * without audio; player.ts drives it from Tone.js's clock into the SoundFont synth.
 */
import type { LoopRegion, SongSource } from './player-api';
import { type ChannelSetup, type ControlChange, type Performance, buildPerformance, controlsInForce, firstAtOrAfter } from '../../../../../shared/midi/performance';

export interface ScheduleOutput {
  /** Sets the channels up (instrument, drums, volume) and sends the controller values in force, at `time`. */
  setUp(channels: readonly ChannelSetup[], controls: readonly ControlChange[], time: number): void;
  noteOn(channel: number, pitch: number, velocity: number, time: number): void;
  noteOff(channel: number, pitch: number, time: number): void;
  control(change: ControlChange, time: number): void;
  /** The tempo from `time` on (Tone.js's transport follows it, so its ticks stay the song's). */
  tempo(bpm: number, time: number): void;
  /** A metronome click; `downbeat` on the first beat of a bar. */
  click(downbeat: boolean, time: number): void;
}

export interface SchedulerOptions {
  /** How far ahead of the audio clock events are scheduled, in seconds (default 0.1). */
  lookAhead?: number;
  /** Called each time the song has been re-read (from then on, the edit is in the schedule). */
  onSongRead?(version: number): void;
}

interface SoundingNote {
  channel: number;
  pitch: number;
  offTime: number;
}

/** Beats (`ppqn*4/denominator` ticks) in [fromTick, toTick), following time-signature changes. */
export function metronomeBeats(performance: Pick<Performance, 'ppqn' | 'timeSignatures'>, fromTick: number, toTick: number): { tick: number; downbeat: boolean }[] {
  const beats: { tick: number; downbeat: boolean }[] = [];
  const signatures = performance.timeSignatures;
  for (let i = 0; i < signatures.length; i++) {
    const signature = signatures[i];
    const end = Math.min(toTick, signatures[i + 1]?.tick ?? Infinity);
    const beat = (performance.ppqn * 4) / signature.denominator;
    let index = Math.max(0, Math.ceil((fromTick - signature.tick) / beat));
    for (let tick = signature.tick + index * beat; tick < end; tick = signature.tick + ++index * beat) {
      beats.push({ tick, downbeat: index % signature.numerator === 0 });
    }
  }
  return beats;
}

export class LookaheadScheduler {
  private readonly lookAhead: number;
  private readonly onSongRead?: (version: number) => void;
  private performanceVersion = Number.NaN;
  private current!: Performance;
  private loopRegion: LoopRegion | null = null;
  private metronomeOn = false;
  private running = false;
  /** Everything before `cursorTick` is scheduled; `cursorTime` is when `cursorTick` sounds. */
  private cursorTick = 0;
  private cursorTime = 0;
  private readonly sounding = new Map<string, SoundingNote>();

  constructor(
    private readonly source: SongSource,
    private readonly output: ScheduleOutput,
    options: SchedulerOptions = {},
  ) {
    this.lookAhead = options.lookAhead ?? 0.1;
    this.onSongRead = options.onSongRead;
    this.refresh();
  }

  /** The song as last read; re-read when the source's version has changed. */
  get performance(): Performance {
    return this.current;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Where scheduling has reached: the song tick and the audio time it sounds at. */
  get scheduledUntil(): { tick: number; time: number } {
    return { tick: this.cursorTick, time: this.cursorTime };
  }

  /** Re-reads the song if it changed since the last read; answers whether it did. */
  refresh(): boolean {
    const version = this.source.version();
    if (version === this.performanceVersion) return false;
    this.current = buildPerformance(this.source.records());
    this.performanceVersion = version;
    this.onSongRead?.(version);
    return true;
  }

  setLoop(loop: LoopRegion | null): void {
    this.loopRegion = loop && loop.endTick > loop.startTick ? { ...loop } : null;
  }

  get loop(): LoopRegion | null {
    return this.loopRegion;
  }

  setMetronome(on: boolean): void {
    this.metronomeOn = on;
  }

  /** Starts scheduling so that `fromTick` sounds at `atTime`: sets the channels up and sends the tempo there. */
  start(fromTick: number, atTime: number): void {
    this.refresh();
    this.running = true;
    this.sounding.clear();
    this.cursorTick = fromTick;
    this.cursorTime = atTime;
    this.output.setUp(this.current.channels, controlsInForce(this.current, fromTick), atTime);
    this.output.tempo(this.current.tempo.bpmAt(fromTick), atTime);
  }

  /** Schedules everything that sounds before `now + lookAhead`. Call it on every clock tick. */
  pump(now: number): void {
    if (!this.running) return;
    this.refresh();
    const until = now + this.lookAhead;
    // A clock that stalled (a frozen tab) must not replay what it missed all at once.
    if (this.cursorTime < now) this.skipTo(now);
    while (this.cursorTime < until) {
      const tempo = this.current.tempo;
      const loop = this.loopRegion && this.cursorTick < this.loopRegion.endTick ? this.loopRegion : null;
      const reachable = tempo.tickAt(tempo.secondsAt(this.cursorTick) + (until - this.cursorTime));
      const toTick = loop ? Math.min(reachable, loop.endTick) : reachable;
      this.scheduleTicks(this.cursorTick, toTick);
      if (loop && toTick >= loop.endTick) {
        const wrapTime = this.timeOf(loop.endTick);
        this.releaseUntil(wrapTime, true);
        this.cursorTick = loop.startTick;
        this.cursorTime = wrapTime;
        this.output.tempo(tempo.bpmAt(loop.startTick), wrapTime);
      } else {
        this.cursorTick = toTick;
        this.cursorTime = until;
      }
    }
    this.releaseUntil(until, false);
  }

  /** Stops scheduling; answers the notes that were sounding (their note-offs had not been sent). */
  stop(): SoundingNote[] {
    this.running = false;
    const sounding = [...this.sounding.values()];
    this.sounding.clear();
    return sounding;
  }

  /** When `tick` sounds, counted from the cursor (valid until the next loop wrap). */
  private timeOf(tick: number): number {
    const tempo = this.current.tempo;
    return this.cursorTime + tempo.secondsAt(tick) - tempo.secondsAt(this.cursorTick);
  }

  private skipTo(now: number): void {
    const tempo = this.current.tempo;
    this.cursorTick = tempo.tickAt(tempo.secondsAt(this.cursorTick) + (now - this.cursorTime));
    this.cursorTime = now;
    if (this.loopRegion && this.cursorTick >= this.loopRegion.endTick) this.cursorTick = this.loopRegion.startTick;
  }

  /** Sends what starts at ticks in [fromTick, toTick). */
  private scheduleTicks(fromTick: number, toTick: number): void {
    if (toTick <= fromTick) return;
    const song = this.current;
    for (const change of song.tempo.changesIn(fromTick, toTick)) if (change.tick > fromTick) this.output.tempo(change.bpm, this.timeOf(change.tick));
    for (let i = firstAtOrAfter(song.controls, fromTick); i < song.controls.length && song.controls[i].tick < toTick; i++) {
      this.output.control(song.controls[i], this.timeOf(song.controls[i].tick));
    }
    if (this.metronomeOn) for (const beat of metronomeBeats(song, fromTick, toTick)) this.output.click(beat.downbeat, this.timeOf(beat.tick));
    for (let i = firstAtOrAfter(song.notes, fromTick); i < song.notes.length && song.notes[i].tick < toTick; i++) {
      const note = song.notes[i];
      const onTime = this.timeOf(note.tick);
      const key = `${note.channel}:${note.pitch}`;
      const previous = this.sounding.get(key);
      // The same key again while it sounds: end the first one here, or its later note-off would cut this one.
      if (previous) this.output.noteOff(previous.channel, previous.pitch, onTime);
      this.output.noteOn(note.channel, note.pitch, note.velocity, onTime);
      this.sounding.set(key, { channel: note.channel, pitch: note.pitch, offTime: this.timeOf(note.endTick) });
    }
  }

  /** Sends the note-offs due before `time`; with `all`, ends every sounding note at `time` (a loop wrap). */
  private releaseUntil(time: number, all: boolean): void {
    for (const [key, note] of this.sounding) {
      if (note.offTime > time && !all) continue;
      this.output.noteOff(note.channel, note.pitch, Math.min(note.offTime, time));
      this.sounding.delete(key);
    }
  }
}
