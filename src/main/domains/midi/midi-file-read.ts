/**
 * Reading a Standard MIDI File (format 0 or 1, with the `midi-file` library) into song records
 * that keep everything the file says, so that writing them (midi-file-write.ts) gives the same
 * events back: every event keeps its chunk and its place there (see midi-records.ts).
 *
 * - Format 1: each track chunk with channel events is an instrument track (one track, even when
 *   its events use several channels: each event keeps its own); the first chunk without any names
 *   the song. Format 0: the one chunk's channel events are split into one track per channel.
 * - A track's head (bank select, program change and volume at tick 0 on its channel, before its
 *   first note) sets its instrument; later program changes are program records, later
 *   controllers cc records. The instrument a note plays is the last program change on its channel.
 * - Text, copyright, lyrics, cue points, instrument names are text records; markers, tempos, time
 *   and key signatures song-wide records, each on the chunk it was in. What the studio does not
 *   model (system exclusive, SMPTE offset, port and channel prefixes, aftertouch, ...) is kept per
 *   chunk as read (MidiChunkRecord).
 */
import { type MidiEvent, parseMidi } from 'midi-file';
import type { FileData } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { KeptEvent, MidiChunkRecord, MidiTextType, MidiTrackSource } from '../../../shared/midi/records';
import { BANK_SELECT_LSB, BANK_SELECT_MSB, VOLUME_CONTROLLER } from '../../../shared/midi/instruments';
import { decodeText, rawIfLossy } from './midi-text';
import { DRUM_CHANNEL, ID_PREFIX, type IdKind, MAX_NOTES, type MidiMetaRecord, type MidiNoteRecord, type MidiRecord, type MidiTrackRecord } from './model';
import { DEFAULT_TEMPO } from '../../../shared/midi/records';
import { keyFromSharps, keySharps } from './values';
import { pushTo } from '../../../shared/list-map';

export const MICROSECONDS_PER_MINUTE = 60_000_000;
/** Tempos are shown to 0.01 bpm; the file's microseconds are kept beside. */
export const bpmOf = (usPerQuarter: number) => Math.round((MICROSECONDS_PER_MINUTE / usPerQuarter) * 100) / 100;

/** midi-file's text event types, and what the studio calls them. */
const TEXT_TYPES: Record<string, MidiTextType> = {
  text: 'text',
  copyrightNotice: 'copyright',
  lyrics: 'lyric',
  cuePoint: 'cue',
  instrumentName: 'instrument',
};

function invalid(fileName: string, why: string, suggestion = 'a Standard MIDI File (.mid) of format 0 or 1'): StudioError {
  return new StudioError(ErrorCode.fileInvalid, `${fileName} is not a MIDI file this studio can open: ${why}`, suggestion);
}

/** A file's chunks other than MTrk (and extra header bytes), kept to be written back where they were. */
interface ForeignParts {
  chunks: { before: number; id: string; data: string }[];
  headerExtra?: string;
}

/**
 * Checks the chunk structure the parser would otherwise walk past (a truncated file reads as
 * garbage, not as an error) and hands the parser only the header and the MTrk chunks; the other
 * chunks a file may hold (and header bytes past the six the format defines) are set aside as they are.
 */
function checkStructure(bytes: Uint8Array, fileName: string): { tracksOnly: Uint8Array; foreign: ForeignParts } {
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
  const header = Buffer.from(buf.subarray(0, 14));
  header.writeUInt32BE(6, 4);
  const chunks: Buffer[] = [header];
  const foreign: ForeignParts = { chunks: [], ...(headerLength > 6 ? { headerExtra: buf.toString('latin1', 14, 8 + headerLength) } : {}) };
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
    } else foreign.chunks.push({ before: tracks, id: id(pos), data: buf.toString('latin1', pos + 8, pos + 8 + length) });
    pos += 8 + length;
  }
  if (tracks < declared) throw invalid(fileName, `it is truncated: the header promises ${declared} tracks and the file holds ${tracks}`);
  // Whole chunks after the last track are kept too; bytes that are not one are not the file's.
  while (pos + 8 <= bytes.length && pos + 8 + buf.readUInt32BE(pos + 4) <= bytes.length) {
    const length = buf.readUInt32BE(pos + 4);
    foreign.chunks.push({ before: tracks, id: id(pos), data: buf.toString('latin1', pos + 8, pos + 8 + length) });
    pos += 8 + length;
  }
  const untouched = foreign.chunks.length === 0 && headerLength === 6;
  return { tracksOnly: untouched ? bytes : new Uint8Array(Buffer.concat(chunks)), foreign };
}

type ChannelEvent = MidiEvent & { channel: number };

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

/** An event as a plain object a record can hold: byte data as arrays, without its delta time and running status. */
function keptEvent(event: MidiEvent, tick: number, seq: number): KeptEvent {
  const { deltaTime: _delta, running: _running, ...rest } = event as MidiEvent & { running?: boolean };
  const plain: Record<string, unknown> = { ...rest };
  if ('data' in plain && plain.data) plain.data = Array.from(plain.data as ArrayLike<number>);
  return { tick, seq, event: plain as KeptEvent['event'] };
}

/** Numbers every record it makes: ids are prefix + creation order, as the verbs make them. */
class Ids {
  next = 1;
  take(kind: IdKind): string {
    return `${ID_PREFIX[kind]}${this.next++}`;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A channel event with where it is. */
interface Placed {
  event: ChannelEvent;
  tick: number;
  seq: number;
}

/** One chunk as scanned: its channel events, its first name event, and where it ends. */
interface ScannedChunk {
  index: number;
  channelEvents: Placed[];
  name?: { raw: string; seq: number; tick: number };
  kept: KeptEvent[];
  end: number;
}

class SongReader {
  readonly ids = new Ids();
  readonly records: MidiRecord[] = [];
  notes = 0;

  constructor(readonly fileName: string) {}

  /** Song-wide and text events become records; channel events are gathered; the rest is kept. */
  scan(events: readonly MidiEvent[], index: number): ScannedChunk {
    const chunk: ScannedChunk = { index, channelEvents: [], kept: [], end: 0 };
    let tick = 0;
    let ended = false;
    const place = { chunk: index };
    events.forEach((event, seq) => {
      if (!(event.deltaTime >= 0)) throw invalid(this.fileName, `track ${index + 1} has damaged event data`);
      tick += event.deltaTime;
      if (isChannelEvent(event)) {
        if (!complete(event)) throw invalid(this.fileName, `track ${index + 1} has damaged event data (an event cut off at ${tick} ticks)`);
        chunk.channelEvents.push({ event, tick, seq });
        return;
      }
      const text = TEXT_TYPES[event.type];
      if (text) {
        const raw = (event as { text: string }).text;
        this.records.push({ id: this.ids.take('text'), kind: 'text', type: text, text: decodeText(raw), tick, ...place, seq, ...lossy(raw) });
        return;
      }
      switch (event.type) {
        case 'endOfTrack':
          if (!ended) {
            ended = true;
            chunk.end = tick;
            return;
          }
          break;
        case 'trackName':
          if (!chunk.name) {
            chunk.name = { raw: event.text, seq, tick };
            return;
          }
          break;
        case 'setTempo':
          this.records.push({ id: this.ids.take('tempo'), kind: 'tempo', tick, bpm: bpmOf(event.microsecondsPerBeat), usPerQuarter: event.microsecondsPerBeat, ...place, seq });
          return;
        case 'timeSignature': {
          const { numerator, denominator, metronome, thirtyseconds } = event;
          const extra = { ...(metronome !== 24 ? { clocks: metronome } : {}), ...(thirtyseconds !== 8 ? { thirtySeconds: thirtyseconds } : {}) };
          this.records.push({ id: this.ids.take('timesig'), kind: 'timesig', tick, numerator, denominator, ...extra, ...place, seq });
          return;
        }
        case 'keySignature': {
          const mode = event.scale === 1 ? 'minor' : 'major';
          const key = keyFromSharps(event.key, mode);
          const exact = keySharps(key) === event.key && (event.scale === 0 || event.scale === 1);
          this.records.push({ id: this.ids.take('keysig'), kind: 'keysig', tick, ...key, ...(exact ? {} : { sharps: event.key, scale: event.scale }), ...place, seq });
          return;
        }
        case 'marker':
          this.records.push({ id: this.ids.take('marker'), kind: 'marker', tick, text: decodeText(event.text), ...place, seq, ...lossy(event.text) });
          return;
      }
      chunk.kept.push(keptEvent(event, tick, seq));
    });
    if (!ended) chunk.end = tick;
    return chunk;
  }

  /** One instrument track from channel events (of a whole chunk, or of one channel of a format 0 file). */
  track(chunk: ScannedChunk, events: readonly Placed[], channel: number, order: number, name: { text?: string; raw?: string; seq?: number; tick?: number }): void {
    const trackId = this.ids.take('track');
    const head: { -readonly [K in keyof MidiTrackSource['head']]: number } = {};
    const readName = name.text?.trim() || (channel === DRUM_CHANNEL ? 'Drums' : `Ch${channel}`);
    if (name.seq !== undefined) head.name = name.seq;
    const track: { -readonly [K in keyof MidiTrackRecord]: MidiTrackRecord[K] } = {
      id: trackId,
      kind: 'track',
      name: readName,
      channel,
      program: 0,
      drums: channel === DRUM_CHANNEL,
      mute: false,
      solo: false,
      order,
      source: { chunk: chunk.index, head, readName, ...(name.raw !== undefined ? { rawName: name.raw } : {}), ...(name.tick ? { nameTick: name.tick } : {}) },
    };
    // Pushed now, its head completed below as the events are read.
    this.records.push(track);
    const open = new Map<number, { tick: number; vel: number; seq: number }[]>();
    let noteSeen = false;
    const own = (ch: number) => (ch === channel ? {} : { channel: ch });
    for (const { event, tick, seq } of events) {
      const ch = event.channel + 1;
      const atHead = ch === channel && tick === 0 && !noteSeen;
      switch (event.type) {
        case 'noteOn': {
          noteSeen = true;
          const key = ch * 128 + event.noteNumber;
          pushTo(open, key, { tick, vel: event.velocity, seq });
          continue;
        }
        case 'noteOff': {
          // Offs close the earliest open note of the pitch (first in, first out).
          const started = open.get(ch * 128 + event.noteNumber)?.shift();
          if (!started) break;
          const note = this.note(trackId, event.noteNumber, started, tick - started.tick, ch === channel ? undefined : ch);
          note.offSeq = seq;
          if (event.velocity) note.offVel = event.velocity;
          if ((event as { byte9?: boolean }).byte9) note.offAsOn = true;
          continue;
        }
        case 'programChange':
          if (atHead && head.program === undefined) {
            track.program = event.programNumber;
            head.program = seq;
          } else this.records.push({ id: this.ids.take('program'), kind: 'program', trackId, program: event.programNumber, tick, ...own(ch), seq });
          continue;
        case 'controller': {
          const { controllerType: controller, value } = event;
          const beforeProgram = atHead && head.program === undefined;
          if (beforeProgram && controller === BANK_SELECT_MSB && head.bankMsb === undefined) {
            track.bankMsb = value;
            head.bankMsb = seq;
          } else if (beforeProgram && controller === BANK_SELECT_LSB && head.bankLsb === undefined) {
            track.bankLsb = value;
            head.bankLsb = seq;
          } else if (atHead && controller === VOLUME_CONTROLLER && head.volume === undefined) {
            track.volume = value;
            head.volume = seq;
          } else this.records.push({ id: this.ids.take('cc'), kind: 'cc', trackId, controller, value, tick, ...own(ch), seq });
          continue;
        }
        case 'pitchBend':
          this.records.push({ id: this.ids.take('bend'), kind: 'bend', trackId, value: event.value, tick, ...own(ch), seq });
          continue;
      }
      // Aftertouch, and note-offs that end no note.
      chunk.kept.push(keptEvent(event, tick, seq));
    }
    // Notes never switched off sound to the end of their chunk; no note-off is written for them.
    for (const [key, list] of open) {
      for (const started of list) {
        const ch = Math.floor(key / 128);
        this.note(trackId, key % 128, started, chunk.end - started.tick, ch === channel ? undefined : ch).unended = true;
      }
    }
  }

  /** A note record (pushed), for its note-off's details to be set on. */
  private note(trackId: string, pitch: number, on: { tick: number; vel: number; seq: number }, dur: number, channel: number | undefined): Mutable<MidiNoteRecord> {
    if (++this.notes > MAX_NOTES) throw invalid(this.fileName, `it has more than ${MAX_NOTES} notes, the most one song holds`, 'split it into several files');
    const note: Mutable<MidiNoteRecord> = { id: this.ids.take('note'), kind: 'note', trackId, pitch, tick: on.tick, dur: Math.max(0, dur), vel: on.vel };
    if (channel !== undefined) note.channel = channel;
    note.seq = on.seq;
    this.records.push(note);
    return note;
  }

  /** Every song has a tempo, time and key signature at 1.1: those the file does not set are implied (and not written). */
  impliedStart(): void {
    const at0 = (kind: string) => this.records.some((r) => r.kind === kind && (r as { tick: number }).tick === 0);
    if (!at0('tempo')) this.records.push({ id: this.ids.take('tempo'), kind: 'tempo', tick: 0, bpm: DEFAULT_TEMPO, implied: true });
    if (!at0('timesig')) this.records.push({ id: this.ids.take('timesig'), kind: 'timesig', tick: 0, numerator: 4, denominator: 4, implied: true });
    if (!at0('keysig')) this.records.push({ id: this.ids.take('keysig'), kind: 'keysig', tick: 0, key: 'C', mode: 'major', implied: true });
  }
}

function lossy(raw: string): { raw?: string } {
  const kept = rawIfLossy(raw);
  return kept === undefined ? {} : { raw: kept };
}

/** The channel a format 1 track plays on: that of its first program change, else of its first event. */
function trackChannel(events: readonly Placed[]): number {
  const program = events.find((e) => e.event.type === 'programChange');
  return (program ?? events[0]).event.channel + 1;
}

/** A Standard MIDI File (format 0 or 1) as song records; file_invalid for anything else. */
export function readMidiFile(data: FileData, fileName: string): MidiRecord[] {
  if (typeof data === 'string') throw new StudioError(ErrorCode.internal, 'a MIDI file is read as bytes');
  const { tracksOnly, foreign } = checkStructure(data, fileName);
  let parsed;
  try {
    parsed = parseMidi(tracksOnly);
  } catch (err) {
    throw invalid(fileName, `it is damaged (${typeof err === 'string' ? err : (err as Error).message})`);
  }
  const format = parsed.header.format === 0 ? 0 : 1;
  const reader = new SongReader(fileName);
  const chunks = parsed.tracks.map((events, i) => reader.scan(events, i));
  let title: { chunk: number; seq: number; raw: string; tick: number } | undefined;
  let order = 1;
  for (const chunk of chunks) {
    const name = chunk.name;
    if (format === 0) {
      // One chunk holds everything: its name is the song's, each channel becomes a track.
      if (name) title = { chunk: chunk.index, ...name };
      const byChannel = new Map<number, Placed[]>();
      for (const placed of chunk.channelEvents) {
        pushTo(byChannel, placed.event.channel, placed);
      }
      for (const [channel, events] of [...byChannel].sort((a, b) => a[0] - b[0])) reader.track(chunk, events, channel + 1, order++, {});
    } else if (chunk.channelEvents.length) {
      reader.track(chunk, chunk.channelEvents, trackChannel(chunk.channelEvents), order++, name ? { text: decodeText(name.raw), ...name } : {});
    } else if (name && !title) title = { chunk: chunk.index, ...name };
    else if (name) chunk.kept.push(keptEvent({ deltaTime: 0, meta: true, type: 'trackName', text: name.raw }, name.tick, name.seq));
  }
  reader.impliedStart();
  const shown = title ? decodeText(title.raw).trim() : '';
  const untitled = fileName.replace(/^.*\//, '').replace(/\.midi?$/i, '');
  const meta: MidiMetaRecord = {
    id: 'meta',
    kind: 'meta',
    title: shown || untitled,
    ppqn: parsed.header.ticksPerBeat!,
    nextOrder: reader.ids.next,
    file: {
      format,
      ...(title ? { titleEvent: { ...title, shown: shown || untitled } } : { untitled }),
      ...(foreign.chunks.length ? { foreignChunks: foreign.chunks } : {}),
      ...(foreign.headerExtra !== undefined ? { headerExtra: foreign.headerExtra } : {}),
    },
  };
  const chunkRecords = chunks.map((c): MidiChunkRecord => ({ id: `chunk${c.index}`, kind: 'chunk', index: c.index, end: c.end, kept: c.kept.sort((a, b) => a.seq - b.seq) }));
  return [meta, ...reader.records, ...chunkRecords];
}
