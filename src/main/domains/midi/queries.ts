/**
 * The midi queries (midi_query): map, tracks, events, piano-roll, find, instruments, stats,
 * describe, diff. Read-only; `status` and `history` come from the engine.
 */
import { firstAtOrAfter } from '../../../shared/midi/performance';
import { type DiffDescription, diffQuery } from '../../fcp/common-queries';
import type { QuerySpec } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import { parseOp, tokenize } from '../../fcp/grammar';
import { checkNoArguments, summarizedLines } from '../../fcp/presence';
import type { RecordDiff } from '../../kernel/records';
import { capLines, plural } from '../../fcp/text';
import { clockTime, controlEvent, noteEvent, noteSentence, textEvent, trackFlags, trackInstrument, trackSummary } from './format';
import { DRUM_KITS, GM_FAMILIES, GM_PROGRAMS, VOLUME_CONTROLLER, controllerName, drumPitch, findInstrument } from '../../../shared/midi/instruments';
import type { MidiNoteRecord, MidiRecord, MidiTrackRecord } from './model';
import type { TrackEvents } from './store-index';
import { type TickRange, parseDuration, parsePitch, parsePitchClass, parseRange } from './values';
import { drumOrPitchName, pitchName } from '../../../shared/midi/pitches';
import { MidiView, trackLabel, trackRef } from './view';

type MidiQuery = QuerySpec<MidiRecord>;

/** Instrument changes `describe` lists before pointing at `events`. */
const MAX_CHANGES_SHOWN = 20;

/** Most lines an `events`, `find` or `diff` answer lists before saying how many it left out. */
export const MAX_LISTED = 1000;

/** The words of a query's arguments, quotes removed (`events "Lead Guitar"`). */
function argWords(args: string): string[] {
  return tokenize(args).map((t) => t.text);
}

function needTrack(view: MidiView, name: string | undefined, example: string): MidiTrackRecord {
  if (!name) throw new StudioError(ErrorCode.missingArg, 'missing TRACK', example);
  return view.resolveTrack(name);
}

function eventCounts(events: TrackEvents | undefined): string {
  const programs = events?.programs.size ? `, ${plural(events.programs.size, 'program change')}` : '';
  return `${plural(events?.notes.size ?? 0, 'note')}, ${events?.ccs.size ?? 0} cc, ${plural(events?.bends.size ?? 0, 'bend')}${programs}`;
}

// ---- map, tracks --------------------------------------------------------------------------------

const map: MidiQuery = {
  name: 'map',
  syntax: 'map',
  summary: 'the song: title, tempo, time signature, key, ppqn, their changes, markers, tracks',
  handler(_args, ctx) {
    const view = new MidiView(ctx.store);
    const index = view.index;
    const tempo = index.tempoMap();
    const sigs = index.timeSignatures();
    const keys = index.keySignatures();
    const first = `tempo:${tempo[0]?.bpm ?? 120} | ${sigs[0] ? `${sigs[0].numerator}/${sigs[0].denominator}` : '4/4'} | ${keys[0] ? `${keys[0].key} ${keys[0].mode}` : 'C major'} | ppqn:${view.ppqn}`;
    const out = [`Song: ${view.meta.title}`, `  ${first}`];
    const changes = (label: string, list: { tick: number; text: string }[]) => {
      if (list.length > 1) out.push(`  ${label}: ${list.slice(1).map((r) => `${r.text}@${view.pos(r.tick)}`).join(', ')}`);
    };
    changes('tempo changes', tempo.map((r) => ({ tick: r.tick, text: String(r.bpm) })));
    changes('time-sig changes', sigs.map((r) => ({ tick: r.tick, text: `${r.numerator}/${r.denominator}` })));
    changes('key changes', keys.map((r) => ({ tick: r.tick, text: `${r.key} ${r.mode}` })));
    const markers = index.markerList();
    if (markers.length) out.push(`  Markers: ${markers.map((m) => `${m.text}@${view.pos(m.tick)}`).join(', ')}`);
    const texts = index.textList();
    for (const notice of texts.filter((t) => t.type === 'copyright')) out.push(`  Copyright: ${notice.text}`);
    const lyrics = texts.filter((t) => t.type === 'lyric').length;
    const other = texts.length - lyrics;
    if (texts.length) out.push(`  Text: ${plural(lyrics, 'lyric')}, ${plural(other, 'other text event')} (events * lists them)`);
    const list = view.tracks();
    if (list.length === 0) out.push('  No tracks (add one: track add Piano instrument:acoustic-grand-piano)');
    else out.push(`  Tracks (${list.length}):`, ...list.map((t, i) => `    ${i + 1}. ${trackSummary(view, t)}`));
    return out.join('\n');
  },
};

const tracks: MidiQuery = {
  name: 'tracks',
  syntax: 'tracks',
  summary: 'every track: channel, instrument, note/cc/bend counts, volume, mute, solo',
  handler(_args, ctx) {
    const view = new MidiView(ctx.store);
    const list = view.tracks();
    if (list.length === 0) return 'tracks: none (add one: track add Piano instrument:acoustic-grand-piano)';
    return [
      `tracks: ${list.length}`,
      ...list.map((t, i) => `  ${i + 1}. ${trackLabel(t.name)} ch:${t.channel} ${trackInstrument(t)} | ${eventCounts(view.index.events.get(t.id))}${trackFlags(t)}`),
    ].join('\n');
  },
};

// ---- events ---------------------------------------------------------------------------------------

/** A track's events in a range by tick (its volume at 1.1, notes, controllers and bends), at most `limit` lines. */
function trackEventLines(view: MidiView, track: MidiTrackRecord, range: TickRange | undefined, limit: number): { lines: string[]; total: number; noteIds: string[] } {
  const events = view.index.events.get(track.id);
  const notes = events?.notesByTick() ?? [];
  const noteIds: string[] = [];
  const controls = (events?.controlsByTick() ?? []).filter((e) => !range || (e.tick >= range.start && e.tick < range.end));
  const lines: string[] = [];
  let total = 0;
  const emit = (line: () => string) => {
    if (lines.length < limit) lines.push(line());
    total++;
  };
  if (track.volume !== undefined && (!range || range.start === 0)) emit(() => `${view.pos(0)} cc ${controllerName(VOLUME_CONTROLLER)} ${track.volume}`);
  let c = 0;
  for (let i = range ? firstAtOrAfter(notes, range.start) : 0; i < notes.length && (!range || notes[i].tick < range.end); i++) {
    for (; c < controls.length && controls[c].tick <= notes[i].tick; c++) emit(() => controlEvent(view, controls[c]));
    if (lines.length < limit) noteIds.push(notes[i].id);
    emit(() => noteEvent(view, notes[i]));
  }
  for (; c < controls.length; c++) emit(() => controlEvent(view, controls[c]));
  return { lines, total, noteIds };
}

/** Tempo, time and key signatures and markers in a range, by tick. */
function songEventLines(view: MidiView, range: TickRange | undefined): string[] {
  const index = view.index;
  const entries: [number, string][] = [
    ...index.tempoMap().map((r): [number, string] => [r.tick, `tempo ${r.bpm}`]),
    ...index.timeSignatures().map((r): [number, string] => [r.tick, `time-sig ${r.numerator}/${r.denominator}`]),
    ...index.keySignatures().map((r): [number, string] => [r.tick, `key-sig ${r.key} ${r.mode}`]),
    ...index.markerList().map((r): [number, string] => [r.tick, `marker '${r.text}'`]),
    ...index.textList().map((r): [number, string] => [r.tick, textEvent(r)]),
  ];
  return entries
    .filter(([tick]) => !range || (tick >= range.start && tick < range.end))
    .sort((a, b) => a[0] - b[0])
    .map(([tick, text]) => `${view.pos(tick)} ${text}`);
}

function moreLine(shown: number, total: number, indent: string, hint: string): string[] {
  return total > shown ? [`${indent}... ${total - shown} more (${hint})`] : [];
}

const events: MidiQuery = {
  name: 'events',
  syntax: 'events TRACK|* [M.B-M.B]',
  summary: 'the events of a track (* for every track and the song-wide ones) by time; a range includes its last beat',
  handler(args, ctx) {
    const view = new MidiView(ctx.store);
    const words = argWords(args);
    if (!words[0]) throw new StudioError(ErrorCode.missingArg, 'missing TRACK (or * for all)', 'events Piano 1.1-4.4');
    if (words.length > 2) throw new StudioError(ErrorCode.badParam, `events takes TRACK and a range, not "${args}" (quote a name with spaces)`, 'events "Lead Guitar" 1.1-4.4');
    const range = words[1] ? parseRange(words[1], view.meter) : undefined;
    const where = words[1] ? ` ${words[1]}` : '';
    if (words[0] !== '*') {
      const track = view.resolveTrack(words[0]);
      const { lines, total, noteIds } = trackEventLines(view, track, range, MAX_LISTED);
      ctx.noteRead([track.id, ...noteIds]);
      return [
        `events ${trackLabel(track.name)}${where}: ${plural(total, 'event')} (ch:${track.channel} ${trackInstrument(track)})`,
        ...lines.map((l) => `  ${l}`),
        ...moreLine(lines.length, total, '  ', 'narrow the range'),
      ].join('\n');
    }
    const out = [`events *${where}:`, '  song:', ...songEventLines(view, range).map((l) => `    ${l}`)];
    let budget = MAX_LISTED;
    for (const track of view.tracks()) {
      const { lines, total } = trackEventLines(view, track, range, budget);
      budget -= lines.length;
      out.push(`  ${trackLabel(track.name)} (ch:${track.channel} ${trackInstrument(track)}): ${plural(total, 'event')}`, ...lines.map((l) => `    ${l}`));
      out.push(...moreLine(lines.length, total, '    ', 'narrow the range, or ask for one track'));
    }
    return out.join('\n');
  },
};

// ---- piano-roll -------------------------------------------------------------------------------------

const MAX_COLUMNS = 256;
/** Steps tried, finest first, until the range fits in MAX_COLUMNS. */
const ROLL_STEPS = ['sixteenth', 'eighth', 'quarter', 'half', 'whole'];

/** Every pitch from the highest note to the lowest, high first. */
function pitchSpan(notes: readonly MidiNoteRecord[]): number[] {
  let low = 127;
  let high = 0;
  for (const n of notes) {
    low = Math.min(low, n.pitch);
    high = Math.max(high, n.pitch);
  }
  return Array.from({ length: high - low + 1 }, (_, i) => high - i);
}

/** Columns where a bar starts, with the bar's number. */
function barColumns(view: MidiView, range: TickRange, step: number, columns: number): Map<number, number> {
  const out = new Map<number, number>();
  let previous = -1;
  for (let col = 0; col < columns; col++) {
    const { bar } = view.meter.positionOf(range.start + col * step);
    if (bar !== previous && (col > 0 || view.meter.barStart(bar) === range.start)) out.set(col, bar);
    previous = bar;
  }
  return out;
}

const pianoRoll: MidiQuery = {
  name: 'piano-roll',
  syntax: 'piano-roll TRACK M.B-M.B [step:DUR]',
  summary: 'ASCII piano roll: one column per step (a 16th, coarser for long ranges), rows high to low, # where a note sounds, | at bar lines',
  handler(args, ctx) {
    const view = new MidiView(ctx.store);
    const op = parseOp(`piano-roll ${args}`);
    const track = needTrack(view, op.positionals[0], 'piano-roll Piano 1.1-4.4');
    if (!op.positionals[1]) throw new StudioError(ErrorCode.missingArg, 'missing the range M.B-M.B', `piano-roll ${trackRef(track.name)} 1.1-4.4`);
    const range = parseRange(op.positionals[1], view.meter);
    const length = range.end - range.start;
    const step =
      op.params.step !== undefined
        ? parseDuration(op.params.step, view.ppqn, 'step')
        : ROLL_STEPS.map((s) => parseDuration(s, view.ppqn)).find((s) => Math.ceil(length / s) <= MAX_COLUMNS);
    if (step === undefined || Math.ceil(length / step) > MAX_COLUMNS) {
      throw new StudioError(ErrorCode.badParam, `the range needs more than ${MAX_COLUMNS} columns at that step`, 'a shorter range, or a longer step:DUR');
    }
    const columns = Math.ceil(length / step);
    const head = `piano-roll ${trackLabel(track.name)} ${op.positionals[1]} (step ${step} ticks, ${plural(columns, 'column')})`;
    const notes = (view.index.events.get(track.id)?.notesByTick() ?? []).filter((n) => n.tick < range.end && n.tick + n.dur > range.start);
    if (notes.length === 0) return `${head}: no notes in range`;
    const pitches = track.drums ? [...new Set(notes.map((n) => n.pitch))].sort((a, b) => b - a) : pitchSpan(notes);
    const rows = new Map(pitches.map((p) => [p, Array<string>(columns).fill('.')]));
    for (const n of notes) {
      const row = rows.get(n.pitch)!;
      const last = Math.min(columns, Math.ceil((n.tick + n.dur - range.start) / step));
      for (let col = Math.max(0, Math.floor((n.tick - range.start) / step)); col < last; col++) row[col] = '#';
    }
    const bars = barColumns(view, range, step, columns);
    const labels = pitches.map((p) => drumOrPitchName(p, track.drums));
    const width = Math.max(4, ...labels.map((l) => l.length + 1));
    const cells = (row: string[]) => row.map((cell, col) => `${bars.has(col) ? '|' : ''}${cell}`).join('');
    // The ruler: each bar's number over its bar line (a long number runs on into the columns after).
    let ruler = '';
    let at = 0;
    for (let col = 0; col < columns; col++) {
      if (bars.has(col)) {
        if (ruler.length <= at) ruler = ruler.padEnd(at) + String(bars.get(col));
        at++;
      }
      at++;
    }
    return [head, `${''.padEnd(width)}${ruler}`, ...pitches.map((p, i) => `${labels[i].padEnd(width)}${cells(rows.get(p)!)}|`)].join('\n');
  },
};

// ---- find, instruments --------------------------------------------------------------------------------

const find: MidiQuery = {
  name: 'find',
  syntax: 'find PITCH',
  summary: 'notes of a pitch (C4), a pitch class (C, any octave) or a drum sound (kick), on every track',
  handler(args, ctx) {
    const view = new MidiView(ctx.store);
    const text = argWords(args).join(' ');
    if (!text) throw new StudioError(ErrorCode.missingArg, 'missing PITCH', 'find C4');
    const pitchClass = parsePitchClass(text);
    const pitch = pitchClass === undefined ? (drumPitch(text) ?? parsePitch(text)) : undefined;
    const matches = (n: MidiNoteRecord) => (pitchClass !== undefined ? n.pitch % 12 === pitchClass : n.pitch === pitch);
    const lines: string[] = [];
    for (const track of view.tracks()) {
      for (const n of view.index.events.get(track.id)?.notesByTick() ?? []) if (matches(n)) lines.push(`  ${trackLabel(track.name)} ${noteEvent(view, n)}`);
    }
    if (lines.length === 0) return `find ${text}: no notes`;
    return [`find ${text}: ${plural(lines.length, 'note')}`, ...capLines(lines, MAX_LISTED, (n) => `  ... ${n} more`)].join('\n');
  },
};

const instruments: MidiQuery = {
  name: 'instruments',
  syntax: 'instruments [FILTER]',
  summary: 'the 128 General MIDI instruments by family and the drum kits, or those whose name or family contains FILTER',
  handler(args) {
    const filter = argWords(args).join('-').toLowerCase();
    const kits = Object.entries(DRUM_KITS).map(([name, program]) => ({ name, program }));
    if (!filter) {
      return [
        `instruments: ${GM_PROGRAMS.length} General MIDI programs (program:N) and ${kits.length} drum kits`,
        ...GM_FAMILIES.map((family, f) => `  ${family} ${f * 8}-${f * 8 + 7}: ${GM_PROGRAMS.slice(f * 8, f * 8 + 8).join(' ')}`),
        `  drum kits (channel 10): ${kits.map((k) => k.name).join(' ')}`,
      ].join('\n');
    }
    const lines = GM_PROGRAMS.flatMap((name, program) => {
      const family = GM_FAMILIES[Math.floor(program / 8)];
      return name.includes(filter) || family.replace(/ /g, '-').includes(filter) ? [`  program:${program} ${name} (${family})`] : [];
    });
    for (const kit of kits) if (kit.name.includes(filter) || 'drums'.includes(filter)) lines.push(`  ${kit.name} (drum kit ${kit.program}, channel 10)`);
    const alias = findInstrument(filter);
    if (lines.length === 0) {
      if (alias) return `instruments ${filter}: no name contains it, but instrument:${filter} means ${alias.name}`;
      return `instruments ${filter}: no matches (try: instruments, for the whole list)`;
    }
    return [`instruments ${filter}: ${plural(lines.length, 'match', 'matches')}`, ...lines].join('\n');
  },
};

// ---- stats, describe ----------------------------------------------------------------------------------

function spanOf(notes: Iterable<MidiNoteRecord>): { low: number; high: number; soft: number; loud: number; count: number } {
  const s = { low: 127, high: 0, soft: 127, loud: 0, count: 0 };
  for (const n of notes) {
    s.low = Math.min(s.low, n.pitch);
    s.high = Math.max(s.high, n.pitch);
    s.soft = Math.min(s.soft, n.vel);
    s.loud = Math.max(s.loud, n.vel);
    s.count++;
  }
  return s;
}

function allNotes(view: MidiView): Iterable<MidiNoteRecord> {
  return (function* () {
    for (const events of view.index.events.values()) yield* events.notes.values();
  })();
}

const stats: MidiQuery = {
  name: 'stats',
  syntax: 'stats',
  summary: 'counts, length in bars and in time, pitch and velocity ranges, notes per track',
  handler(_args, ctx) {
    const view = new MidiView(ctx.store);
    const index = view.index;
    const end = index.end();
    let ccs = 0;
    let bends = 0;
    for (const e of index.events.values()) {
      ccs += e.ccs.size;
      bends += e.bends.size;
    }
    const span = spanOf(allNotes(view));
    const out = [
      `stats: "${view.meta.title}" | ${plural(index.tracks.size, 'track')}, ${plural(index.noteCount, 'note')}, ${plural(ccs, 'controller event')}, ${plural(bends, 'pitch bend')}`,
      `  length: ${plural(view.meter.barsIn(end), 'bar')}, ${clockTime(view.secondsAt(end))} (ends at ${view.pos(end)}) | ppqn:${view.ppqn}`,
      `  song events: ${plural(index.tempos.size, 'tempo')}, ${plural(index.timesigs.size, 'time signature')}, ${plural(index.keysigs.size, 'key signature')}, ${plural(index.markers.size, 'marker')}`,
    ];
    if (span.count) out.push(`  pitch ${pitchName(span.low)}..${pitchName(span.high)} | velocity ${span.soft}..${span.loud}`);
    if (index.tracks.size) out.push(`  notes per track: ${view.tracks().map((t) => `${trackLabel(t.name)} ${index.events.get(t.id)?.notes.size ?? 0}`).join(', ')}`);
    return out.join('\n');
  },
};

const describe: MidiQuery = {
  name: 'describe',
  syntax: 'describe TRACK',
  summary: 'everything about one track: channel, instrument, bank, volume, mute/solo, notes, ranges, controllers',
  handler(args, ctx) {
    const view = new MidiView(ctx.store);
    const track = needTrack(view, argWords(args).join(' ') || undefined, 'describe Piano');
    ctx.noteRead([track.id]);
    const events = view.index.events.get(track.id);
    const notes = events?.notesByTick() ?? [];
    const out = [
      `Track '${track.name}' #${track.id}${track.drums ? ' (drums)' : ''}`,
      `  ch:${track.channel} ${trackInstrument(track)} (program:${track.program})${trackFlags(track)}`,
      `  ${eventCounts(events)}`,
    ];
    if (notes.length) {
      const span = spanOf(notes);
      const end = notes.reduce((max, n) => Math.max(max, n.tick + n.dur), 0);
      out.push(`  notes from ${view.pos(notes[0].tick)} to ${view.pos(end)} | pitch ${drumOrPitchName(span.low, track.drums)}..${drumOrPitchName(span.high, track.drums)} | velocity ${span.soft}..${span.loud}`);
      const overrides = [...new Set(notes.filter((n) => n.channel !== undefined).map((n) => n.channel))];
      if (overrides.length) out.push(`  notes on other channels: ${overrides.join(', ')}`);
    }
    const controllers = new Map<string, number>();
    for (const cc of events?.ccs.values() ?? []) controllers.set(controllerName(cc.controller), (controllers.get(controllerName(cc.controller)) ?? 0) + 1);
    if (controllers.size) out.push(`  controllers: ${[...controllers].map(([name, n]) => `${name} ${n}`).join(', ')}`);
    const changes = (events?.controlsByTick() ?? []).filter((e) => e.kind === 'program');
    if (changes.length) {
      const shown = changes.slice(0, MAX_CHANGES_SHOWN).map((e) => controlEvent(view, e).replace(/^(\S+) program (.*)$/, '$2@$1'));
      out.push(`  instrument changes: ${shown.join(', ')}${changes.length > shown.length ? `, ... (${changes.length} in all; events ${trackRef(track.name)} lists them)` : ''}`);
    }
    return out.join('\n');
  },
};

// ---- diff ---------------------------------------------------------------------------------------------

/** One line per change of a diff, song events first, then tracks, then notes and controls by time. */
export function describeDiff(view: MidiView, diff: RecordDiff<MidiRecord>): DiffDescription {
  // Removed tracks still name their notes: their last record is in the diff.
  const gone = new Map<string, MidiTrackRecord>();
  for (const [before, after] of Object.values(diff)) if (before?.kind === 'track' && !after) gone.set(before.id, before);
  const trackName = (id: string) => trackLabel(view.track(id)?.name ?? gone.get(id)?.name ?? id);
  const rank = (r: MidiRecord) => ['meta', 'tempo', 'timesig', 'keysig', 'marker', 'track'].indexOf(r.kind) + 1 || 9;
  const tickOf = (r: MidiRecord) => ('tick' in r ? r.tick : 0);
  const entries = Object.values(diff).sort(([b1, a1], [b2, a2]) => {
    const r1 = (a1 ?? b1)!;
    const r2 = (a2 ?? b2)!;
    return rank(r1) - rank(r2) || tickOf(r1) - tickOf(r2);
  });
  const counts = { added: 0, removed: 0, changed: 0 };
  const lines: string[] = [];
  for (const [before, after] of entries) {
    const record = (after ?? before)!;
    const sign = !before ? '+' : !after ? '-' : '*';
    const text = describeRecord(view, record, trackName);
    if (text === undefined) continue;
    const was = before && after ? describeRecord(view, before, trackName) : undefined;
    if (was === text) continue;
    lines.push(`${sign} ${text}${was !== undefined ? ` (was: ${was})` : ''}`);
    counts[sign === '+' ? 'added' : sign === '-' ? 'removed' : 'changed']++;
  }
  return { lines, ...counts };
}

function describeRecord(view: MidiView, r: MidiRecord, trackName: (id: string) => string): string | undefined {
  switch (r.kind) {
    case 'note':
      return noteSentence(view, r, trackName(r.trackId));
    case 'cc':
    case 'bend':
    case 'program':
      return `${controlEvent(view, r)} on ${trackName(r.trackId)}`;
    case 'text':
      return `Text ${textEvent(r)} at ${view.pos(r.tick)}`;
    case 'track':
      return `Track '${r.name}' (ch:${r.channel}, ${trackInstrument(r)})${trackFlags(r)}`;
    case 'tempo':
      return `Tempo ${r.bpm} at ${view.pos(r.tick)}`;
    case 'timesig':
      return `Time signature ${r.numerator}/${r.denominator} at ${view.pos(r.tick)}`;
    case 'keysig':
      return `Key ${r.key} ${r.mode} at ${view.pos(r.tick)}`;
    case 'marker':
      return `Marker '${r.text}' at ${view.pos(r.tick)}`;
    case 'meta':
      return `Title '${r.title}'${r.soundfont ? ` | soundfont ${r.soundfont}` : ''}`;
  }
}

const diff = diffQuery<MidiRecord>('midi_session', (store, changes) => describeDiff(new MidiView(store), changes), MAX_LISTED);

/** Where a picked track's notes lie: first to last position, lowest to highest pitch (none without notes). */
function trackSpan(view: MidiView, track: MidiTrackRecord): string[] {
  const notes = view.index.events.get(track.id)?.notesByTick() ?? [];
  if (notes.length === 0) return [];
  const end = Math.max(...notes.map((n) => n.tick + n.dur));
  const pitches = notes.map((n) => n.pitch);
  const name = (pitch: number) => drumOrPitchName(pitch, track.drums);
  return [`    notes from ${view.pos(notes[0].tick)} to ${view.pos(end)}, ${name(Math.min(...pitches))} to ${name(Math.max(...pitches))}`];
}

const selection: MidiQuery = {
  name: 'selection',
  syntax: 'selection',
  summary: 'what the person has selected in the Music view (notes, or a track) and the track they are on; @selected picks the same notes',
  handler(args, ctx) {
    checkNoArguments('selection', args);
    const view = new MidiView(ctx.store);
    const selected = ctx.selected();
    const records = [...selected.ids].map((id) => view.store.get(id));
    const notes = records.filter((r): r is MidiNoteRecord => r?.kind === 'note').sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
    const tracks = records.filter((r): r is MidiTrackRecord => r?.kind === 'track');
    ctx.noteRead([...tracks, ...notes].map((r) => r.id));
    const lines = notes.map((n) => `  ${noteSentence(view, n)}`);
    const picked = tracks.map((t) => `track ${trackLabel(t.name)} (@selected: all ${plural(view.index.events.get(t.id)?.notes.size ?? 0, 'note')})`);
    return [
      `selection (${selected.window}): ${[...(notes.length || !tracks.length ? [plural(notes.length, 'note')] : []), ...picked].join(', ')}`,
      ...tracks.flatMap((t) => [`  ${trackSummary(view, t)}`, ...trackSpan(view, t)]),
      ...capLines(lines, MAX_LISTED, (n) => `  ... and ${n} more`),
      ...summarizedLines(selected),
    ].join('\n');
  },
};

export const midiQueries: MidiQuery[] = [map, tracks, events, pianoRoll, find, instruments, stats, describe, selection, diff];
