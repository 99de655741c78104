/**
 * The song of the midi domain as records (see src/main/kernel/records.ts): what the core's midi
 * domain edits and journals, what a DomainSnapshot and a ChangeEvent of domain `midi` carry, and
 * what the Music view draws. Shared by main and renderer so that both read the same shapes.
 *
 * Time is in ticks from the start of the song (tick 0 is position 1.1); `ppqn` ticks per quarter
 * note. Records are immutable: a verb replaces a record, never edits it in place.
 */

/*
 * Records read from a file remember where each event was, so that a save writes the file back as it
 * was: `seq` is an event's place (0-based) among the events of its track chunk, and `chunk` (on
 * song-wide and text events) the chunk it is in (the first when absent). Events at one tick are
 * written in their places' order; an event a verb moves in time loses its place and is written by
 * kind (note-offs first, then controls and text, then note-ons) around the placed ones.
 */

/** Singleton, id `meta`. */
export interface MidiMetaRecord {
  readonly id: 'meta';
  readonly kind: 'meta';
  readonly title: string;
  /** Ticks per quarter note (default 480, set by `new ... ppqn:`). */
  readonly ppqn: number;
  /** Creation counter: the `order` of new tracks and the suffix of new event ids. */
  readonly nextOrder: number;
  /** Path of the SoundFont loaded with `load-soundfont`, workspace-relative; the default GM one when absent. */
  readonly soundfont?: string;
  /** Set when the song was read from a file: how to write it back as it was. */
  readonly file?: MidiFileLayout;
}

/** What a song read from a Standard MIDI File keeps of the file's layout, so that a save writes the same file. */
export interface MidiFileLayout {
  /** 0 (one track chunk) or 1. */
  readonly format: 0 | 1;
  /**
   * Where the title came from: a track name event (`raw` its bytes as Latin-1, `shown` the title it
   * gave) at place `seq` in chunk `chunk`; absent when the file names no song.
   */
  readonly titleEvent?: { readonly chunk: number; readonly seq: number; readonly tick: number; readonly raw: string; readonly shown: string };
  /** The title the song was given when the file had none (its file name): a save writes no title while it is unchanged. */
  readonly untitled?: string;
  /** Chunks other than track chunks, as read (`data` as Latin-1), each before the track chunk numbered `before` (0-based). */
  readonly foreignChunks?: readonly { readonly before: number; readonly id: string; readonly data: string }[];
  /** Header bytes past the six the format defines, as read (Latin-1). */
  readonly headerExtra?: string;
}


/**
 * A track read from a file: its chunk, and where its head events (name, bank select, program
 * change and volume at the start) were. A head value with no place here was not in the file and is
 * not written (unless a verb sets it; then its place is -1: written first at tick 0).
 */
export interface MidiTrackSource {
  /** The track chunk (0-based) its events are in; tracks split from a format 0 file share chunk 0. */
  readonly chunk: number;
  readonly head: { readonly name?: number; readonly bankMsb?: number; readonly bankLsb?: number; readonly program?: number; readonly volume?: number };
  /** The name event's bytes (Latin-1) and the name it was shown as: the bytes are written back while the name is unchanged. */
  readonly rawName?: string;
  readonly readName: string;
  /** The tick of its name event, when not 0. */
  readonly nameTick?: number;
}

/** An instrument track: one MIDI channel (events may name others), one program at its start. */
export interface MidiTrackRecord {
  readonly id: string;
  readonly kind: 'track';
  readonly name: string;
  /** 1..16; 10 is the General MIDI drum channel. */
  readonly channel: number;
  /** General MIDI program 0..127 (for drum kits: the kit number, 0 = standard-kit). */
  readonly program: number;
  /** Bank select (CC 0 / CC 32), when set. */
  readonly bankMsb?: number;
  readonly bankLsb?: number;
  /** A drum track: pitches are drum sounds, named by General MIDI drum names. */
  readonly drums: boolean;
  readonly mute: boolean;
  readonly solo: boolean;
  /** Track volume 0..127 (CC 7 at the start), when set. */
  readonly volume?: number;
  /** Display and file order. */
  readonly order: number;
  /** Set when the track was read from a file. */
  readonly source?: MidiTrackSource;
}

export interface MidiNoteRecord {
  readonly id: string;
  readonly kind: 'note';
  readonly trackId: string;
  /** MIDI note number 0..127 (C4 = 60). */
  readonly pitch: number;
  readonly tick: number;
  /** Length in ticks, >= 0 (a file may hold notes of length 0). */
  readonly dur: number;
  /** 1..127. */
  readonly vel: number;
  /** Channel override 1..16; the track's channel when absent. */
  readonly channel?: number;
  /** Place of its note-on in its chunk. */
  readonly seq?: number;
  /** Place of its note-off in the file. */
  readonly offSeq?: number;
  /** Its note-off's release velocity, when not 0. */
  readonly offVel?: number;
  /** The file ends it with a note-on of velocity 0, not a note-off. */
  readonly offAsOn?: true;
  /** The file never ends it (it sounds to the end of its track): no note-off is written. */
  readonly unended?: true;
}

/** A controller change on a track. */
export interface MidiControllerRecord {
  readonly id: string;
  readonly kind: 'cc';
  readonly trackId: string;
  /** Controller number 0..127. */
  readonly controller: number;
  readonly value: number;
  readonly tick: number;
  /** Channel override 1..16; the track's channel when absent. */
  readonly channel?: number;
  readonly seq?: number;
}

/**
 * A program change after a track's start (the one at its start is the track's `program`): the
 * instrument its channel plays from this tick on (with the bank select before it, when any).
 */
export interface MidiProgramRecord {
  readonly id: string;
  readonly kind: 'program';
  readonly trackId: string;
  /** General MIDI program 0..127 (on channel 10: the drum kit). */
  readonly program: number;
  readonly tick: number;
  readonly channel?: number;
  readonly seq?: number;
}

/** The kinds of text event a file may hold (markers are MidiMarkerRecords). */
export type MidiTextType = 'text' | 'copyright' | 'lyric' | 'cue' | 'instrument';

/** A text event: a comment, copyright notice, lyric (karaoke text too), cue point or instrument name. */
export interface MidiTextRecord {
  readonly id: string;
  readonly kind: 'text';
  readonly type: MidiTextType;
  readonly text: string;
  readonly tick: number;
  readonly chunk?: number;
  readonly seq?: number;
  /** Its bytes as read (Latin-1), when they are not UTF-8: written back while the text is unchanged. */
  readonly raw?: string;
}

/**
 * One track chunk of the file the song was read from, with what the studio does not model (system
 * exclusive, SMPTE offset, port and channel prefixes, sequencer-specific and unknown meta events,
 * aftertouch, note-offs without a note-on, a second track name, ...): kept as read and written back
 * at their places. Id `chunkN`.
 */
export interface MidiChunkRecord {
  readonly id: string;
  readonly kind: 'chunk';
  /** 0-based, the chunk's place in the file. */
  readonly index: number;
  /** The tick of its end-of-track event. */
  readonly end: number;
  readonly kept: readonly KeptEvent[];
}

/** An event kept as read: midi-file's event object (byte data as plain arrays), its tick and place. */
export interface KeptEvent {
  readonly tick: number;
  readonly seq: number;
  readonly event: Readonly<Record<string, unknown>> & { readonly type: string };
}

/** A pitch bend on a track: -8192..8191, 0 is centre. */
export interface MidiBendRecord {
  readonly id: string;
  readonly kind: 'bend';
  readonly trackId: string;
  readonly value: number;
  readonly tick: number;
  readonly channel?: number;
  readonly seq?: number;
}


/** Song-wide events (the conductor track). */
export interface MidiTempoRecord {
  readonly id: string;
  readonly kind: 'tempo';
  readonly tick: number;
  /** Quarter notes per minute (rounded to 0.01). */
  readonly bpm: number;
  /** Added on reading a file that sets none at 1.1 (120 bpm, 4/4, C major): not written. */
  readonly implied?: true;
  /** The exact tempo as a file gives it, microseconds per quarter note; written while it rounds to `bpm`. */
  readonly usPerQuarter?: number;
  readonly chunk?: number;
  readonly seq?: number;
}

export interface MidiTimeSigRecord {
  readonly id: string;
  readonly kind: 'timesig';
  readonly tick: number;
  readonly numerator: number;
  /** A power of two: 1, 2, 4, 8, 16, 32. */
  readonly denominator: number;
  readonly implied?: true;
  /** MIDI clocks per metronome click and 32nds per quarter, when a file gives other than 24 and 8. */
  readonly clocks?: number;
  readonly thirtySeconds?: number;
  readonly chunk?: number;
  readonly seq?: number;
}

export interface MidiKeySigRecord {
  readonly id: string;
  readonly kind: 'keysig';
  readonly tick: number;
  /** Tonic spelled as written, e.g. `C`, `F#`, `Bb`. */
  readonly key: string;
  readonly mode: 'major' | 'minor';
  readonly implied?: true;
  /** The file's sharps (negative: flats) and scale byte, when they do not spell `key` and `mode` exactly. */
  readonly sharps?: number;
  readonly scale?: number;
  readonly chunk?: number;
  readonly seq?: number;
}

export interface MidiMarkerRecord {
  readonly id: string;
  readonly kind: 'marker';
  readonly tick: number;
  readonly text: string;
  readonly chunk?: number;
  readonly seq?: number;
  readonly raw?: string;
}

export type MidiRecord =
  | MidiMetaRecord
  | MidiTrackRecord
  | MidiNoteRecord
  | MidiControllerRecord
  | MidiBendRecord
  | MidiProgramRecord
  | MidiTextRecord
  | MidiChunkRecord
  | MidiTempoRecord
  | MidiTimeSigRecord
  | MidiKeySigRecord
  | MidiMarkerRecord;

export type MidiRecordKind = MidiRecord['kind'];

/** A new song's defaults (and a note's velocity when none is given). */
export const DEFAULT_PPQN = 480;
export const DEFAULT_TEMPO = 120;
export const DEFAULT_VELOCITY = 80;
