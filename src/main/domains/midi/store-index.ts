/**
 * Derived lookups over a midi store, for verbs and queries that must stay fast on big songs:
 * tracks by name and order, each track's notes, controllers and bends (notes sorted by tick on
 * demand and cached until the track changes), the conductor events sorted by tick, the song's end,
 * and the content hash of the digest.
 *
 * Cached per store and keyed on `store.version`, like drawio's: writes made through MidiEdit
 * update it in place (a 1,000-op batch never rebuilds it); any other write (rollback, undo,
 * replay) bumps the version past the index and the next read rebuilds it from scratch.
 */
import { type StoreIndex, indexCache } from '../../fcp/indexed-store';
import { Meter } from '../../../shared/midi/meter';
import type {
  MidiBendRecord,
  MidiControllerRecord,
  MidiKeySigRecord,
  MidiMarkerRecord,
  MidiMetaRecord,
  MidiNoteRecord,
  MidiProgramRecord,
  MidiRecord,
  MidiStore,
  MidiTempoRecord,
  MidiTextRecord,
  MidiTimeSigRecord,
  MidiTrackRecord,
} from './model';

/** 32-bit FNV-1a of a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * What a record contributes to the song's hash: its content without ids, creation order or the
 * track it sits on (a track mixes in its own events' sum), so the same song built in another order,
 * or read back from its file, hashes the same. Mute, solo and the SoundFont are playback settings.
 */
function contentHash(r: MidiRecord): number {
  switch (r.kind) {
    case 'note':
      return fnv(`n${r.pitch},${r.tick},${r.dur},${r.vel},${r.channel ?? ''}`);
    case 'cc':
      return fnv(`c${r.controller},${r.value},${r.tick}${r.channel !== undefined ? `,${r.channel}` : ''}`);
    case 'bend':
      return fnv(`b${r.value},${r.tick}${r.channel !== undefined ? `,${r.channel}` : ''}`);
    case 'program':
      return fnv(`p${r.program},${r.tick},${r.channel ?? ''}`);
    case 'text':
      return fnv(`x${r.type},${r.text},${r.tick}`);
    case 'tempo':
      return fnv(`T${r.bpm},${r.tick}`);
    case 'timesig':
      return fnv(`S${r.numerator}/${r.denominator},${r.tick}`);
    case 'keysig':
      return fnv(`K${r.key},${r.mode},${r.tick}`);
    case 'marker':
      return fnv(`M${r.text},${r.tick}`);
    default:
      return 0;
  }
}

export class TrackEvents {
  readonly notes = new Map<string, MidiNoteRecord>();
  readonly ccs = new Map<string, MidiControllerRecord>();
  readonly bends = new Map<string, MidiBendRecord>();
  /** Program changes after the track's start. */
  readonly programs = new Map<string, MidiProgramRecord>();
  /** Sum of the content hashes of the events (mod 2^32). */
  sum = 0;
  private sorted?: MidiNoteRecord[];

  /** The notes by tick (then pitch); cached until a note of the track changes. */
  notesByTick(): readonly MidiNoteRecord[] {
    this.sorted ??= [...this.notes.values()].sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
    return this.sorted;
  }

  /** Controllers, bends and program changes by tick. */
  controlsByTick(): (MidiControllerRecord | MidiBendRecord | MidiProgramRecord)[] {
    return [...this.ccs.values(), ...this.bends.values(), ...this.programs.values()].sort((a, b) => a.tick - b.tick || (a.seq ?? 0) - (b.seq ?? 0));
  }

  /** Every event record of the track (for removing it with the track). */
  ids(): string[] {
    return [...this.notes.keys(), ...this.ccs.keys(), ...this.bends.keys(), ...this.programs.keys()];
  }

  changed(): void {
    this.sorted = undefined;
  }
}

function byTick<T extends { tick: number; id: string }>(a: T, b: T): number {
  return a.tick - b.tick;
}

export class MidiIndex implements StoreIndex<MidiRecord> {
  version = -1;
  meta!: MidiMetaRecord;
  readonly tracks = new Map<string, MidiTrackRecord>();
  readonly events = new Map<string, TrackEvents>();
  readonly tempos = new Map<string, MidiTempoRecord>();
  readonly timesigs = new Map<string, MidiTimeSigRecord>();
  readonly keysigs = new Map<string, MidiKeySigRecord>();
  readonly markers = new Map<string, MidiMarkerRecord>();
  /** Text events (lyrics, copyright, ...); song-wide, on the chunk they were in. */
  readonly texts = new Map<string, MidiTextRecord>();
  noteCount = 0;
  /** Sum of the conductor events' content hashes. */
  conductorSum = 0;
  private endTick?: number;
  private trackOrder?: MidiTrackRecord[];
  private cachedMeter?: Meter;
  private readonly sortedConductor = new Map<string, readonly { tick: number; id: string }[]>();

  static build(store: MidiStore): MidiIndex {
    const index = new MidiIndex();
    // Tracks first, so that their events find them.
    for (const r of store.all()) if (r.kind === 'track' || r.kind === 'meta') index.apply(null, r);
    for (const r of store.all()) if (r.kind !== 'track' && r.kind !== 'meta') index.apply(null, r);
    index.version = store.version;
    return index;
  }

  eventsOf(trackId: string): TrackEvents {
    let events = this.events.get(trackId);
    if (!events) this.events.set(trackId, (events = new TrackEvents()));
    return events;
  }

  /** Tracks in display (and file) order. */
  orderedTracks(): readonly MidiTrackRecord[] {
    this.trackOrder ??= [...this.tracks.values()].sort((a, b) => a.order - b.order);
    return this.trackOrder;
  }

  /** The song's last note-off tick (0 for a song without notes). */
  end(): number {
    if (this.endTick === undefined) {
      let end = 0;
      for (const events of this.events.values()) for (const n of events.notes.values()) end = Math.max(end, n.tick + n.dur);
      this.endTick = end;
    }
    return this.endTick;
  }

  meter(): Meter {
    this.cachedMeter ??= new Meter(this.meta.ppqn, this.timeSignatures());
    return this.cachedMeter;
  }

  tempoMap(): readonly MidiTempoRecord[] {
    return this.sorted(this.tempos, 'tempo');
  }

  timeSignatures(): readonly MidiTimeSigRecord[] {
    return this.sorted(this.timesigs, 'timesig');
  }

  keySignatures(): readonly MidiKeySigRecord[] {
    return this.sorted(this.keysigs, 'keysig');
  }

  markerList(): readonly MidiMarkerRecord[] {
    return this.sorted(this.markers, 'marker');
  }

  textList(): readonly MidiTextRecord[] {
    return this.sorted(this.texts, 'text');
  }

  private sorted<T extends { tick: number; id: string }>(source: Map<string, T>, kind: string): readonly T[] {
    let list = this.sortedConductor.get(kind);
    if (!list) this.sortedConductor.set(kind, (list = [...source.values()].sort(byTick)));
    return list as readonly T[];
  }

  /** `hash:3f2a1c`: the song's content (see contentHash), independent of ids and history. */
  hash(): string {
    const parts = [`${this.meta.title}\u0000${this.meta.ppqn}`, String(this.conductorSum)];
    for (const t of this.orderedTracks()) {
      const events = this.events.get(t.id);
      parts.push(`${t.name}\u0000${t.channel},${t.program},${t.bankMsb ?? ''},${t.bankLsb ?? ''},${t.drums},${t.volume ?? ''},${events?.sum ?? 0}`);
    }
    return fnv(parts.join('\u0001')).toString(16).padStart(8, '0').slice(0, 6);
  }

  /** Keeps the index in step with one record write (`before`/`after` null when absent). */
  apply(before: MidiRecord | null, after: MidiRecord | null): void {
    const record = (after ?? before)!;
    switch (record.kind) {
      case 'meta':
        // Every new record bumps the meta's counter; only a new ppqn changes the bar walk.
        if (this.meta?.ppqn !== (after as MidiMetaRecord).ppqn) this.cachedMeter = undefined;
        this.meta = after as MidiMetaRecord;
        return;
      case 'track':
        if (after) this.tracks.set(after.id, after as MidiTrackRecord);
        else this.tracks.delete(record.id);
        this.trackOrder = undefined;
        return;
      case 'note':
      case 'cc':
      case 'bend':
      case 'program':
        this.applyTrackEvent(before as MidiNoteRecord | null, after as MidiNoteRecord | null);
        return;
      case 'chunk':
        // What the file holds that the studio does not model: not part of the song's content hash.
        return;
      default:
        this.applyConductor(before, after);
    }
  }

  private applyTrackEvent(before: MidiNoteRecord | MidiControllerRecord | MidiBendRecord | MidiProgramRecord | null, after: typeof before): void {
    if (before) {
      const events = this.eventsOf(before.trackId);
      events.sum = (events.sum - contentHash(before)) >>> 0;
      if (before.kind === 'note') {
        events.notes.delete(before.id);
        events.changed();
        this.noteCount--;
        if (this.endTick !== undefined && before.tick + before.dur >= this.endTick) this.endTick = undefined;
      } else if (before.kind === 'cc') events.ccs.delete(before.id);
      else if (before.kind === 'program') events.programs.delete(before.id);
      else events.bends.delete(before.id);
    }
    if (after) {
      const events = this.eventsOf(after.trackId);
      events.sum = (events.sum + contentHash(after)) >>> 0;
      if (after.kind === 'note') {
        events.notes.set(after.id, after);
        events.changed();
        this.noteCount++;
        if (this.endTick !== undefined) this.endTick = Math.max(this.endTick, after.tick + after.dur);
      } else if (after.kind === 'cc') events.ccs.set(after.id, after);
      else if (after.kind === 'program') events.programs.set(after.id, after);
      else events.bends.set(after.id, after);
    }
  }

  private applyConductor(before: MidiRecord | null, after: MidiRecord | null): void {
    const kind = (after ?? before)!.kind as 'tempo' | 'timesig' | 'keysig' | 'marker' | 'text';
    const map = { tempo: this.tempos, timesig: this.timesigs, keysig: this.keysigs, marker: this.markers, text: this.texts }[kind] as Map<string, MidiRecord>;
    if (before) {
      map.delete(before.id);
      this.conductorSum = (this.conductorSum - contentHash(before)) >>> 0;
    }
    if (after) {
      map.set(after.id, after);
      this.conductorSum = (this.conductorSum + contentHash(after)) >>> 0;
    }
    this.sortedConductor.delete(kind);
    if (kind === 'timesig') this.cachedMeter = undefined;
  }
}

/** The index of `store`, rebuilt when something wrote to the store behind its back. */
export const indexOf = indexCache<MidiRecord, MidiIndex>((store) => MidiIndex.build(store));
