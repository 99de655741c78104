/**
 * The midi read model: the core's records for the song on screen, kept current by the change
 * feed (stores/document-store.ts). Never written by the view: a person's edit goes to the core as
 * ops and comes back here as a change event like anyone else's.
 *
 * Records sit in one immutable map per kind, replaced copy-on-write; what the views derive from
 * them (the note index, the bar grid, tracks in order) is computed once per version of its map.
 */
import type {
  MidiBendRecord,
  MidiControllerRecord,
  MidiKeySigRecord,
  MidiMarkerRecord,
  MidiMetaRecord,
  MidiNoteRecord,
  MidiProgramRecord,
  MidiRecord,
  MidiTempoRecord,
  MidiTextRecord,
  MidiTimeSigRecord,
  MidiTrackRecord,
} from '../../../../../shared/midi/records';
import {
  createDocumentStore,
  documentTransitions,
  initialDocumentState,
  type DocumentState,
  type DocumentStoreHandle,
  type DocumentStoreOptions,
} from '../../../stores/document-store';
import { applyCollectionChanges, kindOf, type CollectionSpec } from '../../../../../shared/record-collections';
import { noteIndexOf, type NoteIndex } from '../model/note-index';
import { meterOf } from '../model/timeline';
import { DEFAULT_PPQN } from '../../../../../shared/midi/records';
import type { Meter } from '../../../../../shared/midi/meter';
import { pushTo } from '../../../../../shared/list-map';

export const MIDI_DOMAIN = 'midi';

export interface MidiRecords {
  meta?: MidiMetaRecord;
  tracks: ReadonlyMap<string, MidiTrackRecord>;
  notes: ReadonlyMap<string, MidiNoteRecord>;
  controllers: ReadonlyMap<string, MidiControllerRecord>;
  bends: ReadonlyMap<string, MidiBendRecord>;
  tempos: ReadonlyMap<string, MidiTempoRecord>;
  timeSigs: ReadonlyMap<string, MidiTimeSigRecord>;
  keySigs: ReadonlyMap<string, MidiKeySigRecord>;
  markers: ReadonlyMap<string, MidiMarkerRecord>;
  /** Program changes after a track's start. */
  programs: ReadonlyMap<string, MidiProgramRecord>;
  /** Text events of a file: lyrics, copyright, ... */
  texts: ReadonlyMap<string, MidiTextRecord>;
}

export interface MidiState extends MidiRecords, DocumentState {}

type CollectionKey = Exclude<keyof MidiRecords, 'meta'>;

const COLLECTIONS: CollectionSpec<MidiRecord, CollectionKey> = {
  collectionOf: {
    track: 'tracks',
    note: 'notes',
    cc: 'controllers',
    bend: 'bends',
    tempo: 'tempos',
    timesig: 'timeSigs',
    keysig: 'keySigs',
    marker: 'markers',
    program: 'programs',
    text: 'texts',
  },
  singleton: 'meta',
};

/** Kinds whose changes the piano roll and the track list highlight. */
const HIGHLIGHTED: ReadonlySet<string> = new Set(['note', 'track', 'tempo', 'timesig', 'keysig', 'marker']);

export function emptyMidiRecords(): MidiRecords {
  return {
    meta: undefined,
    tracks: new Map(),
    notes: new Map(),
    controllers: new Map(),
    bends: new Map(),
    tempos: new Map(),
    timeSigs: new Map(),
    keySigs: new Map(),
    markers: new Map(),
    programs: new Map(),
    texts: new Map(),
  };
}

export function initialMidiState(): MidiState {
  return { ...emptyMidiRecords(), ...initialDocumentState() };
}

export function applyMidiChanges(records: MidiRecords, put: readonly unknown[], removed: readonly string[]): MidiRecords {
  return applyCollectionChanges(records, put, removed, COLLECTIONS);
}

export const midiTransitions = documentTransitions<MidiRecords, MidiState>({
  fromSnapshot: (records) => applyMidiChanges(emptyMidiRecords(), records, []),
  apply: applyMidiChanges,
  highlighted: (raw) => {
    const kind = kindOf(raw);
    return kind && HIGHLIGHTED.has(kind) ? (raw as MidiRecord).id : undefined;
  },
});

export type MidiStoreHandle = DocumentStoreHandle<MidiState>;

export function createMidiStore(options: DocumentStoreOptions): MidiStoreHandle {
  return createDocumentStore(MIDI_DOMAIN, initialMidiState, midiTransitions, options);
}

// ---- what the views derive, once per version of the maps it comes from ----------------------

function memoByMap<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = compute(key)));
    return value;
  };
}

export function ppqnOf(state: Pick<MidiRecords, 'meta'>): number {
  return state.meta?.ppqn ?? DEFAULT_PPQN;
}

const metersByPpqn = new Map<number, (sigs: ReadonlyMap<string, MidiTimeSigRecord>) => Meter>();

/** The song's bar grid (and its ppqn). */
export function songMeter(state: Pick<MidiRecords, 'meta' | 'timeSigs'>): Meter {
  const ppqn = ppqnOf(state);
  let compute = metersByPpqn.get(ppqn);
  if (!compute) metersByPpqn.set(ppqn, (compute = memoByMap((sigs) => meterOf(ppqn, sigs.values()))));
  return compute(state.timeSigs);
}

export function noteIndex(state: Pick<MidiRecords, 'notes'>): NoteIndex {
  return noteIndexOf(state.notes);
}

const tracksInOrder = memoByMap((tracks: ReadonlyMap<string, MidiTrackRecord>) => [...tracks.values()].sort((a, b) => a.order - b.order));

/** Tracks in display (and file) order. */
export function orderedTracks(state: Pick<MidiRecords, 'tracks'>): MidiTrackRecord[] {
  return tracksInOrder(state.tracks);
}

/** Song-wide events in time order. */
export const sortedByTick = memoByMap(<T extends { tick: number }>(records: ReadonlyMap<string, T>) =>
  [...records.values()].sort((a, b) => a.tick - b.tick),
) as <T extends { tick: number }>(records: ReadonlyMap<string, T>) => T[];

/**
 * The lyrics the piano roll shows with `track`'s notes, by tick: those in the file chunk the track
 * was read from, and those in chunks no track was read from (a song's lyrics on a track of their
 * own, as .kar files have them: text events after an `@` header).
 */
export function lyricsOf(state: Pick<MidiRecords, 'texts' | 'tracks'>, track: MidiTrackRecord | undefined): readonly MidiTextRecord[] {
  if (!track?.source) return [];
  const lyrics = lyricsByChunk(state.texts);
  if (lyrics.size === 0) return [];
  const owned = chunksOwned(state.tracks);
  const own = lyrics.get(track.source.chunk) ?? [];
  const loose = [...lyrics].filter(([chunk]) => !owned.has(chunk)).flatMap(([, list]) => list);
  return loose.length ? [...own, ...loose].sort((a, b) => a.tick - b.tick) : own;
}

/** The instrument changes of `track` after its start, by tick. */
export function programsOf(state: Pick<MidiRecords, 'programs'>, track: MidiTrackRecord | undefined): readonly MidiProgramRecord[] {
  return track ? (programsByTrack(state.programs).get(track.id) ?? []) : [];
}

const programsByTrack = memoByMap((programs: ReadonlyMap<string, MidiProgramRecord>) => {
  const byTrack = new Map<string, MidiProgramRecord[]>();
  for (const change of sortedByTick(programs)) {
    pushTo(byTrack, change.trackId, change);
  }
  return byTrack;
});

/** A .kar file's header text (`@KMIDI KARAOKE FILE`, `@T` title, `@L` language, ...): its chunk's other text events are sung syllables. */
const KARAOKE_TAG = /^@[A-Z]/;

const lyricsByChunk = memoByMap((texts: ReadonlyMap<string, MidiTextRecord>) => {
  const sorted = sortedByTick(texts);
  const karaoke = new Set(sorted.filter((t) => t.type === 'text' && KARAOKE_TAG.test(t.text)).map((t) => t.chunk ?? 0));
  const byChunk = new Map<number, MidiTextRecord[]>();
  for (const text of sorted) {
    const chunk = text.chunk ?? 0;
    const sung = text.type === 'lyric' || (text.type === 'text' && karaoke.has(chunk) && !KARAOKE_TAG.test(text.text));
    if (!sung) continue;
    pushTo(byChunk, chunk, text);
  }
  return byChunk;
});

const chunksOwned = memoByMap((tracks: ReadonlyMap<string, MidiTrackRecord>) => new Set([...tracks.values()].flatMap((t) => (t.source ? [t.source.chunk] : []))));

/** The track's volume as the track list shows it: its own, or the General MIDI default of 100. */
export function trackVolume(track: MidiTrackRecord): number {
  return track.volume ?? 100;
}
