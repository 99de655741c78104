/** Song-wide events (the conductor track): `tempo`, `time-sig`, `key-sig`, `marker`, `title`. */
import type { ParsedOp } from '../../../fcp/grammar';
import type { MidiEdit } from '../edit';
import { MAX_NAME_LENGTH, type MidiKeySigRecord, type MidiRecord, type MidiTempoRecord, type MidiTimeSigRecord } from '../model';
import { badParam, parseKey, parsePosition, parseTempo, parseTimeSig } from '../values';
import { type MidiVerb, begin } from './common';

const SECTION = 'Tempo, time, key & markers';
const MAX_TEXT_LENGTH = 200;

function positionOf(edit: MidiEdit, params: Record<string, string>): number {
  return params.at !== undefined ? parsePosition(params.at, edit.positionContext(edit.batch.previousEnd)) : 0;
}

/** Puts a tempo, time or key signature at `tick`, replacing the one already there; answers `+` or `* ... (was ...)`. */
function placeConductor<T extends MidiTempoRecord | MidiTimeSigRecord | MidiKeySigRecord>(
  edit: MidiEdit,
  existing: readonly T[],
  tick: number,
  kind: T['kind'],
  make: (id: string) => T,
  describe: (record: T) => string,
  label: string,
): string[] {
  const current = existing.find((r) => r.tick === tick);
  const made = make(current?.id ?? edit.allocate(kind).id);
  // A replaced event keeps its place in the file it was read from (its chunk, its order in the tick).
  const record = current?.chunk !== undefined || current?.seq !== undefined ? { ...made, chunk: current.chunk, seq: current.seq } : made;
  edit.put<MidiRecord>(record);
  return current
    ? [`* ${label} ${describe(record)} at ${edit.pos(tick)} (was ${describe(current)})`]
    : [`+ ${label} ${describe(record)} at ${edit.pos(tick)}`];
}

/** The text of a marker or title: its words, joined. */
function textOf(op: ParsedOp, what: string, example: string): string {
  const text = op.positionals.join(' ').trim();
  const limit = what === 'title' ? MAX_NAME_LENGTH : MAX_TEXT_LENGTH;
  if (!text || text.length > limit || /[\n\r]/.test(text)) throw badParam(`bad ${what} "${text}": 1..${limit} characters on one line`, example);
  return text;
}

const TEMPO_SYNTAX = 'tempo BPM [at:POS]';
const TIME_SIG_SYNTAX = 'time-sig N/D [at:POS]';
const KEY_SIG_SYNTAX = 'key-sig K-mode|Km|K [at:POS]';
const MARKER_SYNTAX = 'marker TEXT [at:POS]';
const TITLE_SYNTAX = 'title TEXT';

export const songVerbs: MidiVerb[] = [
  {
    name: 'tempo',
    syntax: TEMPO_SYNTAX,
    summary: 'set the tempo from a position on (1.1 unless given; replaces a tempo at the same position)',
    section: SECTION,
    examples: ['tempo 96', 'tempo 140 at:17.1'],
    handler(op, ctx) {
      const edit = begin(op, ctx, TEMPO_SYNTAX, { params: ['at'], positionals: [1, 1] });
      const bpm = parseTempo(op.positionals[0]);
      const tick = positionOf(edit, op.params);
      return placeConductor(edit, edit.index.tempoMap(), tick, 'tempo', (id) => ({ id, kind: 'tempo', tick, bpm }), (r) => `${r.bpm}`, 'Tempo');
    },
  },
  {
    name: 'time-sig',
    syntax: TIME_SIG_SYNTAX,
    summary: 'set the time signature from the start of a bar on (bars after it are counted in it)',
    section: SECTION,
    examples: ['time-sig 3/4', 'time-sig 6/8 at:9.1'],
    handler(op, ctx) {
      const edit = begin(op, ctx, TIME_SIG_SYNTAX, { params: ['at'], positionals: [1, 1] });
      const { numerator, denominator } = parseTimeSig(op.positionals[0]);
      const tick = positionOf(edit, op.params);
      const { bar, beat, offset } = edit.meter.positionOf(tick);
      if (beat !== 1 || offset !== 0) {
        throw badParam(`a time signature starts a bar; ${edit.pos(tick)} is inside bar ${bar}`, `time-sig ${numerator}/${denominator} at:${bar + 1}.1`);
      }
      return placeConductor(
        edit,
        edit.index.timeSignatures(),
        tick,
        'timesig',
        (id) => ({ id, kind: 'timesig', tick, numerator, denominator }),
        (r) => `${r.numerator}/${r.denominator}`,
        'Time signature',
      );
    },
  },
  {
    name: 'key-sig',
    syntax: KEY_SIG_SYNTAX,
    summary: 'set the key from a position on (C-major, A-minor, F#m, Bb)',
    section: SECTION,
    examples: ['key-sig D-major', 'key-sig Em at:9.1'],
    handler(op, ctx) {
      const edit = begin(op, ctx, KEY_SIG_SYNTAX, { params: ['at'], positionals: [1, 1] });
      const { key, mode } = parseKey(op.positionals[0], 'key-sig');
      const tick = positionOf(edit, op.params);
      return placeConductor(edit, edit.index.keySignatures(), tick, 'keysig', (id) => ({ id, kind: 'keysig', tick, key, mode }), (r) => `${r.key} ${r.mode}`, 'Key');
    },
  },
  {
    name: 'marker',
    syntax: MARKER_SYNTAX,
    summary: 'name a position (at 1.1 unless given)',
    section: SECTION,
    examples: ['marker Chorus at:9.1', 'marker "Verse 2" at:17.1'],
    handler(op, ctx) {
      const edit = begin(op, ctx, MARKER_SYNTAX, { params: ['at'], positionals: [1, Infinity] });
      const text = textOf(op, 'marker', 'marker Chorus at:9.1');
      const tick = positionOf(edit, op.params);
      edit.put({ id: edit.allocate('marker').id, kind: 'marker', tick, text });
      return [`+ Marker '${text}' at ${edit.pos(tick)}`];
    },
  },
  {
    name: 'title',
    syntax: TITLE_SYNTAX,
    summary: "set the song's title",
    section: SECTION,
    examples: ['title "Night Drive"'],
    handler(op, ctx) {
      const edit = begin(op, ctx, TITLE_SYNTAX, { positionals: [1, Infinity] });
      const title = textOf(op, 'title', 'title "My Song"');
      const before = edit.meta.title;
      edit.setMeta({ title });
      return [`* Title '${title}' (was '${before}')`];
    },
  },
];
