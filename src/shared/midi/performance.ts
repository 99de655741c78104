/**
 * What a song sounds like, read from its records: the channels' instruments, the notes and the
 * controller and program changes that are heard (mute and solo applied), sorted by tick, and the
 * tempo map. As in a DAW, an instrument belongs to a channel, not a track: a note plays the last
 * program change on its channel at or before its tick (a track's head program at the start, then
 * its program records), with the bank selected (CC 0/32) before that program change.
 * The renderer's look-ahead scheduler and the core's offline render both play from it, so a song
 * sounds the same in the studio and in its WAV. Pure.
 */
import type { MidiRecord, MidiTrackRecord } from './records';
import { TempoMap } from './tempo-map';

/** The General MIDI drum channel, 0-based (channel 10 as people count). */
export const DRUM_CHANNEL = 9;

/** How a channel is set up before it plays (0-based channel, as MIDI messages count). */
export interface ChannelSetup {
  channel: number;
  program: number;
  bankMsb?: number;
  bankLsb?: number;
  drums: boolean;
  /** CC 7, 0..127, when the track sets it. */
  volume?: number;
}

export interface PlayedNote {
  tick: number;
  endTick: number;
  /** 0-based. */
  channel: number;
  pitch: number;
  velocity: number;
  /** The instrument it plays: its channel's program (on channel 10 the drum kit) and bank at its tick. */
  program: number;
  bankMsb?: number;
  bankLsb?: number;
}

/** A controller change (`controller` 0..127, value 0..127) or, with `controller` BEND, a pitch bend (-8192..8191). */
export interface ControlChange {
  tick: number;
  channel: number;
  controller: number;
  value: number;
}

export const BEND = -1;
/** With `controller` PROGRAM, a program change (value 0..127): the channel plays another instrument from there on. */
export const PROGRAM = -2;
const BANK_SELECT_MSB = 0;
const BANK_SELECT_LSB = 32;

export interface TimeSignature {
  tick: number;
  numerator: number;
  denominator: number;
}

export interface Performance {
  ppqn: number;
  tempo: TempoMap;
  /** One per channel a track uses, by the track's order. */
  channels: ChannelSetup[];
  /** Audible notes, by tick. */
  notes: PlayedNote[];
  /** Audible controller changes, bends and program changes, by tick (in the song's order within a tick). */
  controls: ControlChange[];
  /** By tick; the first at tick 0 (4/4 when the song sets none). */
  timeSignatures: TimeSignature[];
  /** Where the last audible note ends (0 for a song without notes). */
  endTick: number;
  /** The workspace path of the song's SoundFont; the default General MIDI one when absent. */
  soundFont?: string;
}

const DEFAULT_PPQN = 480;

/** Tracks heard: the soloed ones if any track is soloed, else every track that is not muted. */
function audibleTracks(tracks: readonly MidiTrackRecord[]): Set<string> {
  const soloed = tracks.some((t) => t.solo);
  return new Set(tracks.filter((t) => (soloed ? t.solo : !t.mute)).map((t) => t.id));
}

const byTick = (a: { tick: number }, b: { tick: number }) => a.tick - b.tick;

export function buildPerformance(records: Iterable<MidiRecord>): Performance {
  let ppqn = DEFAULT_PPQN;
  let soundFont: string | undefined;
  const tracks: MidiTrackRecord[] = [];
  const rest: MidiRecord[] = [];
  const tempos: { tick: number; bpm: number }[] = [];
  const timeSignatures: TimeSignature[] = [];
  for (const record of records) {
    switch (record.kind) {
      case 'meta':
        ppqn = record.ppqn;
        soundFont = record.soundfont;
        break;
      case 'track':
        tracks.push(record);
        break;
      case 'tempo':
        tempos.push(record);
        break;
      case 'timesig':
        timeSignatures.push({ tick: record.tick, numerator: record.numerator, denominator: record.denominator });
        break;
      default:
        rest.push(record);
    }
  }
  tracks.sort((a, b) => a.order - b.order);
  const audible = audibleTracks(tracks);
  const channelOf = new Map(tracks.map((t) => [t.id, t.channel - 1]));

  const channels: ChannelSetup[] = [];
  for (const track of tracks) {
    const channel = track.channel - 1;
    if (channels.some((c) => c.channel === channel)) continue;
    channels.push({ channel, program: track.program, bankMsb: track.bankMsb, bankLsb: track.bankLsb, drums: track.drums, volume: track.volume });
  }

  const notes: PlayedNote[] = [];
  // Changes at one tick go in track order, then in their order in the track (a bank select before its program change).
  const changes: { change: ControlChange; track: number; seq: number }[] = [];
  const trackOrder = new Map(tracks.map((t, i) => [t.id, i]));
  const change = (trackId: string, tick: number, channel: number, controller: number, value: number, seq: number | undefined) =>
    changes.push({ change: { tick, channel, controller, value }, track: trackOrder.get(trackId)!, seq: seq ?? -1 });
  // The head of every track read from a file, as the file has it: where tracks share a channel
  // (the channels' set-up is the first track's), the later track's head is the one in force.
  for (const track of tracks) {
    const head = track.source?.head;
    if (!head || !audible.has(track.id)) continue;
    const channel = track.channel - 1;
    if (head.bankMsb !== undefined && track.bankMsb !== undefined) change(track.id, 0, channel, BANK_SELECT_MSB, track.bankMsb, head.bankMsb);
    if (head.bankLsb !== undefined && track.bankLsb !== undefined) change(track.id, 0, channel, BANK_SELECT_LSB, track.bankLsb, head.bankLsb);
    if (head.program !== undefined) change(track.id, 0, channel, PROGRAM, track.program, head.program);
  }
  let endTick = 0;
  for (const record of rest) {
    if (!('trackId' in record) || !audible.has(record.trackId)) continue;
    const channel = (record.channel ?? channelOf.get(record.trackId)! + 1) - 1;
    if (record.kind === 'note') {
      const endOfNote = record.tick + record.dur;
      notes.push({ tick: record.tick, endTick: endOfNote, channel, pitch: record.pitch, velocity: record.vel, program: 0 });
      endTick = Math.max(endTick, endOfNote);
    } else if (record.kind === 'cc') {
      change(record.trackId, record.tick, channel, record.controller, record.value, record.seq);
    } else if (record.kind === 'bend') {
      change(record.trackId, record.tick, channel, BEND, record.value, record.seq);
    } else if (record.kind === 'program') {
      change(record.trackId, record.tick, channel, PROGRAM, record.program, record.seq);
    }
  }
  notes.sort((a, b) => a.tick - b.tick || a.channel - b.channel || a.pitch - b.pitch);
  const controls = changes.sort((a, b) => a.change.tick - b.change.tick || a.track - b.track || a.seq - b.seq).map((c) => c.change);
  assignInstruments(notes, channels, controls);
  timeSignatures.sort(byTick);
  if (timeSignatures[0]?.tick !== 0) timeSignatures.unshift({ tick: 0, numerator: 4, denominator: 4 });
  return { ppqn, tempo: new TempoMap(ppqn, tempos), channels, notes, controls, timeSignatures, endTick, soundFont };
}

/**
 * Sets each note's instrument: its channel's program and bank at its tick (a program change at the
 * note's own tick counts, as files put it before the note). Bank selects take effect at the next
 * program change, as in General MIDI synths.
 */
function assignInstruments(notes: PlayedNote[], channels: readonly ChannelSetup[], controls: readonly ControlChange[]): void {
  const state = new Map<number, { program: number; bankMsb?: number; bankLsb?: number; pendingMsb?: number; pendingLsb?: number }>();
  for (const setup of channels) state.set(setup.channel, { program: setup.program, bankMsb: setup.bankMsb, bankLsb: setup.bankLsb, pendingMsb: setup.bankMsb, pendingLsb: setup.bankLsb });
  const of = (channel: number) => {
    let s = state.get(channel);
    if (!s) state.set(channel, (s = { program: 0 }));
    return s;
  };
  let c = 0;
  for (const note of notes) {
    for (; c < controls.length && controls[c].tick <= note.tick; c++) {
      const change = controls[c];
      const s = of(change.channel);
      if (change.controller === BANK_SELECT_MSB) s.pendingMsb = change.value;
      else if (change.controller === BANK_SELECT_LSB) s.pendingLsb = change.value;
      else if (change.controller === PROGRAM) Object.assign(s, { program: change.value, bankMsb: s.pendingMsb, bankLsb: s.pendingLsb });
    }
    const s = of(note.channel);
    note.program = s.program;
    if (s.bankMsb !== undefined) note.bankMsb = s.bankMsb;
    if (s.bankLsb !== undefined) note.bankLsb = s.bankLsb;
  }
}

/** Index of the first item at or after `tick` (items.length if none); `items` sorted by tick. */
export function firstAtOrAfter(items: readonly { tick: number }[], tick: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].tick < tick) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The controller values and bends in force just before `tick`, one per channel and controller:
 * what playback starting at `tick` sends first, so that a song started mid-way sounds as it would
 * had it played from the start.
 */
export function controlsInForce(performance: Performance, tick: number): ControlChange[] {
  const latest = new Map<string, ControlChange>();
  const end = firstAtOrAfter(performance.controls, tick);
  for (let i = 0; i < end; i++) {
    const change = performance.controls[i];
    latest.set(`${change.channel}:${change.controller}`, change);
  }
  // Program changes last, after the bank selects they read.
  const values = [...latest.values()];
  return [...values.filter((c) => c.controller !== PROGRAM), ...values.filter((c) => c.controller === PROGRAM)];
}

/** A 14-bit MIDI pitch wheel value (0..16383, 8192 centre) from a bend record's -8192..8191. */
export function pitchWheelValue(bend: number): number {
  return Math.max(0, Math.min(16383, Math.round(bend) + 8192));
}
