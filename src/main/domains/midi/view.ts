/**
 * Read access to a song for verbs and queries: the meta record, tracks by name (errors that name
 * the existing tracks), positions as bars and beats, and the index behind them.
 */
import { ErrorCode, FcpError } from '../../fcp/errors';
import type { ParsedOp } from '../../fcp/grammar';
import { closestMatches } from '../../fcp/suggest';
import { findInstrument } from './instruments';
import type { Meter } from './meter';
import { DEFAULT_TEMPO, type MidiMetaRecord, type MidiNoteRecord, type MidiStore, type MidiTrackRecord } from './model';
import { type MidiIndex, indexOf } from './store-index';
import type { PositionContext } from './values';

/** `Piano`, or `'Lead Guitar'` for a name with spaces. */
export function trackLabel(name: string): string {
  return /\s/.test(name) ? `'${name}'` : name;
}

/** How an op refers to a track: quoted when the name has spaces or quotes would be needed. */
export function trackRef(name: string): string {
  return /[\s"']/.test(name) ? JSON.stringify(name) : name;
}

/** The creation order of an event, from its id (prefix + order). */
export function creationOrder(id: string): number {
  return Number(/\d+$/.exec(id)?.[0] ?? 0);
}

export class MidiView {
  constructor(readonly store: MidiStore) {}

  get index(): MidiIndex {
    return indexOf(this.store);
  }

  get meta(): MidiMetaRecord {
    return this.index.meta;
  }

  get ppqn(): number {
    return this.meta.ppqn;
  }

  get meter(): Meter {
    return this.index.meter();
  }

  tracks(): readonly MidiTrackRecord[] {
    return this.index.orderedTracks();
  }

  track(id: string): MidiTrackRecord | undefined {
    return this.index.tracks.get(id);
  }

  /** The track called `name`, ignoring case. */
  findTrack(name: string): MidiTrackRecord | undefined {
    const lower = name.toLowerCase();
    for (const t of this.index.tracks.values()) if (t.name.toLowerCase() === lower) return t;
    return undefined;
  }

  /**
   * The track called `name`, or `Track 'X' not found` whose `try:` is the op with the nearest
   * track name, or a `track add` for it, and lists the tracks there are.
   */
  resolveTrack(name: string, op?: ParsedOp): MidiTrackRecord {
    const found = this.findTrack(name);
    if (found) return found;
    const names = this.tracks().map((t) => t.name);
    const near = closestMatches(name, names, 1)[0];
    const known = names.length ? ` (tracks: ${names.map(trackLabel).join(', ')})` : ' (the song has no tracks yet)';
    if (near) {
      const fixed = op ? op.raw.replace(name, trackRef(near)) : trackRef(near);
      throw new FcpError(ErrorCode.unknownRef, `Track '${name}' not found. Did you mean '${near}'?`, `${fixed}${known}`);
    }
    const guess = findInstrument(name);
    const instrument = guess?.name ?? 'acoustic-grand-piano';
    throw new FcpError(ErrorCode.unknownRef, `Track '${name}' not found`, `track add ${trackRef(name)} instrument:${instrument}${known}`);
  }

  /** The channel a note plays on: its own, else its track's. */
  channelOf(note: MidiNoteRecord): number {
    return note.channel ?? this.track(note.trackId)?.channel ?? 1;
  }

  /** `M.B` or `M.B.T`. */
  pos(tick: number): string {
    return this.meter.format(tick);
  }

  /** Seconds from the start of the song to `tick`, through the tempo map (120 bpm before the first tempo). */
  secondsAt(tick: number): number {
    let seconds = 0;
    let at = 0;
    let bpm = DEFAULT_TEMPO;
    for (const t of this.index.tempoMap()) {
      if (t.tick >= tick) break;
      seconds += ((t.tick - at) / this.ppqn) * (60 / bpm);
      at = t.tick;
      bpm = t.bpm;
    }
    return seconds + ((tick - at) / this.ppqn) * (60 / bpm);
  }

  positionContext(previousEnd?: number): PositionContext {
    return { meter: this.meter, ppqn: this.ppqn, endTick: () => this.index.end(), previousEnd };
  }
}
