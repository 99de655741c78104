/**
 * The song as playback reads it (playback/player-api.ts, SongSource): the records of the midi
 * store as they are now, and a version that moves on with every change, so a player can keep its
 * own index of the song between changes and hear an edit the next time the playhead reaches it.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { MidiRecord } from '../../../../../shared/midi/records';
import type { SongSource } from '../playback/player-api';
import type { MidiRecords, MidiState } from './midi-store';

const COLLECTIONS = ['tracks', 'notes', 'controllers', 'bends', 'programs', 'tempos', 'timeSigs', 'keySigs', 'markers', 'texts'] as const satisfies readonly (keyof MidiRecords)[];

export function* songRecords(state: MidiRecords): Generator<MidiRecord> {
  if (state.meta) yield state.meta;
  for (const collection of COLLECTIONS) yield* (state[collection] as ReadonlyMap<string, MidiRecord>).values();
}

export function songSourceOf(store: StoreApi<MidiState>): SongSource {
  let version = 0;
  let seen = store.getState();
  store.subscribe((state) => {
    if (state !== seen) version++;
    seen = state;
  });
  return {
    records: () => songRecords(store.getState()),
    version: () => version,
  };
}
