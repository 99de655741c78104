/**
 * Playback of the live song (player-api.ts): Tone.js is the clock (its context's worker ticker
 * drives the look-ahead scheduler, its transport runs at the song's ppqn and tempo map and loops
 * with it, so `tick` is the playhead) and spessasynth_lib's SoundFont synthesizer, in an
 * AudioWorklet, plays General MIDI instruments from the default SoundFont or the song's own
 * (meta.soundfont, swapped when `load-soundfont` changes it). Drums on channel 10. The metronome
 * is a Tone.js synth. Pause and stop silence every note.
 */
import { Context as ToneContext, MembraneSynth } from 'tone';
import processorUrl from 'spessasynth_lib/dist/spessasynth_processor.min.js?url';
import { WorkletSynthesizer } from 'spessasynth_lib';
import type { MIDIController } from 'spessasynth_core';
import { BEND, DRUM_CHANNEL, PROGRAM, type ChannelSetup, type ControlChange, type Performance, pitchWheelValue } from '../../../../../shared/midi/performance';
import type { LoopRegion, PlaybackState, Player, SongSource } from './player-api';
import { LookaheadScheduler, type ScheduleOutput } from './scheduler';
import { SynthClock } from './synth-clock';

export interface PlayerOptions {
  /** The SoundFont's bytes: the default General MIDI one for no path, else the workspace file (TandemApi.soundFont). */
  fetchSoundFont(path?: string): Promise<ArrayBuffer>;
  /** Called once with the player's master output (before the speakers), e.g. for a level meter. */
  onOutput?(output: AudioNode, context: AudioContext): void;
  /** Seconds of the song scheduled ahead of the audio clock (default 0.1). */
  lookAhead?: number;
  /** How often the clock pulls the next slice of the song, in seconds (default 0.01). */
  updateInterval?: number;
  /** Called each time the player has re-read the changed song (an edit is in its schedule from then on). */
  onSongRead?(version: number): void;
}

/** From play() to the first scheduled event: room for the worklet to receive it. */
const START_DELAY = 0.02;
/** A fade that avoids a click when the output is muted at stop. */
const FADE = 0.005;
/** How often subscribers hear about the moving playhead while playing. */
const PLAYHEAD_NOTIFY_SECONDS = 1 / 30;
/** How often a stopped player looks for a new SoundFont in the song. */
const IDLE_REFRESH_SECONDS = 0.25;
/** How long the muted warm-up notes are held. */
const WARM_UP_SECONDS = 0.05;
/** Velocities a warm-up note is struck at, so every velocity layer of the preset is decoded. */
const WARM_UP_VELOCITIES = [30, 70, 110, 127];
const ALL_SOUND_OFF = 120 as MIDIController;
const ALL_NOTES_OFF = 123 as MIDIController;

/** The song-facing half of the output: what the scheduler sends becomes synth messages at audio times. */
function synthOutput(synth: WorkletSynthesizer, clock: SynthClock, transport: ToneContext['transport'], click: (downbeat: boolean, time: number) => void): ScheduleOutput {
  const at = (time: number) => ({ time: clock.toSynth(time) });
  return {
    setUp(channels: readonly ChannelSetup[], controls: readonly ControlChange[], time: number) {
      synth.midiChannels[DRUM_CHANNEL].setDrums(true);
      for (const setup of channels) {
        synth.midiChannels[setup.channel].setDrums(setup.drums);
        if (setup.bankMsb !== undefined) synth.controllerChange(setup.channel, 0 as MIDIController, setup.bankMsb, at(time));
        if (setup.bankLsb !== undefined) synth.controllerChange(setup.channel, 32 as MIDIController, setup.bankLsb, at(time));
        synth.programChange(setup.channel, setup.program, at(time));
        synth.controllerChange(setup.channel, 7 as MIDIController, setup.volume ?? 100, at(time));
        synth.pitchWheel(setup.channel, 8192, at(time));
      }
      for (const change of controls) this.control(change, time);
    },
    noteOn: (channel, pitch, velocity, time) => synth.noteOn(channel, pitch, velocity, at(time)),
    noteOff: (channel, pitch, time) => synth.noteOff(channel, pitch, at(time)),
    control: (change, time) =>
      change.controller === BEND
        ? synth.pitchWheel(change.channel, pitchWheelValue(change.value), at(time))
        : change.controller === PROGRAM
          ? synth.programChange(change.channel, change.value, at(time))
          : synth.controllerChange(change.channel, change.controller as MIDIController, change.value, at(time)),
    tempo: (bpm, time) => transport.bpm.setValueAtTime(bpm, time),
    click,
  };
}

export function createPlayer(source: SongSource, options: PlayerOptions): Player {
  const listeners = new Set<(state: PlaybackState) => void>();
  let state: PlaybackState = { ready: false, playing: false, tick: 0, loop: null, metronome: false };
  let disposed = false;
  let pausedTick = 0;
  let lastNotify = 0;
  let lastIdleRefresh = 0;
  /** The SoundFont loaded or being loaded (undefined: the default one). */
  let soundFontPath: string | undefined | null = null;
  let loading: Promise<void> = Promise.resolve();
  /** After a stop, the output is muted until the events already in the worklet have played out. */
  let mutedUntil = 0;

  const raw = new AudioContext({ latencyHint: 'interactive' });
  const tone = new ToneContext({ context: raw, lookAhead: 0, updateInterval: options.updateInterval ?? 0.01 });
  const transport = tone.transport;
  const master = raw.createGain();
  master.connect(raw.destination);
  options.onOutput?.(master, raw);

  const metronome = new MembraneSynth({ context: tone, pitchDecay: 0.008, octaves: 2, envelope: { attack: 0.001, decay: 0.08, sustain: 0, release: 0.02 }, volume: -8 });
  metronome.connect(master);
  const click = (downbeat: boolean, time: number) => metronome.triggerAttackRelease(downbeat ? 'C6' : 'G5', 0.03, time);

  const clock = new SynthClock();
  let synth: WorkletSynthesizer | undefined;
  let output: ScheduleOutput | undefined;
  let scheduler: LookaheadScheduler | undefined;

  const setState = (patch: Partial<PlaybackState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  };

  /** Loads the song's SoundFont when it differs from the one loaded; a failure keeps the previous one. */
  const loadSoundFont = (path: string | undefined) => {
    if (path === soundFontPath) return loading;
    soundFontPath = path;
    loading = loading.then(async () => {
      try {
        const bytes = await options.fetchSoundFont(path);
        if (disposed || !synth || soundFontPath !== path) return;
        await synth.soundBankManager.addSoundBank(bytes, 'main');
        // A new SoundFont has new samples to decode.
        warmed.clear();
        if (scheduler) warmUp(scheduler.performance);
        setState({ ready: true, error: undefined });
      } catch (err) {
        const message = (err as { message?: string })?.message ?? String(err);
        setState({ error: `the SoundFont ${path ?? '(default)'} could not be loaded: ${message}` });
      }
    });
    return loading;
  };

  /** The playhead; Tone's transport wraps a loop a moment late, so the wrap is applied here too. */
  const currentTick = () => {
    if (!state.playing) return pausedTick;
    const tick = Math.max(0, transport.getTicksAtTime(raw.currentTime));
    const loop = state.loop;
    return loop && tick >= loop.endTick ? loop.startTick + ((tick - loop.endTick) % (loop.endTick - loop.startTick)) : tick;
  };

  // Tone's ticker runs in a worker, so the clock keeps going in a background tab.
  tone.on('tick', () => {
    if (!scheduler || disposed) return;
    const now = raw.currentTime;
    if (scheduler.isRunning) {
      scheduler.pump(now);
      void loadSoundFont(scheduler.performance.soundFont);
      if (now - lastNotify >= PLAYHEAD_NOTIFY_SECONDS) {
        lastNotify = now;
        setState({ tick: currentTick() });
      }
    } else if (now - lastIdleRefresh >= IDLE_REFRESH_SECONDS) {
      lastIdleRefresh = now;
      if (scheduler.refresh()) {
        void loadSoundFont(scheduler.performance.soundFont);
        warmUp(scheduler.performance);
      }
    }
  });

  /** Mutes the output from now until `until` (then fades back in), for sounds nobody should hear. */
  const muteUntil = (until: number) => {
    const now = raw.currentTime;
    master.gain.cancelScheduledValues(now);
    master.gain.setValueAtTime(master.gain.value, now);
    master.gain.linearRampToValueAtTime(0, now + FADE);
    master.gain.setValueAtTime(0, until);
    master.gain.linearRampToValueAtTime(1, until + FADE);
    mutedUntil = Math.max(mutedUntil, until + FADE);
  };

  const silenceAt = (time: number) => {
    for (let channel = 0; channel < 16; channel++) {
      synth!.controllerChange(channel, ALL_SOUND_OFF, 0, { time: clock.toSynth(time) });
      synth!.controllerChange(channel, ALL_NOTES_OFF, 0, { time: clock.toSynth(time) });
    }
  };

  /**
   * The SF3 synth decodes an instrument's samples the first time a note needs them, which holds up
   * that note's sound by tens of milliseconds. So while stopped, every key the song uses is struck
   * once, muted, on its instrument: the first note of a play then sounds on time.
   */
  const warmed = new Set<string>();
  const warmUp = (song: Performance) => {
    if (!synth || scheduler?.isRunning) return;
    const drumsOn = new Map(song.channels.map((c) => [c.channel, c.drums]));
    const fresh: { channel: number; pitch: number; program: number; bankMsb?: number; bankLsb?: number }[] = [];
    for (const note of song.notes) {
      const key = `${note.program}:${note.bankMsb}:${note.bankLsb}:${drumsOn.get(note.channel) ?? note.channel === DRUM_CHANNEL}:${note.pitch}`;
      if (warmed.has(key)) continue;
      warmed.add(key);
      fresh.push(note);
    }
    if (fresh.length === 0) return;
    const now = raw.currentTime;
    muteUntil(now + WARM_UP_SECONDS);
    output!.setUp(song.channels, [], now);
    // Each key on the instrument it plays (a channel may change instruments as the song goes).
    for (const { channel, pitch, program, bankMsb, bankLsb } of fresh) {
      if (bankMsb !== undefined) synth.controllerChange(channel, 0 as MIDIController, bankMsb);
      if (bankLsb !== undefined) synth.controllerChange(channel, 32 as MIDIController, bankLsb);
      synth.programChange(channel, program);
      for (const velocity of WARM_UP_VELOCITIES) synth.noteOn(channel, pitch, velocity);
    }
    silenceAt(now + WARM_UP_SECONDS - 0.005);
  };

  /** Silences now, and once more after the events already handed to the worklet (they cannot be recalled). */
  const silence = () => {
    if (!synth || !scheduler) return;
    const now = raw.currentTime;
    const pendingUntil = Math.max(now, scheduler.scheduledUntil.time) + 0.005;
    scheduler.stop();
    synth.stopAll(true);
    silenceAt(pendingUntil);
    // Muted until then, so the look-ahead's last events are not heard either.
    muteUntil(pendingUntil);
    transport.pause(now);
  };

  const started = (async () => {
    await raw.audioWorklet.addModule(processorUrl);
    let node: AudioWorkletNode | undefined;
    synth = new WorkletSynthesizer(raw, { audioNodeCreators: { worklet: (context, name, nodeOptions) => (node = new AudioWorkletNode(context, name, nodeOptions)) } });
    // The processor stamps its messages with its own clock (see SynthClock).
    node!.port.addEventListener('message', (event: MessageEvent<{ currentTime?: unknown }>) => {
      if (typeof event.data?.currentTime === 'number') clock.observe(raw.currentTime, event.data.currentTime);
    });
    synth.connect(master);
    await synth.isReady;
    output = synthOutput(synth, clock, transport, click);
    scheduler = new LookaheadScheduler(source, output, { lookAhead: options.lookAhead, onSongRead: options.onSongRead });
    await loadSoundFont(scheduler.performance.soundFont);
  })().catch((err: Error) => setState({ error: `playback cannot start: ${err.message}` }));

  const player: Player = {
    async play(fromTick) {
      if (disposed) return;
      // Only when needed: resume() on a running context still waits for the audio thread (~100-200 ms).
      if (raw.state !== 'running') await raw.resume();
      await started;
      await loading;
      if (!synth || !scheduler || !state.ready) throw new Error(state.error ?? 'playback is not ready');
      if (scheduler.isRunning) silence();
      scheduler.refresh();
      const song = scheduler.performance;
      const loop = state.loop;
      let tick = Math.max(0, Math.round(fromTick ?? pausedTick));
      if (loop && (tick < loop.startTick || tick >= loop.endTick)) tick = loop.startTick;
      const now = raw.currentTime;
      const at = Math.max(now + START_DELAY, mutedUntil);
      transport.stop(now);
      transport.PPQ = song.ppqn;
      transport.loop = loop !== null;
      if (loop) transport.setLoopPoints(`${loop.startTick}i`, `${loop.endTick}i`);
      transport.bpm.cancelScheduledValues(now);
      scheduler.setLoop(loop);
      scheduler.setMetronome(state.metronome);
      scheduler.start(tick, at);
      transport.start(at, `${tick}i`);
      scheduler.pump(now);
      setState({ playing: true, tick });
    },
    pause() {
      if (!state.playing) return;
      pausedTick = currentTick();
      silence();
      setState({ playing: false, tick: pausedTick });
    },
    stop() {
      if (state.playing) silence();
      pausedTick = state.loop?.startTick ?? 0;
      transport.stop(raw.currentTime);
      setState({ playing: false, tick: pausedTick });
    },
    seek(tick) {
      const target = Math.max(0, Math.round(tick));
      if (state.playing) {
        void player.play(target);
        return;
      }
      pausedTick = target;
      setState({ tick: target });
    },
    setLoop(loop: LoopRegion | null) {
      const region = loop && loop.endTick > loop.startTick ? { ...loop } : null;
      scheduler?.setLoop(region);
      transport.loop = region !== null;
      if (region) transport.setLoopPoints(`${region.startTick}i`, `${region.endTick}i`);
      setState({ loop: region });
    },
    setMetronome(on) {
      scheduler?.setMetronome(on);
      setState({ metronome: on });
    },
    getState() {
      return state.playing ? { ...state, tick: currentTick() } : state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      if (disposed) return;
      if (state.playing) silence();
      disposed = true;
      listeners.clear();
      metronome.dispose();
      synth?.destroy();
      tone.dispose();
      if (raw.state !== 'closed') raw.close().catch(() => undefined);
    },
  };
  return player;
}
