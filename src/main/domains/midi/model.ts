/**
 * The midi domain's model: the song records of src/shared/midi/records.ts (shared with the Music
 * view, with a new song's defaults) and the limits the verbs and the file format keep to.
 */
import type { RecordStore } from '../../kernel/records';
import type { MidiRecord } from '../../../shared/midi/records';

export type {
  MidiBendRecord,
  MidiChunkRecord,
  MidiControllerRecord,
  MidiKeySigRecord,
  MidiMarkerRecord,
  MidiMetaRecord,
  MidiNoteRecord,
  MidiProgramRecord,
  MidiRecord,
  MidiRecordKind,
  MidiTempoRecord,
  MidiTextRecord,
  MidiTimeSigRecord,
  MidiTrackRecord,
} from '../../../shared/midi/records';

export type MidiStore = RecordStore<MidiRecord>;

/** The General MIDI drum channel (1-based, as clients write channels). */
export const DRUM_CHANNEL = 10;

/** Ticks per quarter note a song may have (`new ... ppqn:`, or a file's header). */
export const MIN_PPQN = 24;
export const MAX_PPQN = 9600;
/** Last tick of a song: the largest delta a Standard MIDI File can hold. */
export const MAX_TICK = 0x0fffffff;
/** Most notes one song holds, so that a file or a `repeat` cannot exhaust the core's memory. */
export const MAX_NOTES = 500_000;
export const MAX_TRACKS = 256;
export const MAX_NAME_LENGTH = 100;
export const MIN_TEMPO = 10;
/** Above about 775 bpm two tempos 0.01 apart share a microsecond count in a file; 700 keeps every tempo exact. */
export const MAX_TEMPO = 700;

/** Id prefixes of the records a verb creates: the id is prefix + creation order. */
export const ID_PREFIX = {
  track: 't',
  note: 'n',
  cc: 'c',
  bend: 'b',
  tempo: 'tp',
  timesig: 'ts',
  keysig: 'ks',
  marker: 'mk',
  program: 'pc',
  text: 'tx',
} as const;
export type IdKind = keyof typeof ID_PREFIX;
