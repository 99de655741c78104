/** Songs and change events for the Music view's tests, shaped like the core's midi records. */
import type { ChangeEvent, DomainSnapshot } from '../../../shared/change-feed';
import type {
  MidiMarkerRecord,
  MidiMetaRecord,
  MidiNoteRecord,
  MidiRecord,
  MidiTempoRecord,
  MidiTimeSigRecord,
  MidiTrackRecord,
} from '../../../shared/midi/records';
import { batch as drawioBatch, snapshotOf as drawioSnapshotOf } from './drawio-fixtures';

export const songMeta = (patch: Partial<MidiMetaRecord> = {}): MidiMetaRecord => ({
  id: 'meta',
  kind: 'meta',
  title: 'Sketch',
  ppqn: 480,
  nextOrder: 100,
  ...patch,
});

export const track = (id: string, name: string, patch: Partial<MidiTrackRecord> = {}): MidiTrackRecord => ({
  id,
  kind: 'track',
  name,
  channel: 1,
  program: 0,
  drums: false,
  mute: false,
  solo: false,
  order: 1,
  ...patch,
});

export const note = (id: string, trackId: string, pitch: number, tick: number, patch: Partial<MidiNoteRecord> = {}): MidiNoteRecord => ({
  id,
  kind: 'note',
  trackId,
  pitch,
  tick,
  dur: 480,
  vel: 80,
  ...patch,
});

export const timeSig = (id: string, tick: number, numerator: number, denominator: number): MidiTimeSigRecord => ({
  id,
  kind: 'timesig',
  tick,
  numerator,
  denominator,
});

export const tempo = (id: string, tick: number, bpm: number): MidiTempoRecord => ({ id, kind: 'tempo', tick, bpm });

export const marker = (id: string, tick: number, text: string): MidiMarkerRecord => ({ id, kind: 'marker', tick, text });

export function songSnapshot(records: MidiRecord[], patch: Partial<DomainSnapshot> = {}): DomainSnapshot {
  return drawioSnapshotOf([], { domain: 'midi', title: 'Sketch', records, ...patch });
}

export function songBatch(seq: number, patch: Partial<ChangeEvent> = {}): ChangeEvent {
  return drawioBatch(seq, { domain: 'midi', ...patch });
}
