/**
 * The song of the midi domain as records (see src/main/fcp/records.ts): what the core's midi
 * domain edits and journals, what a DomainSnapshot and a ChangeEvent of domain `midi` carry, and
 * what the Music view draws. Shared by main and renderer so that both read the same shapes.
 *
 * Time is in ticks from the start of the song (tick 0 is position 1.1); `ppqn` ticks per quarter
 * note. Records are immutable: a verb replaces a record, never edits it in place.
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
}

/** An instrument track: one MIDI channel, one program. */
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
}

export interface MidiNoteRecord {
  readonly id: string;
  readonly kind: 'note';
  readonly trackId: string;
  /** MIDI note number 0..127 (C4 = 60). */
  readonly pitch: number;
  readonly tick: number;
  /** Length in ticks, > 0. */
  readonly dur: number;
  /** 1..127. */
  readonly vel: number;
  /** Channel override 1..16; the track's channel when absent. */
  readonly channel?: number;
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
}

/** A pitch bend on a track: -8192..8191, 0 is centre. */
export interface MidiBendRecord {
  readonly id: string;
  readonly kind: 'bend';
  readonly trackId: string;
  readonly value: number;
  readonly tick: number;
}

/** Song-wide events (the conductor track). */
export interface MidiTempoRecord {
  readonly id: string;
  readonly kind: 'tempo';
  readonly tick: number;
  /** Quarter notes per minute. */
  readonly bpm: number;
}

export interface MidiTimeSigRecord {
  readonly id: string;
  readonly kind: 'timesig';
  readonly tick: number;
  readonly numerator: number;
  /** A power of two: 1, 2, 4, 8, 16, 32. */
  readonly denominator: number;
}

export interface MidiKeySigRecord {
  readonly id: string;
  readonly kind: 'keysig';
  readonly tick: number;
  /** Tonic spelled as written, e.g. `C`, `F#`, `Bb`. */
  readonly key: string;
  readonly mode: 'major' | 'minor';
}

export interface MidiMarkerRecord {
  readonly id: string;
  readonly kind: 'marker';
  readonly tick: number;
  readonly text: string;
}

export type MidiRecord =
  | MidiMetaRecord
  | MidiTrackRecord
  | MidiNoteRecord
  | MidiControllerRecord
  | MidiBendRecord
  | MidiTempoRecord
  | MidiTimeSigRecord
  | MidiKeySigRecord
  | MidiMarkerRecord;

export type MidiRecordKind = MidiRecord['kind'];
