/**
 * Standard MIDI Files, read (midi-file-read.ts) and written with the `midi-file` library (events as
 * plain objects).
 *
 * A song read from a file is written back chunk by chunk as the file had it: each event in its
 * chunk at its tick and place (see midi-records.ts), with the events the studio keeps but does not
 * model (MidiChunkRecord) between them, and each chunk's end where it was; format 0 stays 0. An
 * event a verb made or moved has no place and goes around the placed ones of its tick: note-offs
 * first, then controls, program changes and text, then note-ons. A new track is a new chunk.
 *
 * A song made here is written as format 1: a conductor chunk (the title as its name, then every
 * time signature, key signature, tempo and marker) and one chunk per track (its name, bank select,
 * program change and volume at tick 0, then its events). Pure functions: the engine runs them in a
 * worker thread.
 */
import { type MidiEvent, writeMidi } from 'midi-file';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { MidiChunkRecord, MidiProgramRecord, MidiTextRecord } from '../../../shared/midi/records';
import { BANK_SELECT_LSB, BANK_SELECT_MSB, VOLUME_CONTROLLER } from '../../../shared/midi/instruments';
import { MICROSECONDS_PER_MINUTE, bpmOf } from './midi-file-read';
import { textBytes } from './midi-text';
import type { MidiBendRecord, MidiControllerRecord, MidiMetaRecord, MidiNoteRecord, MidiRecord, MidiTrackRecord } from './model';
import { keyFromSharps, keySharps } from './values';

export { readMidiFile } from './midi-file-read';

/**
 * How an event without a place is ordered among the events of its tick: a track's head first
 * (name, bank, program, volume), note-offs, then controls and song-wide events, then the placed
 * events in their file order, then note-ons.
 */
const RANK = { head: 0, noteOff: 1, control: 2, placed: 3, noteOn: 4 } as const;
const RANKS = 5;
/** Events one chunk may hold: the sort key packs the tick, the rank and the place (or the index) in one double. */
const MAX_CHUNK_EVENTS = 2 ** 22;

/** Written where a file had no event: a head value set by a verb (a place of -1, see MidiTrackSource). */
const UNPLACED = -1;

/**
 * The events of one chunk at their absolute ticks. Sorted on build by tick, rank, then place (or
 * the order they were added in): one sort of packed numeric keys, fast for a few hundred thousand events.
 */
class ChunkBuilder {
  private readonly events: MidiEvent[] = [];
  private readonly keys: number[] = [];
  /** The index of the event at each place (placed events' keys hold their place, not their index). */
  private readonly atPlace = new Map<number, number>();
  /** Two events claimed one place: their keys tie, so the order falls back to a comparison sort. */
  private clashed = false;
  /** Where the chunk ended in the file: its end-of-track is written there unless events go past it. */
  end = 0;

  /** Adds an event at its place in the file, or, without one, by its rank. */
  add(tick: number, event: MidiEvent, seq: number | undefined, rank: number): void {
    const index = this.events.length;
    if (index >= MAX_CHUNK_EVENTS) throw new StudioError(ErrorCode.batchTooLarge, `a track holds at most ${MAX_CHUNK_EVENTS} events in a file`);
    const placed = seq !== undefined && seq >= 0;
    if (placed) {
      if (this.atPlace.has(seq)) this.clashed = true;
      this.atPlace.set(seq, index);
    }
    this.keys.push((tick * RANKS + (placed ? RANK.placed : rank)) * MAX_CHUNK_EVENTS + (placed ? seq : index));
    this.events.push(event);
  }

  /** The events in order with their delta times, ending the chunk. */
  build(): MidiEvent[] {
    const out: MidiEvent[] = [];
    let at = 0;
    for (const i of this.order()) {
      const event = this.events[i];
      const tick = Math.floor(this.keys[i] / (RANKS * MAX_CHUNK_EVENTS));
      event.deltaTime = tick - at;
      at = tick;
      out.push(event);
    }
    out.push({ deltaTime: Math.max(0, this.end - at), meta: true, type: 'endOfTrack' });
    return out;
  }

  /** The events' indexes in key order: a native sort of the (unique) keys, each key giving back its event. */
  private order(): Iterable<number> {
    const keys = this.keys;
    if (this.clashed) return Array.from(keys.keys()).sort((a, b) => keys[a] - keys[b] || a - b);
    const sorted = Float64Array.from(keys).sort();
    return Uint32Array.from(sorted, (key) => {
      const low = key % MAX_CHUNK_EVENTS;
      return Math.floor(key / MAX_CHUNK_EVENTS) % RANKS === RANK.placed ? this.atPlace.get(low)! : low;
    });
  }
}

function meta(type: string, fields: object): MidiEvent {
  return { deltaTime: 0, meta: true, type, ...fields } as MidiEvent;
}

const SONG_WIDE_ORDER: readonly string[] = ['timesig', 'keysig', 'tempo', 'marker', 'text'];

const TEXT_EVENT: Record<MidiTextRecord['type'], string> = {
  text: 'text',
  copyright: 'copyrightNotice',
  lyric: 'lyrics',
  cue: 'cuePoint',
  instrument: 'instrumentName',
};

/** A song-wide or text record as its event; undefined for a record no file event stands for. */
function songWideEvent(r: MidiRecord): MidiEvent | undefined {
  switch (r.kind) {
    case 'timesig':
      return r.implied ? undefined : meta('timeSignature', { numerator: r.numerator, denominator: r.denominator, metronome: r.clocks ?? 24, thirtyseconds: r.thirtySeconds ?? 8 });
    case 'keysig': {
      if (r.implied) return undefined;
      const kept = r.sharps !== undefined && r.scale !== undefined && keyFromSharps(r.sharps, r.scale === 1 ? 'minor' : 'major').key === r.key;
      return meta('keySignature', kept ? { key: r.sharps, scale: r.scale } : { key: keySharps(r), scale: r.mode === 'minor' ? 1 : 0 });
    }
    case 'tempo': {
      if (r.implied) return undefined;
      const exact = r.usPerQuarter !== undefined && bpmOf(r.usPerQuarter) === r.bpm;
      return meta('setTempo', { microsecondsPerBeat: exact ? r.usPerQuarter : Math.round(MICROSECONDS_PER_MINUTE / r.bpm) });
    }
    case 'marker':
      return meta('marker', { text: textBytes(r.text, r.raw) });
    case 'text':
      return meta(TEXT_EVENT[r.type], { text: textBytes(r.text, r.raw) });
    default:
      return undefined;
  }
}

/** A track's events, grouped as the writer reads them. */
interface TrackContent {
  notes: MidiNoteRecord[];
  controls: (MidiControllerRecord | MidiBendRecord | MidiProgramRecord)[];
}

function writeTrack(chunk: ChunkBuilder, track: MidiTrackRecord, content: TrackContent): void {
  const ch = track.channel - 1;
  const source = track.source;
  const channelOf = (r: { channel?: number }) => (r.channel === undefined ? ch : r.channel - 1);
  // The head: a value is written where the file had it, or (a track made here, or a value a verb set) first.
  const head = (field: keyof NonNullable<MidiTrackRecord['source']>['head'], event: MidiEvent, tick = 0) => {
    if (!source) chunk.add(tick, event, undefined, RANK.head);
    else if (source.head[field] !== undefined) chunk.add(tick, event, source.head[field], RANK.head);
  };
  const controller = (controllerType: number, value: number): MidiEvent => ({ deltaTime: 0, type: 'controller', channel: ch, controllerType, value });
  const renamed = !source || track.name !== source.readName;
  if (renamed || source.head.name !== undefined) {
    const text = !renamed && source.rawName !== undefined ? source.rawName : textBytes(track.name, undefined);
    if (source && renamed && source.head.name === undefined) chunk.add(0, meta('trackName', { text }), UNPLACED, RANK.head);
    else head('name', meta('trackName', { text }), source?.nameTick);
  }
  if (track.bankMsb !== undefined) head('bankMsb', controller(BANK_SELECT_MSB, track.bankMsb));
  if (track.bankLsb !== undefined) head('bankLsb', controller(BANK_SELECT_LSB, track.bankLsb));
  head('program', { deltaTime: 0, type: 'programChange', channel: ch, programNumber: track.program });
  if (track.volume !== undefined) head('volume', controller(VOLUME_CONTROLLER, track.volume));
  for (const c of content.controls) {
    const channel = channelOf(c);
    const event: MidiEvent =
      c.kind === 'cc'
        ? { deltaTime: 0, type: 'controller', channel, controllerType: c.controller, value: c.value }
        : c.kind === 'bend'
          ? { deltaTime: 0, type: 'pitchBend', channel, value: c.value }
          : { deltaTime: 0, type: 'programChange', channel, programNumber: c.program };
    chunk.add(c.tick, event, c.seq, RANK.control);
  }
  for (const n of content.notes) {
    const channel = channelOf(n);
    chunk.add(n.tick, { deltaTime: 0, type: 'noteOn', channel, noteNumber: n.pitch, velocity: n.vel }, n.seq, RANK.noteOn);
    if (n.unended) continue;
    const off = { deltaTime: 0, type: 'noteOff', channel, noteNumber: n.pitch, velocity: n.offVel ?? 0 } as MidiEvent & { byte9?: boolean };
    if (n.offAsOn) off.byte9 = true;
    chunk.add(n.tick + n.dur, off, n.offSeq, RANK.noteOff);
  }
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

/** The song as a Standard MIDI File: as its file was (format and chunks) when it was read from one, else format 1. */
export function writeMidiFile(records: readonly MidiRecord[]): Uint8Array {
  const metaRecord = records.find((r): r is MidiMetaRecord => r.kind === 'meta');
  if (!metaRecord) throw new StudioError(ErrorCode.internal, 'the song has no meta record');
  const layout = metaRecord.file;
  const chunks = new Map<number, ChunkBuilder>();
  const chunkAt = (index: number) => {
    let chunk = chunks.get(index);
    if (!chunk) chunks.set(index, (chunk = new ChunkBuilder()));
    return chunk;
  };
  chunkAt(0);
  const tracks = records.filter((r): r is MidiTrackRecord => r.kind === 'track').sort((a, b) => a.order - b.order);
  const contents = new Map<string, TrackContent>(tracks.map((t) => [t.id, { notes: [], controls: [] }]));
  const songWide: MidiRecord[] = [];
  for (const r of records) {
    if (r.kind === 'chunk') {
      const chunk = chunkAt(r.index);
      chunk.end = r.end;
      for (const kept of (r as MidiChunkRecord).kept) chunk.add(kept.tick, { deltaTime: 0, ...kept.event } as MidiEvent, kept.seq, RANK.control);
    } else if (r.kind === 'note') contents.get(r.trackId)?.notes.push(r);
    else if (r.kind === 'cc' || r.kind === 'bend' || r.kind === 'program') contents.get(r.trackId)?.controls.push(r);
    else songWide.push(r);
  }
  // Without places (a song made here): time signatures, then keys, then tempos, markers and text at one tick.
  songWide.sort((a, b) => SONG_WIDE_ORDER.indexOf(a.kind) - SONG_WIDE_ORDER.indexOf(b.kind));
  for (const r of songWide) {
    const event = songWideEvent(r);
    if (event) chunkAt((r as { chunk?: number }).chunk ?? 0).add((r as { tick: number }).tick, event, (r as { seq?: number }).seq, RANK.control);
  }
  // The title: where the file had it, or first in the first chunk (unless the file had none and it is unchanged).
  const titleEvent = layout?.titleEvent;
  if (titleEvent) {
    const text = metaRecord.title === titleEvent.shown ? titleEvent.raw : textBytes(metaRecord.title, undefined);
    chunkAt(titleEvent.chunk).add(titleEvent.tick, meta('trackName', { text }), titleEvent.seq, RANK.head);
  } else if (!layout || metaRecord.title !== layout.untitled) {
    chunkAt(0).add(0, meta('trackName', { text: textBytes(metaRecord.title, undefined) }), UNPLACED, RANK.head);
  }
  // A track made here gets a chunk of its own, after those of the file.
  let nextChunk = Math.max(...chunks.keys()) + 1;
  for (const track of tracks) {
    const chunk = chunkAt(track.source?.chunk ?? nextChunk++);
    writeTrack(chunk, track, contents.get(track.id)!);
  }
  const ordered = [...chunks].sort((a, b) => a[0] - b[0]).map(([, chunk]) => encodeTrack(chunk.build()));
  const format = layout?.format === 0 && ordered.length === 1 ? 0 : 1;
  const header = { format: format as 0 | 1, numTracks: ordered.length, ticksPerBeat: metaRecord.ppqn };
  let headerBytes = Buffer.from(Uint8Array.from(writeMidi({ header, tracks: [] })).subarray(0, 14));
  // The header written for no tracks says 0 tracks: the count goes in by hand.
  headerBytes.writeUInt16BE(ordered.length, 10);
  if (layout?.headerExtra !== undefined) {
    headerBytes = Buffer.concat([headerBytes, Buffer.from(layout.headerExtra, 'latin1')]);
    headerBytes.writeUInt32BE(headerBytes.length - 8, 4);
  }
  // Chunks the studio does not read go back between the track chunks where they were.
  const parts: Buffer[] = [headerBytes];
  const foreign = layout?.foreignChunks ?? [];
  ordered.forEach((track, i) => {
    for (const chunk of foreign) if (chunk.before === i) parts.push(rawChunk(chunk.id, chunk.data));
    parts.push(track);
  });
  for (const chunk of foreign) if (chunk.before >= ordered.length) parts.push(rawChunk(chunk.id, chunk.data));
  return new Uint8Array(Buffer.concat(parts));
}

function rawChunk(id: string, data: string): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32BE(data.length, 4);
  return Buffer.concat([head, Buffer.from(data, 'latin1')]);
}
