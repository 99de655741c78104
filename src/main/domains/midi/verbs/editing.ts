/**
 * Editing a selection of notes (midi-reference.md, "Editing"): remove, move, copy, transpose,
 * velocity, quantize, modify, repeat, crescendo and decrescendo. Each takes @selectors.
 */
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { MutationContext } from '../../../fcp/domain';
import type { ParsedOp } from '../../../fcp/grammar';
import type { MidiEdit } from '../edit';
import { plural } from '../../../fcp/text';
import { MAX_TICK, type MidiNoteRecord, type MidiRecord } from '../model';
import { resolveSelection } from '../selectors';
import { badParam, parseChannel, parseDuration, parseIntIn, parsePitch, parsePosition, parseSigned, parseVelocity } from '../values';
import { pitchName } from '../../../../shared/midi/pitches';
import { type MidiVerb, begin, checkNoteRoom } from './common';
import { addNote } from './notes';

const SECTION = 'Editing (on a selection)';
const MAX_REPEAT = 1000;

interface Selection {
  edit: MidiEdit;
  notes: MidiNoteRecord[];
}

function select(op: ParsedOp, ctx: MutationContext<MidiRecord>, syntax: string, params: readonly string[], positionals: readonly [number, number] = [0, 0]): Selection {
  const edit = begin(op, ctx, syntax, { params, selectors: true, positionals });
  return { edit, notes: resolveSelection(edit, op.selectors, syntax) };
}

function required(op: ParsedOp, key: string, syntax: string): string {
  const value = op.params[key];
  if (value === undefined) throw new StudioError(ErrorCode.missingArg, `${op.verb} needs ${key}:`, syntax);
  return value;
}

function checkTickRange(tick: number, what: string): number {
  if (tick < 0 || tick > MAX_TICK) throw badParam(`${what} would put notes ${tick < 0 ? 'before 1.1' : 'past the last tick a MIDI file holds'}`, 'a position nearer the start');
  return tick;
}

/** Where the earliest selected note goes for `to:`; the others keep their distance to it. */
function shiftTo(edit: MidiEdit, notes: readonly MidiNoteRecord[], to: string): number {
  const target = parsePosition(to, edit.positionContext(edit.batch.previousEnd), 'to');
  return target - notes[0].tick;
}

function copyNotes(edit: MidiEdit, notes: readonly MidiNoteRecord[], delta: number, what: string): void {
  for (const n of notes) {
    const track = edit.track(n.trackId)!;
    addNote(edit, track, n.pitch, { tick: checkTickRange(n.tick + delta, what), dur: n.dur, vel: n.vel, channel: n.channel ?? track.channel });
  }
}

const REMOVE = 'remove SEL';
const MOVE = 'move SEL to:POS';
const COPY = 'copy SEL to:POS';
const TRANSPOSE = 'transpose SEL +-N';
const VELOCITY = 'velocity SEL +-N';
const QUANTIZE = 'quantize SEL grid:DUR';
const MODIFY = 'modify SEL [pitch:P] [vel:V] [dur:DUR] [at:POS] [ch:N]';
const REPEAT = 'repeat SEL [to:POS] count:N';

function dynamics(direction: 'crescendo' | 'decrescendo'): MidiVerb {
  const syntax = `${direction} SEL from:VEL to:VEL`;
  return {
    name: direction,
    syntax,
    summary: `velocities ${direction === 'crescendo' ? 'rising' : 'falling'} linearly over the selected notes in time order`,
    section: SECTION,
    examples: [`${direction} @track:Strings @range:1.1-4.4 from:${direction === 'crescendo' ? 'p to:ff' : 'ff to:p'}`],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, syntax, ['from', 'to']);
      const from = parseVelocity(required(op, 'from', syntax), 'from');
      const to = parseVelocity(required(op, 'to', syntax), 'to');
      const first = notes[0].tick;
      const span = notes[notes.length - 1].tick - first;
      // By time, not by count, so that the notes of a chord get one velocity.
      for (const n of notes) edit.put({ ...n, vel: span ? Math.round(from + ((to - from) * (n.tick - first)) / span) : to });
      return [`+ ${direction === 'crescendo' ? 'Crescendo' : 'Decrescendo'} over ${notes.length} note(s): ${from} -> ${to}`];
    },
  };
}

export const editingVerbs: MidiVerb[] = [
  {
    name: 'remove',
    syntax: REMOVE,
    summary: 'remove the selected notes',
    section: SECTION,
    examples: ['remove @track:Piano @range:3.1-4.4', 'remove @recent:4'],
    handler(op, ctx) {
      if (!op.selectors.length && op.positionals.length) {
        throw badParam(`remove takes @selectors; to remove the track ${op.positionals[0]}: track remove ${op.positionals[0]}`, `remove @track:${op.positionals[0]}`);
      }
      const { edit, notes } = select(op, ctx, REMOVE, []);
      for (const n of notes) edit.remove(n.id);
      return [`+ Removed ${notes.length} note(s)`];
    },
  },
  {
    name: 'move',
    syntax: MOVE,
    summary: 'move the selected notes so that the first starts at POS (the others keep their distance)',
    section: SECTION,
    examples: ['move @track:Piano @range:1.1-2.4 to:5.1'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, MOVE, ['to']);
      const delta = shiftTo(edit, notes, required(op, 'to', MOVE));
      for (const n of notes) edit.put({ ...n, tick: checkTickRange(n.tick + delta, 'the move') });
      return [`+ Moved ${notes.length} note(s) to ${edit.pos(notes[0].tick + delta)}`];
    },
  },
  {
    name: 'copy',
    syntax: COPY,
    summary: 'copy the selected notes so that the copy of the first starts at POS',
    section: SECTION,
    examples: ['copy @track:Drums @range:1.1-1.4 to:2.1'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, COPY, ['to']);
      const delta = shiftTo(edit, notes, required(op, 'to', COPY));
      checkNoteRoom(edit, notes.length);
      copyNotes(edit, notes, delta, 'the copy');
      return [`+ Copied ${notes.length} note(s) to ${edit.pos(notes[0].tick + delta)}`];
    },
  },
  {
    name: 'transpose',
    syntax: TRANSPOSE,
    summary: 'move the selected notes up (+) or down (-) by N semitones',
    section: SECTION,
    examples: ['transpose @track:Bass +12', 'transpose @all -2'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, TRANSPOSE, [], [1, 1]);
      const semitones = parseSigned('semitones', op.positionals[0], 127, 'transpose @track:Piano +7');
      const out = notes.filter((n) => n.pitch + semitones < 0 || n.pitch + semitones > 127);
      if (out.length) {
        const limit = semitones > 0 ? 'above G9 (127)' : 'below C-1 (0)';
        throw badParam(`transposing by ${semitones} would put ${plural(out.length, 'note')} ${limit}, e.g. ${pitchName(out[0].pitch)}`, 'a smaller interval, or narrow the selection');
      }
      for (const n of notes) edit.put({ ...n, pitch: n.pitch + semitones });
      return [`+ Transposed ${notes.length} note(s) ${semitones < 0 ? 'down' : 'up'} ${Math.abs(semitones)} semitones`];
    },
  },
  {
    name: 'velocity',
    syntax: VELOCITY,
    summary: 'raise (+) or lower (-) the velocity of the selected notes, kept within 1..127',
    section: SECTION,
    examples: ['velocity @track:Piano +10'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, VELOCITY, [], [1, 1]);
      const delta = parseSigned('velocity change', op.positionals[0], 126, 'velocity @track:Piano +10');
      for (const n of notes) edit.put({ ...n, vel: Math.min(127, Math.max(1, n.vel + delta)) });
      return [`+ Velocity ${delta >= 0 ? '+' : ''}${delta} on ${notes.length} note(s)`];
    },
  },
  {
    name: 'quantize',
    syntax: QUANTIZE,
    summary: 'snap the starts of the selected notes to the nearest multiple of DUR',
    section: SECTION,
    examples: ['quantize @track:Piano grid:sixteenth'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, QUANTIZE, ['grid']);
      const grid = parseDuration(required(op, 'grid', QUANTIZE), edit.ppqn, 'grid');
      let moved = 0;
      for (const n of notes) {
        const tick = Math.round(n.tick / grid) * grid;
        if (tick === n.tick) continue;
        edit.put({ ...n, tick: checkTickRange(tick, 'quantizing') });
        moved++;
      }
      return [`+ Quantized ${notes.length} note(s) to a grid of ${grid} ticks (${moved} moved)`];
    },
  },
  {
    name: 'modify',
    syntax: MODIFY,
    summary: 'set pitch, velocity, duration, position or channel of the selected notes',
    section: SECTION,
    examples: ['modify @track:Piano @pitch:C4 @range:2.1-2.4 vel:ff dur:half'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, MODIFY, ['pitch', 'vel', 'dur', 'at', 'ch']);
      if (!Object.keys(op.params).length) throw new StudioError(ErrorCode.missingArg, 'modify needs at least one of pitch: vel: dur: at: ch:', MODIFY);
      const vel = op.params.vel !== undefined ? parseVelocity(op.params.vel) : undefined;
      const dur = op.params.dur !== undefined ? parseDuration(op.params.dur, edit.ppqn) : undefined;
      const tick = op.params.at !== undefined ? parsePosition(op.params.at, edit.positionContext(edit.batch.previousEnd)) : undefined;
      const channel = op.params.ch !== undefined ? parseChannel(op.params.ch) : undefined;
      for (const n of notes) {
        const track = edit.track(n.trackId)!;
        const { channel: _own, ...rest } = n;
        const next: MidiNoteRecord = {
          ...(channel === undefined ? n : rest),
          ...(op.params.pitch !== undefined ? { pitch: parsePitch(op.params.pitch, { drums: track.drums, key: 'pitch' }) } : {}),
          ...(vel !== undefined ? { vel } : {}),
          ...(dur !== undefined ? { dur } : {}),
          ...(tick !== undefined ? { tick } : {}),
          ...(channel !== undefined && channel !== track.channel ? { channel } : {}),
        };
        edit.put(next);
      }
      return [`+ Modified ${notes.length} note(s)`];
    },
  },
  {
    name: 'repeat',
    syntax: REPEAT,
    summary: 'copy the selected notes COUNT times back to back, from POS (default: right after them)',
    section: SECTION,
    examples: ['repeat @track:Drums @range:1.1-1.4 count:3'],
    handler(op, ctx) {
      const { edit, notes } = select(op, ctx, REPEAT, ['to', 'count']);
      const count = parseIntIn('count', required(op, 'count', REPEAT), 1, MAX_REPEAT, '3');
      const start = notes[0].tick;
      const end = notes.reduce((max, n) => Math.max(max, n.tick + n.dur), 0);
      const span = end - start;
      const first = op.params.to !== undefined ? shiftTo(edit, notes, op.params.to) : span;
      checkNoteRoom(edit, notes.length * count);
      for (let i = 0; i < count; i++) copyNotes(edit, notes, first + i * span, 'the repeat');
      return [`+ Repeated ${notes.length} note(s) x${count} (${notes.length * count} added)`];
    },
  },
  dynamics('crescendo'),
  dynamics('decrescendo'),
];
