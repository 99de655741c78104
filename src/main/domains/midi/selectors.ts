/**
 * The one note selector evaluator (remove, move, copy, transpose, velocity, quantize, modify,
 * repeat, crescendo all use it): each selector is a test on a note; several intersect; `@not:`
 * negates one. A selection that matches nothing is an error that says what the song has.
 */
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { Selector } from '../../fcp/grammar';
import { closestMatches } from '../../kernel/suggest';
import { drumPitch } from '../../../shared/midi/instruments';
import type { MidiNoteRecord } from './model';
import { SELECTED_SELECTOR, isSelected } from '../../fcp/presence';
import { plural } from '../../fcp/text';
import { badParam, parseChannel, parseIntIn, parsePitch, parsePitchClass, parseRange, parseVelocity } from './values';
import { type MidiView, creationOrder, trackLabel, trackRef } from './view';

export const SELECTOR_SYNTAX = [
  '@track:NAME',
  '@channel:N',
  '@range:M.B-M.B',
  '@pitch:PITCH',
  '@velocity:LO-HI',
  '@all',
  '@recent',
  '@recent:N',
  '@not:TYPE:VALUE',
  '@id:ID[,ID...]',
  '@selected',
] as const;

const SELECTOR_KINDS = ['track', 'channel', 'range', 'pitch', 'velocity', 'all', 'recent', 'id', SELECTED_SELECTOR];
const EXAMPLES: Record<string, string> = { track: 'Piano', channel: '1', range: '1.1-4.4', pitch: 'C4', velocity: '64-100', id: 'n12,n13' };

type Test = (note: MidiNoteRecord) => boolean;

function valueOf(selector: Selector): string {
  const value = selector.value?.trim();
  if (!value) throw new StudioError(ErrorCode.missingArg, `${selector.raw} needs a value`, `@${selector.kind}:${EXAMPLES[selector.kind] ?? ''}`);
  return value;
}

/** The notes that pass every selector, by tick; empty_selection when none do. */
export function selectNotes(view: MidiView, selectors: readonly Selector[]): MidiNoteRecord[] {
  for (const s of selectors) {
    if (!SELECTOR_KINDS.includes(s.kind)) {
      const near = closestMatches(s.kind, SELECTOR_KINDS, 1);
      throw badParam(`unknown selector ${s.raw}${near.length ? `. Did you mean @${near[0]}?` : ''}`, SELECTOR_SYNTAX.join(' '));
    }
  }
  // A positive @track narrows the notes looked at to that track's (already sorted by tick).
  const onTrack = selectors.find((s) => s.kind === 'track' && !s.negated);
  const universe: readonly MidiNoteRecord[] = onTrack
    ? (view.index.events.get(view.resolveTrack(valueOf(onTrack)).id)?.notesByTick() ?? [])
    : view.tracks().flatMap((t) => view.index.events.get(t.id)?.notesByTick() ?? []);
  const tests = selectors.map((selector) => {
    const test = testFor(view, selector, universe);
    return selector.negated ? (note: MidiNoteRecord) => !test(note) : test;
  });
  const selected = universe.filter((note) => tests.every((t) => t(note)));
  if (!onTrack) selected.sort((a, b) => a.tick - b.tick);
  if (selected.length === 0) throw nothingSelected(view, selectors);
  return selected;
}

function testFor(view: MidiView, selector: Selector, universe: readonly MidiNoteRecord[]): Test {
  switch (selector.kind) {
    case 'all':
      return () => true;
    case 'track': {
      const track = view.resolveTrack(valueOf(selector));
      return (n) => n.trackId === track.id;
    }
    case 'channel': {
      const channel = parseChannel(valueOf(selector), '@channel');
      return (n) => view.channelOf(n) === channel;
    }
    case 'range': {
      const { start, end } = parseRange(valueOf(selector), view.meter);
      return (n) => n.tick >= start && n.tick < end;
    }
    case 'pitch': {
      const text = valueOf(selector);
      const pitchClass = parsePitchClass(text);
      if (pitchClass !== undefined) return (n) => n.pitch % 12 === pitchClass;
      const pitch = drumPitch(text) ?? parsePitch(text, { key: '@pitch' });
      return (n) => n.pitch === pitch;
    }
    case 'velocity': {
      const [lo, hi] = valueOf(selector).split('-');
      const low = parseVelocity(lo, '@velocity');
      const high = hi === undefined ? low : parseVelocity(hi, '@velocity');
      return (n) => n.vel >= low && n.vel <= high;
    }
    case 'id': {
      // The notes a view points at (the person's selection in the piano roll), by record id.
      const ids = new Set(valueOf(selector).split(','));
      for (const id of ids) {
        if (view.store.get(id)?.kind !== 'note') throw new StudioError(ErrorCode.unknownRef, `no note with id ${id}`, 'events TRACK (the notes there are)');
      }
      return (n) => ids.has(n.id);
    }
    case 'recent': {
      const count = selector.value ? parseIntIn('@recent', selector.value, 1, 1_000_000, '4') : 1;
      const newest = new Set([...universe].sort((a, b) => creationOrder(b.id) - creationOrder(a.id)).slice(0, count).map((n) => n.id));
      return (n) => newest.has(n.id);
    }
    case SELECTED_SELECTOR:
      // The person's notes, or every note of the track they selected.
      return (n) => isSelected(selector, n.id) || isSelected(selector, n.trackId);
    default:
      throw new StudioError(ErrorCode.internal, `selector ${selector.raw} has no test`);
  }
}

/** What the song holds, so that a selector that matched nothing can be corrected in one step. */
function nothingSelected(view: MidiView, selectors: readonly Selector[]): StudioError {
  const what = selectors.map((s) => s.raw).join(' ') || '(no selector)';
  const tracks = view.tracks();
  const withNotes = tracks.filter((t) => (view.index.events.get(t.id)?.notes.size ?? 0) > 0);
  const has = tracks.length
    ? `the song has ${tracks.map((t) => `${trackLabel(t.name)} (${plural(view.index.events.get(t.id)?.notes.size ?? 0, 'note')})`).join(', ')}`
    : 'the song has no tracks';
  return new StudioError(
    ErrorCode.emptySelection,
    `${what} matches no notes; ${has}`,
    withNotes.length ? `events ${trackRef(withNotes[0].name)} (the notes with their positions)` : 'note TRACK PITCH at:POS',
  );
}

/** The notes an editing verb acts on: its selectors (at least one). */
export function resolveSelection(view: MidiView, selectors: readonly Selector[], syntax: string): MidiNoteRecord[] {
  if (selectors.length === 0) {
    throw new StudioError(ErrorCode.missingArg, 'missing the notes to act on: one or more @selectors (@track:NAME @range:M.B-M.B ...)', syntax);
  }
  return selectNotes(view, selectors);
}
