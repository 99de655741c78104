/**
 * Standard MIDI Files, read and written with the `midi-file` library (events as plain objects).
 *
 * Written as format 1: a conductor track (the title as its name, then every time signature, key
 * signature, tempo and marker) and one track per instrument track (its name, bank select, program
 * change and volume at tick 0, then its notes, controllers and bends, on its channel; a note-off
 * comes before a note-on at the same tick). Read as format 0 (split into tracks by channel) or 1.
 * A song written here and read back is the same song (see midi-file.test.ts). Pure functions: the
 * engine runs them in a worker thread.
 */
import { type MidiEvent, parseMidi, writeMidi } from 'midi-file';
import type { FileData } from '../../fcp/domain';
import { ErrorCode, FcpError } from '../../fcp/errors';
import { BANK_SELECT_LSB, BANK_SELECT_MSB, VOLUME_CONTROLLER } from './instruments';
import {
  DEFAULT_TEMPO,
  DRUM_CHANNEL,
  ID_PREFIX,
  type IdKind,
  MAX_NOTES,
  type MidiBendRecord,
  type MidiControllerRecord,
  type MidiKeySigRecord,
  type MidiMarkerRecord,
  type MidiMetaRecord,
  type MidiNoteRecord,
  type MidiRecord,
  type MidiTempoRecord,
  type MidiTimeSigRecord,
  type MidiTrackRecord,
} from './model';
import { keyFromSharps, keySharps } from './values';

const MICROSECONDS_PER_MINUTE = 60_000_000;

// ---- text ---------------------------------------------------------------------------------------

/** Meta text is bytes: names go out as UTF-8 (midi-file writes one byte per character). */
function encodeText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (what older programs wrote). */
function decodeText(text: string): string {
  const bytes = Buffer.from(text, 'latin1');
  try {
    return utf8.decode(bytes);
  } catch {
    return text;
  }
}

// ---- writing -------------------------------------------------------------------------------------

/** How events of one tick are ordered: note-offs first, note-ons last. */
const RANK = { header: 0, noteOff: 1, conductor: 1, control: 2, noteOn: 3 } as const;
const RANKS = 4;
/** Events one track may hold: the sort key packs the tick, the rank and this index in one double. */
const MAX_TRACK_EVENTS = 2 ** 22;

/**
 * The events of one track at their absolute ticks. Sorted on build by tick, then rank, then the
 * order they were added in: one sort of packed numeric keys, fast for a few hundred thousand events.
 */
class TrackBuilder {
  private readonly events: MidiEvent[] = [];
  private readonly keys: number[] = [];

  add(tick: number, rank: number, event: MidiEvent): void {
    if (this.events.length >= MAX_TRACK_EVENTS) throw new FcpError(ErrorCode.batchTooLarge, `a track holds at most ${MAX_TRACK_EVENTS} events in a file`);
    this.keys.push((tick * RANKS + rank) * MAX_TRACK_EVENTS + this.events.length);
    this.events.push(event);
  }

  /** The events in order with their delta times, ending the track. */
  build(): MidiEvent[] {
    const order = Float64Array.from(this.keys).sort();
    const out: MidiEvent[] = [];
    let at = 0;
    for (const key of order) {
      const event = this.events[key % MAX_TRACK_EVENTS];
      const tick = Math.floor(key / (RANKS * MAX_TRACK_EVENTS));
      event.deltaTime = tick - at;
      at = tick;
      out.push(event);
    }
    out.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
    return out;
  }
}

function meta(type: string, fields: object): MidiEvent {
  return { deltaTime: 0, meta: true, type, ...fields } as MidiEvent;
}

function conductorTrack(title: string, records: readonly MidiRecord[]): MidiEvent[] {
  const track = new TrackBuilder();
  track.add(0, RANK.header, meta('trackName', { text: encodeText(title) }));
  // Time signatures, then keys, then tempos, then markers at one tick: added in that order.
  const order = ['timesig', 'keysig', 'tempo', 'marker'];
  const conductor = records.filter((r) => order.includes(r.kind)).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const r of conductor) {
    let event: MidiEvent | undefined;
    if (r.kind === 'timesig') event = meta('timeSignature', { numerator: r.numerator, denominator: r.denominator, metronome: 24, thirtyseconds: 8 });
    else if (r.kind === 'keysig') event = meta('keySignature', { key: keySharps(r), scale: r.mode === 'minor' ? 1 : 0 });
    else if (r.kind === 'tempo') event = meta('setTempo', { microsecondsPerBeat: Math.round(MICROSECONDS_PER_MINUTE / r.bpm) });
    else if (r.kind === 'marker') event = meta('marker', { text: encodeText(r.text) });
    if (event) track.add((r as { tick: number }).tick, RANK.conductor, event);
  }
  return track.build();
}

function instrumentTrack(track: MidiTrackRecord, notes: readonly MidiNoteRecord[], controls: readonly (MidiControllerRecord | MidiBendRecord)[]): MidiEvent[] {
  const ch = track.channel - 1;
  const out = new TrackBuilder();
  const head = (event: MidiEvent) => out.add(0, RANK.header, event);
  const controller = (channel: number, controllerType: number, value: number): MidiEvent => ({ deltaTime: 0, type: 'controller', channel, controllerType, value });
  head(meta('trackName', { text: encodeText(track.name) }));
  if (track.bankMsb !== undefined) head(controller(ch, BANK_SELECT_MSB, track.bankMsb));
  if (track.bankLsb !== undefined) head(controller(ch, BANK_SELECT_LSB, track.bankLsb));
  head({ deltaTime: 0, type: 'programChange', channel: ch, programNumber: track.program });
  if (track.volume !== undefined) head(controller(ch, VOLUME_CONTROLLER, track.volume));
  for (const c of controls) {
    out.add(c.tick, RANK.control, c.kind === 'cc' ? controller(ch, c.controller, c.value) : { deltaTime: 0, type: 'pitchBend', channel: ch, value: c.value });
  }
  for (const n of notes) {
    const channel = n.channel === undefined ? ch : n.channel - 1;
    out.add(n.tick, RANK.noteOn, { deltaTime: 0, type: 'noteOn', channel, noteNumber: n.pitch, velocity: n.vel });
    out.add(n.tick + n.dur, RANK.noteOff, { deltaTime: 0, type: 'noteOff', channel, noteNumber: n.pitch, velocity: 0 });
  }
  return out.build();
}

/**
 * midi-file's writer appends every multi-byte value with Array.concat, which is quadratic in the
 * size of a track (a 20,000-note track takes minutes). So each track is encoded in slices of a few
 * events (each slice a small one-track file) and the slices' event bytes are joined.
 */
const SLICE = 16;
/** Bytes before the first event of a one-track file: MThd (14) and the MTrk chunk header (8). */
const ONE_TRACK_PREFIX = 22;

function encodeTrack(events: readonly MidiEvent[]): Buffer {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < events.length; i += SLICE) {
    const bytes = writeMidi({ header: { format: 1, numTracks: 1, ticksPerBeat: 480 }, tracks: [events.slice(i, i + SLICE)] }, { running: true });
    parts.push(Uint8Array.from(bytes).subarray(ONE_TRACK_PREFIX));
  }
  const body = Buffer.concat(parts);
  const chunkHeader = Buffer.alloc(8);
  chunkHeader.write('MTrk', 0, 'latin1');
  chunkHeader.writeUInt32BE(body.length, 4);
  return Buffer.concat([chunkHeader, body]);
}

/** The song as a format 1 Standard MIDI File. */
export function writeMidiFile(records: readonly MidiRecord[]): Uint8Array {
  const metaRecord = records.find((r): r is MidiMetaRecord => r.kind === 'meta');
  if (!metaRecord) throw new FcpError(ErrorCode.internal, 'the song has no meta record');
  const tracks = records.filter((r): r is MidiTrackRecord => r.kind === 'track').sort((a, b) => a.order - b.order);
  const notes = new Map<string, MidiNoteRecord[]>(tracks.map((t) => [t.id, []]));
  const controls = new Map<string, (MidiControllerRecord | MidiBendRecord)[]>(tracks.map((t) => [t.id, []]));
  for (const r of records) {
    if (r.kind === 'note') notes.get(r.trackId)?.push(r);
    else if (r.kind === 'cc' || r.kind === 'bend') controls.get(r.trackId)?.push(r);
  }
  // Notes by tick then pitch, so that the file does not depend on the order records were made in.
  const trackEvents = [
    conductorTrack(metaRecord.title, records),
    ...tracks.map((t) => instrumentTrack(t, notes.get(t.id)!.sort((a, b) => a.tick - b.tick || a.pitch - b.pitch), controls.get(t.id)!)),
  ];
  const header = { format: 1 as const, numTracks: trackEvents.length, ticksPerBeat: metaRecord.ppqn };
  const fileHeader = Uint8Array.from(writeMidi({ header, tracks: [] })).subarray(0, 14);
  // The header written for no tracks says 0 tracks: the count goes in by hand.
  const headerBytes = Buffer.from(fileHeader);
  headerBytes.writeUInt16BE(trackEvents.length, 10);
  return new Uint8Array(Buffer.concat([headerBytes, ...trackEvents.map(encodeTrack)]));
}

// ---- reading -------------------------------------------------------------------------------------

function invalid(fileName: string, why: string, suggestion = 'a Standard MIDI File (.mid) of format 0 or 1'): FcpError {
  return new FcpError(ErrorCode.fileInvalid, `${fileName} is not a MIDI file this studio can open: ${why}`, suggestion);
}

/**
 * Checks the chunk structure the parser would otherwise walk past (a truncated file reads as
 * garbage, not as an error) and keeps only the header and the MTrk chunks (a file may hold others).
 */
function checkStructure(bytes: Uint8Array, fileName: string): Uint8Array {
  if (bytes.length === 0) throw invalid(fileName, 'the file is empty');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const id = (at: number) => buf.toString('latin1', at, at + 4);
  if (bytes.length < 14 || id(0) !== 'MThd') {
    const what = id(0) === 'RIFF' ? 'it is a RIFF file (an .rmi wraps a MIDI file; export a plain .mid)' : 'it does not start with "MThd"';
    throw invalid(fileName, what);
  }
  const headerLength = buf.readUInt32BE(4);
  const format = buf.readUInt16BE(8);
  const declared = buf.readUInt16BE(10);
  const division = buf.readUInt16BE(12);
  if (headerLength < 6 || 8 + headerLength > bytes.length) throw invalid(fileName, 'its header is cut short');
  if (format === 2) throw invalid(fileName, 'it is format 2 (independent patterns); only formats 0 and 1 are read');
  if (format > 2) throw invalid(fileName, `it says it is format ${format}`);
  if (division & 0x8000) throw invalid(fileName, 'it counts time in SMPTE frames, not ticks per quarter note');
  if (division === 0) throw invalid(fileName, 'its header gives 0 ticks per quarter note');
  const chunks: Buffer[] = [buf.subarray(0, 8 + headerLength)];
  let otherChunks = false;
  let pos = 8 + headerLength;
  let tracks = 0;
  while (pos < bytes.length && tracks < declared) {
    if (pos + 8 > bytes.length) throw invalid(fileName, `it is truncated: it ends inside the header of chunk ${tracks + 2}`);
    const length = buf.readUInt32BE(pos + 4);
    if (pos + 8 + length > bytes.length) {
      throw invalid(fileName, `it is truncated: track ${tracks + 1} claims ${length} bytes and the file ends ${bytes.length - pos - 8} bytes in`);
    }
    if (id(pos) === 'MTrk') {
      chunks.push(buf.subarray(pos, pos + 8 + length));
      tracks++;
    } else otherChunks = true;
    pos += 8 + length;
  }
  if (tracks < declared) throw invalid(fileName, `it is truncated: the header promises ${declared} tracks and the file holds ${tracks}`);
  return otherChunks ? new Uint8Array(Buffer.concat(chunks)) : bytes;
}

/** Numbers every record it makes: ids are prefix + creation order, as the verbs make them. */
class Ids {
  next = 1;
  take(kind: IdKind): string {
    return `${ID_PREFIX[kind]}${this.next++}`;
  }
}

type ChannelEvent = MidiEvent & { channel: number };

interface RawTrack {
  name?: string;
  /** Channel events in file order, and their absolute ticks. */
  events: ChannelEvent[];
  ticks: number[];
  end: number;
}

interface Conductor {
  title?: string;
  tempos: Map<number, number>;
  timesigs: Map<number, [number, number]>;
  keysigs: Map<number, [number, number]>;
  markers: [number, string][];
}

function isChannelEvent(event: MidiEvent): event is ChannelEvent {
  return 'channel' in event && typeof (event as { channel?: unknown }).channel === 'number' && !('meta' in event && event.meta);
}

/** Whether a channel event has its data bytes: the parser leaves them undefined when a track ends inside one. */
function complete(event: ChannelEvent): boolean {
  switch (event.type) {
    case 'noteOn':
    case 'noteOff':
      return event.noteNumber >= 0 && event.velocity >= 0;
    case 'controller':
      return event.controllerType >= 0 && event.value >= 0;
    case 'programChange':
      return event.programNumber >= 0;
    case 'noteAftertouch':
      return event.noteNumber >= 0 && event.amount >= 0;
    case 'channelAftertouch':
      return event.amount >= 0;
    default:
      return true;
  }
}

/** Splits one MTrk into its name, its channel events (absolute ticks) and the song-wide events it holds. */
function scanTrack(events: readonly MidiEvent[], conductor: Conductor, fileName: string, number: number): RawTrack {
  const raw: RawTrack = { events: [], ticks: [], end: 0 };
  let tick = 0;
  for (const event of events) {
    if (!(event.deltaTime >= 0)) throw invalid(fileName, `track ${number} has damaged event data`);
    tick += event.deltaTime;
    if (isChannelEvent(event)) {
      if (!complete(event)) throw invalid(fileName, `track ${number} has damaged event data (an event cut off at ${tick} ticks)`);
      raw.events.push(event);
      raw.ticks.push(tick);
      continue;
    }
    switch (event.type) {
      case 'trackName':
        raw.name ??= decodeText(event.text);
        break;
      case 'setTempo':
        conductor.tempos.set(tick, Math.round((MICROSECONDS_PER_MINUTE / event.microsecondsPerBeat) * 100) / 100);
        break;
      case 'timeSignature':
        conductor.timesigs.set(tick, [event.numerator, event.denominator]);
        break;
      case 'keySignature':
        conductor.keysigs.set(tick, [event.key, event.scale]);
        break;
      case 'marker':
        conductor.markers.push([tick, decodeText(event.text)]);
        break;
    }
  }
  raw.end = tick;
  return raw;
}

/** Turns one instrument track's channel events into records, appended to `out`; `channel` is the track's (1..16). */
function instrumentRecords(raw: RawTrack, name: string, channel: number, ids: Ids, order: number, out: MidiRecord[]): number {
  const trackId = ids.take('track');
  const track: { -readonly [K in keyof MidiTrackRecord]: MidiTrackRecord[K] } = {
    id: trackId,
    kind: 'track',
    name,
    channel,
    program: 0,
    drums: channel === DRUM_CHANNEL,
    mute: false,
    solo: false,
    order,
  };
  // Pushed now, completed below (program, bank, volume) as the events are read.
  out.push(track);
  const { events, ticks } = raw;
  let programSet = false;
  let firstNote = Infinity;
  for (let i = 0; i < events.length; i++) if (events[i].type === 'noteOn') firstNote = Math.min(firstNote, ticks[i]);
  const open = new Map<number, { tick: number; vel: number }[]>();
  let notes = 0;
  const addNote = (pitch: number, tick: number, dur: number, vel: number, ch: number) => {
    const record: MidiNoteRecord = { id: ids.take('note'), kind: 'note', trackId, pitch, tick, dur: Math.max(1, dur), vel };
    out.push(ch === channel ? record : { ...record, channel: ch });
    notes++;
  };
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const tick = ticks[i];
    const ch = event.channel + 1;
    switch (event.type) {
      case 'noteOn': {
        const key = ch * 128 + event.noteNumber;
        const list = open.get(key);
        if (list) list.push({ tick, vel: event.velocity });
        else open.set(key, [{ tick, vel: event.velocity }]);
        break;
      }
      case 'noteOff': {
        // Offs close the earliest open note of the pitch (first in, first out).
        const started = open.get(ch * 128 + event.noteNumber)?.shift();
        if (started) addNote(event.noteNumber, started.tick, tick - started.tick, started.vel, ch);
        break;
      }
      case 'programChange':
        if (ch === channel && !programSet) {
          track.program = event.programNumber;
          programSet = true;
        }
        break;
      case 'controller': {
        const atStart = ch === channel && tick === 0 && tick <= firstNote;
        if (atStart && event.controllerType === BANK_SELECT_MSB) track.bankMsb = event.value;
        else if (atStart && event.controllerType === BANK_SELECT_LSB) track.bankLsb = event.value;
        else if (atStart && event.controllerType === VOLUME_CONTROLLER) track.volume = event.value;
        else out.push({ id: ids.take('cc'), kind: 'cc', trackId, controller: event.controllerType, value: event.value, tick });
        break;
      }
      case 'pitchBend':
        out.push({ id: ids.take('bend'), kind: 'bend', trackId, value: event.value, tick });
        break;
    }
  }
  // Notes never switched off end with their track.
  for (const [key, list] of open) for (const started of list) addNote(key % 128, started.tick, raw.end - started.tick, started.vel, Math.floor(key / 128));
  return notes;
}

/** The channel a track plays on: that of its first program change, else of its first event. */
function trackChannel(raw: RawTrack): number {
  const program = raw.events.find((e) => e.type === 'programChange');
  return (program ?? raw.events[0]).channel + 1;
}

function conductorRecords(conductor: Conductor, ids: Ids): MidiRecord[] {
  if (!conductor.tempos.has(0)) conductor.tempos.set(0, DEFAULT_TEMPO);
  if (!conductor.timesigs.has(0)) conductor.timesigs.set(0, [4, 4]);
  if (!conductor.keysigs.has(0)) conductor.keysigs.set(0, [0, 0]);
  const out: MidiRecord[] = [];
  const sorted = <V>(map: Map<number, V>) => [...map].sort((a, b) => a[0] - b[0]);
  for (const [tick, bpm] of sorted(conductor.tempos)) out.push({ id: ids.take('tempo'), kind: 'tempo', tick, bpm } satisfies MidiTempoRecord);
  for (const [tick, [numerator, denominator]] of sorted(conductor.timesigs)) {
    out.push({ id: ids.take('timesig'), kind: 'timesig', tick, numerator, denominator } satisfies MidiTimeSigRecord);
  }
  for (const [tick, [sharps, scale]] of sorted(conductor.keysigs)) {
    out.push({ id: ids.take('keysig'), kind: 'keysig', tick, ...keyFromSharps(sharps, scale === 1 ? 'minor' : 'major') } satisfies MidiKeySigRecord);
  }
  for (const [tick, text] of conductor.markers.sort((a, b) => a[0] - b[0])) out.push({ id: ids.take('marker'), kind: 'marker', tick, text } satisfies MidiMarkerRecord);
  return out;
}

/** A Standard MIDI File (format 0 or 1) as song records; file_invalid for anything else. */
export function readMidiFile(data: FileData, fileName: string): MidiRecord[] {
  if (typeof data === 'string') throw new FcpError(ErrorCode.internal, 'a MIDI file is read as bytes');
  const bytes = checkStructure(data, fileName);
  let parsed;
  try {
    parsed = parseMidi(bytes);
  } catch (err) {
    throw invalid(fileName, `it is damaged (${typeof err === 'string' ? err : (err as Error).message})`);
  }
  const ppqn = parsed.header.ticksPerBeat!;
  const conductor: Conductor = { tempos: new Map(), timesigs: new Map(), keysigs: new Map(), markers: [] };
  const raws = parsed.tracks.map((events, i) => scanTrack(events, conductor, fileName, i + 1));
  const ids = new Ids();
  const instruments: { raw: RawTrack; name?: string; channel: number }[] = [];
  if (parsed.header.format === 0) {
    // One track holds everything: its name is the song's, each channel becomes a track.
    conductor.title = raws[0]?.name;
    const byChannel = new Map<number, RawTrack>();
    const only = raws[0] ?? { events: [], ticks: [], end: 0 };
    only.events.forEach((event, i) => {
      let raw = byChannel.get(event.channel);
      if (!raw) byChannel.set(event.channel, (raw = { events: [], ticks: [], end: only.end }));
      raw.events.push(event);
      raw.ticks.push(only.ticks[i]);
    });
    for (const [channel, raw] of [...byChannel].sort((a, b) => a[0] - b[0])) instruments.push({ raw, channel: channel + 1 });
  } else {
    for (const raw of raws) {
      if (raw.events.length === 0) conductor.title ??= raw.name;
      else instruments.push({ raw, name: raw.name, channel: trackChannel(raw) });
    }
  }
  const records: MidiRecord[] = [];
  const names = new Set<string>();
  let notes = 0;
  instruments.forEach(({ raw, name, channel }, i) => {
    let unique = name?.trim() || (channel === DRUM_CHANNEL ? 'Drums' : `Ch${channel}`);
    for (let n = 2; names.has(unique.toLowerCase()); n++) unique = `${name?.trim() || `Ch${channel}`}-${n}`;
    names.add(unique.toLowerCase());
    notes += instrumentRecords(raw, unique, channel, ids, i + 1, records);
    if (notes > MAX_NOTES) throw invalid(fileName, `it has more than ${MAX_NOTES} notes, the most one song holds`, 'split it into several files');
  });
  const title = conductor.title ?? fileName.replace(/^.*\//, '').replace(/\.midi?$/i, '');
  const song = conductorRecords(conductor, ids);
  const metaRecord: MidiMetaRecord = { id: 'meta', kind: 'meta', title, ppqn, nextOrder: ids.next };
  return [metaRecord, ...song, ...records];
}

