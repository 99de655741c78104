/**
 * The song as audio, without an audio device: its performance (shared/midi-performance.ts, the
 * same one the renderer's player schedules) played into spessasynth_core's SoundFont synthesizer
 * (the engine of the player's spessasynth_lib) sample-exactly, and written as a 16-bit stereo WAV.
 * Unlike live playback it renders dry, without the synth's reverb and chorus (see below). Pure work on its inputs, run in a worker
 * thread (the midi domain's render task).
 */
import { statSync } from 'node:fs';
import { type BasicSoundBank, BasicSoundBank as SoundBank, type MIDIController, SoundBankLoader, SpessaLog, SpessaSynthProcessor, audioToWav } from 'spessasynth_core';
import type { MidiRecord } from '../../../../shared/midi/records';
import { BEND, DRUM_CHANNEL, PROGRAM, type Performance, buildPerformance, pitchWheelValue } from '../../../../shared/midi/performance';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ResolvedPath } from '../../../kernel/paths';
import { readSoundFontFile } from './soundfont-file';

export const RENDER_SAMPLE_RATE = 44_100;
/** Rendered past the last note-off, so that releases and reverb ring out. */
export const RENDER_TAIL_SECONDS = 1;
/** Longest song rendered (its float buffers alone take about 21 MB a minute). */
export const MAX_RENDER_SECONDS = 20 * 60;
export const EMPTY_SONG = 'empty_song';
/** Samples rendered per call at most; events split the blocks, so they land on their exact sample. */
const BLOCK = 1024;
/** Peaks above this are scaled down to it so the 16-bit file does not clip; quieter mixes are kept as they are. */
const MAX_PEAK = 0.99;

SpessaLog.warnEnabled = false;

/** One MIDI message at a sample; `order` puts note-offs before controls before note-ons at the same sample. */
interface TimedMessage {
  sample: number;
  order: number;
  apply(synth: SpessaSynthProcessor): void;
}

export interface RenderedAudio {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
  /** When the last note ends, in seconds (the audio runs RENDER_TAIL_SECONDS longer). */
  songSeconds: number;
}

/** The messages that play `performance`, from its channels' set-up to its last note-off. */
function timedMessages(performance: Performance, sampleRate: number): TimedMessage[] {
  const at = (tick: number) => Math.round(performance.tempo.secondsAt(tick) * sampleRate);
  const messages: TimedMessage[] = [];
  for (const setup of performance.channels) {
    messages.push({
      sample: 0,
      order: 0,
      apply(synth) {
        const channel = synth.midiChannels[setup.channel];
        channel.setDrums(setup.drums);
        if (setup.bankMsb !== undefined) synth.controllerChange(setup.channel, 0, setup.bankMsb);
        if (setup.bankLsb !== undefined) synth.controllerChange(setup.channel, 32, setup.bankLsb);
        synth.programChange(setup.channel, setup.program);
        if (setup.volume !== undefined) synth.controllerChange(setup.channel, 7, setup.volume);
      },
    });
  }
  for (const change of performance.controls) {
    messages.push({
      sample: at(change.tick),
      order: 2,
      apply: (synth) =>
        change.controller === BEND
          ? synth.pitchWheel(change.channel, pitchWheelValue(change.value))
          : change.controller === PROGRAM
            ? synth.programChange(change.channel, change.value)
            : synth.controllerChange(change.channel, change.controller as MIDIController, change.value),
    });
  }
  for (const note of performance.notes) {
    messages.push({ sample: at(note.tick), order: 3, apply: (synth) => synth.noteOn(note.channel, note.pitch, note.velocity) });
    messages.push({ sample: at(note.endTick), order: 1, apply: (synth) => synth.noteOff(note.channel, note.pitch) });
  }
  return messages.sort((a, b) => a.sample - b.sample || a.order - b.order);
}

/** Renders the performance with `bank`; throws empty_song without notes and too_large past MAX_RENDER_SECONDS. */
export async function renderPerformance(performance: Performance, bank: BasicSoundBank, sampleRate = RENDER_SAMPLE_RATE): Promise<RenderedAudio> {
  if (performance.notes.length === 0) {
    throw new StudioError(EMPTY_SONG, 'the song has no notes to render (or every track with notes is muted)', 'note TRACK C4 at:1.1 dur:quarter, then render again');
  }
  const songSeconds = performance.tempo.secondsAt(performance.endTick);
  if (songSeconds > MAX_RENDER_SECONDS) {
    throw new StudioError(ErrorCode.tooLarge, `the song lasts ${Math.round(songSeconds / 60)} minutes, over the render limit of ${MAX_RENDER_SECONDS / 60}`, 'render a shorter song, or remove notes past the end you want');
  }
  const length = Math.ceil((songSeconds + RENDER_TAIL_SECONDS) * sampleRate);
  const left = new Float32Array(length);
  const right = new Float32Array(length);

  // Dry: the synth's reverb and chorus cost twice what the voices do (a 3-minute, 8-track song
  // renders in about 4 s of CPU without them, 9.5 s with them), and the render is to be quick.
  const synth = new SpessaSynthProcessor(sampleRate, { maxBufferSize: BLOCK, eventsEnabled: false, effectsEnabled: false });
  synth.soundBankManager.addSoundBank(bank, 'main');
  await synth.processorInitialized;
  // General MIDI: channel 10 is drums unless a track there says otherwise (set-up messages do).
  synth.midiChannels[DRUM_CHANNEL].setDrums(true);

  const messages = timedMessages(performance, sampleRate);
  let next = 0;
  for (let sample = 0; sample < length; ) {
    while (next < messages.length && messages[next].sample <= sample) messages[next++].apply(synth);
    const until = Math.min(length, sample + BLOCK, next < messages.length ? messages[next].sample : length);
    synth.process(left, right, sample, until - sample);
    sample = until;
  }
  // Not destroySynthProcessor(): that destroys the sound bank too, which the next render reuses.
  return { left, right, sampleRate, songSeconds };
}

/** Scales the audio down if it would clip; answers the peak it had. */
function limitPeak(audio: RenderedAudio): number {
  let peak = 0;
  for (const channel of [audio.left, audio.right]) for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]));
  if (peak > MAX_PEAK) {
    const gain = MAX_PEAK / peak;
    for (const channel of [audio.left, audio.right]) for (let i = 0; i < channel.length; i++) channel[i] *= gain;
  }
  return peak;
}

/** A parsed SoundFont, kept between renders in this thread while its file is unchanged. */
let cachedBank: { key: string; bank: BasicSoundBank } | undefined;

/** Reads and parses a SoundFont file; file_invalid when its content is not a usable SoundFont. */
export async function loadSoundBank(file: ResolvedPath): Promise<BasicSoundBank> {
  const stat = statSync(file.abs, { throwIfNoEntry: false });
  const key = `${file.abs}:${stat?.size}:${stat?.mtimeMs}`;
  if (cachedBank?.key === key) return cachedBank.bank;
  const bytes = readSoundFontFile(file);
  await SoundBank.isSF3DecoderReady;
  let bank: BasicSoundBank;
  try {
    bank = SoundBankLoader.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (err) {
    throw new StudioError(ErrorCode.fileInvalid, `${file.rel} is not a usable SoundFont: ${(err as Error).message}`, 'load-soundfont PATH with a SoundFont 2 file (.sf2 or .sf3)');
  }
  if (bank.presets.length === 0) throw new StudioError(ErrorCode.fileInvalid, `${file.rel} has no instruments`, 'load-soundfont PATH with a General MIDI SoundFont');
  cachedBank?.bank.destroySoundBank();
  cachedBank = { key, bank };
  return bank;
}

export interface WavRender {
  wav: Uint8Array;
  sampleRate: number;
  songSeconds: number;
  seconds: number;
  /** The loudest sample before any scaling (1.0 is full scale). */
  peak: number;
}

/** The song's records as a WAV file, with the SoundFont at `soundFont`. */
export async function renderSongToWav(records: Iterable<MidiRecord>, soundFont: ResolvedPath, title?: string): Promise<WavRender> {
  const performance = buildPerformance(records);
  const bank = await loadSoundBank(soundFont);
  const audio = await renderPerformance(performance, bank);
  const peak = limitPeak(audio);
  const wav = new Uint8Array(audioToWav([audio.left, audio.right], audio.sampleRate, { normalizeAudio: false, metadata: title ? { title } : {} }));
  return { wav, sampleRate: audio.sampleRate, songSeconds: audio.songSeconds, seconds: audio.left.length / audio.sampleRate, peak };
}
