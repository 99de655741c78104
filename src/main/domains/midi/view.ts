/**
 * Read access to a song for verbs and queries: the meta record, tracks by name (errors that name
 * the existing tracks), positions as bars and beats, and the index behind them.
 */
import { TempoMap } from '../../../shared/midi/tempo-map';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { ParsedOp } from '../../fcp/grammar';
import { closestMatches } from '../../kernel/suggest';
import { findInstrument, instrumentName } from '../../../shared/midi/instruments';
import type { Meter } from '../../../shared/midi/meter';
import { type MidiMetaRecord, type MidiNoteRecord, type MidiStore, type MidiTrackRecord } from './model';
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

/** An op's text with its reference to a track (written bare or quoted) replaced. */
function replaceRef(raw: string, name: string, replacement: string): string {
  for (const written of [JSON.stringify(name), `'${name}'`, name]) if (raw.includes(written)) return raw.replace(written, replacement);
  return raw;
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

  /** The first track called `name`, ignoring case. */
  findTrack(name: string): MidiTrackRecord | undefined {
    return this.tracksNamed(name)[0];
  }

  /** The tracks called `name`, ignoring case, in order (a file may give several tracks one name). */
  tracksNamed(name: string): MidiTrackRecord[] {
    const lower = name.toLowerCase();
    return this.tracks().filter((t) => t.name.toLowerCase() === lower);
  }

  /**
   * The track called `name`, or the one numbered N by `#N` (its place in `tracks`, for a name
   * several tracks share). Else `Track 'X' not found` whose `try:` is the op with the nearest track
   * name, or a `track add` for it, and lists the tracks there are; or, for a name several tracks
   * have, an error that numbers them and suggests the op with the first one's number.
   */
  resolveTrack(name: string, op?: ParsedOp): MidiTrackRecord {
    const named = this.tracksNamed(name);
    if (named.length === 1) return named[0];
    const tracks = this.tracks();
    if (named.length > 1) {
      const numbers = named.map((t) => `#${tracks.indexOf(t) + 1} (ch:${t.channel}, ${instrumentName(t.program, t.drums)})`);
      const first = `#${tracks.indexOf(named[0]) + 1}`;
      throw new StudioError(
        ErrorCode.ambiguousRef,
        `${named.length} tracks are called '${named[0].name}': ${numbers.join(', ')}; refer to one by its number`,
        op ? replaceRef(op.raw, name, first) : first,
      );
    }
    const numbered = /^#(\d+)$/.exec(name.trim());
    if (numbered && Number(numbered[1]) >= 1 && Number(numbered[1]) <= tracks.length) return tracks[Number(numbered[1]) - 1];
    const names = tracks.map((t) => t.name);
    const near = closestMatches(name, names, 1)[0];
    const known = names.length ? ` (tracks: ${names.map(trackLabel).join(', ')})` : ' (the song has no tracks yet)';
    if (near) {
      const fixed = op ? replaceRef(op.raw, name, trackRef(near)) : trackRef(near);
      throw new StudioError(ErrorCode.unknownRef, `Track '${name}' not found. Did you mean '${near}'?`, `${fixed}${known}`);
    }
    const guess = findInstrument(name);
    const instrument = guess?.name ?? 'acoustic-grand-piano';
    throw new StudioError(ErrorCode.unknownRef, `Track '${name}' not found`, `track add ${trackRef(name)} instrument:${instrument}${known}`);
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
    return new TempoMap(this.ppqn, this.index.tempoMap()).secondsAt(tick);
  }

  positionContext(previousEnd?: number): PositionContext {
    return { meter: this.meter, ppqn: this.ppqn, endTick: () => this.index.end(), previousEnd };
  }
}
