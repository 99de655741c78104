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

/** An event at an absolute tick; `rank` orders events of one tick (note-offs first, note-ons last). */
interface Timed {
  tick: number;
  rank: number;
  event: MidiEvent;
}

const RANK = { header: 0, noteOff: 1, conductor: 1, control: 2, noteOn: 3 } as const;

function meta(type: string, fields: object): MidiEvent {
  return { deltaTime: 0, meta: true, type, ...fields } as MidiEvent;
}

function channelEvent(type: string, channel: number, fields: object): MidiEvent {
  return { deltaTime: 0, type, channel: channel - 1, ...fields } as MidiEvent;
}

/** Sorts by tick then rank (stable, so notes keep their order), sets delta times, ends the track. */
function toTrack(events: Timed[]): MidiEvent[] {
  events.sort((a, b) => a.tick - b.tick || a.rank - b.rank);
  const out: MidiEvent[] = [];
  let at = 0;
  for (const { tick, event } of events) {
    event.deltaTime = tick - at;
    at = tick;
    out.push(event);
  }
  out.push(meta('endOfTrack', {}));
  return out;
}

function conductorTrack(title: string, records: readonly MidiRecord[]): MidiEvent[] {
  const events: Timed[] = [{ tick: 0, rank: RANK.header, event: meta('trackName', { text: encodeText(title) }) }];
  const add = (tick: number, event: MidiEvent) => events.push({ tick, rank: RANK.conductor, event });
  // Time signatures, then keys, then tempos, then markers at one tick: sorted by kind first.
  const order = ['timesig', 'keysig', 'tempo', 'marker'];
  const conductor = records.filter((r) => order.includes(r.kind)).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const r of conductor) {
    if (r.kind === 'timesig') add(r.tick, meta('timeSignature', { numerator: r.numerator, denominator: r.denominator, metronome: 24, thirtyseconds: 8 }));
    else if (r.kind === 'keysig') add(r.tick, meta('keySignature', { key: keySharps(r), scale: r.mode === 'minor' ? 1 : 0 }));
    else if (r.kind === 'tempo') add(r.tick, meta('setTempo', { microsecondsPerBeat: Math.round(MICROSECONDS_PER_MINUTE / r.bpm) }));
    else if (r.kind === 'marker') add(r.tick, meta('marker', { text: encodeText(r.text) }));
  }
  return toTrack(events);
}

function instrumentTrack(track: MidiTrackRecord, notes: readonly MidiNoteRecord[], controls: readonly (MidiControllerRecord | MidiBendRecord)[]): MidiEvent[] {
  const ch = track.channel;
  const events: Timed[] = [];
  const head = (event: MidiEvent) => events.push({ tick: 0, rank: RANK.header, event });
  head(meta('trackName', { text: encodeText(track.name) }));
  if (track.bankMsb !== undefined) head(channelEvent('controller', ch, { controllerType: BANK_SELECT_MSB, value: track.bankMsb }));
  if (track.bankLsb !== undefined) head(channelEvent('controller', ch, { controllerType: BANK_SELECT_LSB, value: track.bankLsb }));
  head(channelEvent('programChange', ch, { programNumber: track.program }));
  if (track.volume !== undefined) head(channelEvent('controller', ch, { controllerType: VOLUME_CONTROLLER, value: track.volume }));
  for (const c of controls) {
    const event =
      c.kind === 'cc' ? channelEvent('controller', ch, { controllerType: c.controller, value: c.value }) : channelEvent('pitchBend', ch, { value: c.value });
    events.push({ tick: c.tick, rank: RANK.control, event });
  }
  for (const n of notes) {
    const channel = n.channel ?? ch;
    events.push({ tick: n.tick, rank: RANK.noteOn, event: channelEvent('noteOn', channel, { noteNumber: n.pitch, velocity: n.vel }) });
    events.push({ tick: n.tick + n.dur, rank: RANK.noteOff, event: channelEvent('noteOff', channel, { noteNumber: n.pitch, velocity: 0 }) });
  }
  return toTrack(events);
}

/**
 * midi-file's writer appends every multi-byte value with Array.concat, which is quadratic in the
 * size of a track (a 20,000-note track takes minutes). So each track is encoded in slices of a few
 * events (each slice a small one-track file) and the slices' event bytes are joined.
 */
const SLICE = 64;
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
  const byTick = (a: { tick: number }, b: { tick: number }) => a.tick - b.tick;
  const trackEvents = [
    conductorTrack(metaRecord.title, records),
    ...tracks.map((t) => instrumentTrack(t, notes.get(t.id)!.sort((a, b) => a.tick - b.tick || a.pitch - b.pitch), controls.get(t.id)!.sort(byTick))),
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

interface RawTrack {
  name?: string;
  /** Channel events by absolute tick, in file order. */
  events: { tick: number; event: MidiEvent & { channel: number } }[];
  end: number;
}

interface Conductor {
  title?: string;
  tempos: Map<number, number>;
  timesigs: Map<number, [number, number]>;
  keysigs: Map<number, [number, number]>;
  markers: [number, string][];
}

function isChannelEvent(event: MidiEvent): event is MidiEvent & { channel: number } {
  return 'channel' in event && typeof (event as { channel?: unknown }).channel === 'number' && !('meta' in event && event.meta);
}

/** The data bytes each channel event must have; a track cut off inside an event leaves them undefined. */
const DATA_FIELDS: Record<string, string[]> = {
  noteOn: ['noteNumber', 'velocity'],
  noteOff: ['noteNumber', 'velocity'],
  noteAftertouch: ['noteNumber', 'amount'],
  controller: ['controllerType', 'value'],
  programChange: ['programNumber'],
  channelAftertouch: ['amount'],
  pitchBend: ['value'],
};

function complete(event: MidiEvent): boolean {
  return (DATA_FIELDS[event.type] ?? []).every((field) => Number.isInteger((event as unknown as Record<string, unknown>)[field]));
}

/** Splits one MTrk into its name, its channel events (absolute ticks) and the song-wide events it holds. */
function scanTrack(events: readonly MidiEvent[], conductor: Conductor, fileName: string, number: number): RawTrack {
  const raw: RawTrack = { events: [], end: 0 };
  let tick = 0;
  for (const event of events) {
    if (!Number.isInteger(event.deltaTime) || event.deltaTime < 0) throw invalid(fileName, `track ${number} has damaged event data`);
    tick += event.deltaTime;
    if (isChannelEvent(event)) {
      if (!complete(event)) throw invalid(fileName, `track ${number} has damaged event data (an event cut off at ${tick} ticks)`);
      raw.events.push({ tick, event });
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

/** Turns one instrument track's channel events into records; `channel` is the track's (1..16). */
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
  let programSet = false;
  let firstNote = Infinity;
  for (const { tick, event } of raw.events) if (event.type === 'noteOn') firstNote = Math.min(firstNote, tick);
  const open = new Map<number, { tick: number; vel: number }[]>();
  const records: MidiRecord[] = [];
  let notes = 0;
  for (const { tick, event } of raw.events) {
    const ch = event.channel + 1;
    switch (event.type) {
      case 'noteOn': {
        const key = ch * 128 + event.noteNumber;
        const list = open.get(key) ?? [];
        list.push({ tick, vel: event.velocity });
        open.set(key, list);
        break;
      }
      case 'noteOff': {
        // Offs close the earliest open note of the pitch (first in, first out).
        const started = open.get(ch * 128 + event.noteNumber)?.shift();
        if (started) {
          records.push(note(ids, trackId, event.noteNumber, started.tick, Math.max(1, tick - started.tick), started.vel, ch, channel));
          notes++;
        }
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
        else records.push({ id: ids.take('cc'), kind: 'cc', trackId, controller: event.controllerType, value: event.value, tick });
        break;
      }
      case 'pitchBend':
        records.push({ id: ids.take('bend'), kind: 'bend', trackId, value: event.value, tick });
        break;
    }
  }
  // Notes never switched off end with their track.
  for (const [key, list] of open) {
    for (const started of list) {
      records.push(note(ids, trackId, key % 128, started.tick, Math.max(1, raw.end - started.tick), started.vel, Math.floor(key / 128), channel));
      notes++;
    }
  }
  out.push(track, ...records);
  return notes;
}

function note(ids: Ids, trackId: string, pitch: number, tick: number, dur: number, vel: number, ch: number, trackChannel: number): MidiNoteRecord {
  const record: MidiNoteRecord = { id: ids.take('note'), kind: 'note', trackId, pitch, tick, dur, vel };
  return ch === trackChannel ? record : { ...record, channel: ch };
}

/** The channel a track plays on: that of its first program change, else of its first event. */
function trackChannel(raw: RawTrack): number {
  const program = raw.events.find((e) => e.event.type === 'programChange');
  return (program ?? raw.events[0]).event.channel + 1;
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
    for (const e of raws[0]?.events ?? []) {
      let raw = byChannel.get(e.event.channel);
      if (!raw) byChannel.set(e.event.channel, (raw = { events: [], end: raws[0].end }));
      raw.events.push(e);
    }
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

