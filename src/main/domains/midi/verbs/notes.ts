/** Notes and chords: `note` and `chord`. */
import type { MidiEdit } from '../edit';
import { noteSentence } from '../format';
import { DEFAULT_VELOCITY } from '../../../../shared/midi/records';
import type { MidiNoteRecord, MidiTrackRecord } from '../model';
import type { ParsedOp } from '../../../fcp/grammar';
import { badParam, parseChannel, parseChord, parseDuration, parsePitch, parsePosition, parseVelocity } from '../values';
import { trackLabel } from '../view';
import { type MidiVerb, begin, checkNoteRoom } from './common';

const SECTION = 'Notes, chords & tracks';

interface Timing {
  tick: number;
  dur: number;
  vel: number;
  channel?: number;
}

/** `at:` (default 1.1), `dur:` (default a quarter), `vel:` (default 80), `ch:` of a note or chord. */
function timing(edit: MidiEdit, params: Record<string, string>): Timing {
  const tick = params.at !== undefined ? parsePosition(params.at, edit.positionContext(edit.batch.previousEnd)) : 0;
  const dur = params.dur !== undefined ? parseDuration(params.dur, edit.ppqn) : edit.ppqn;
  const vel = params.vel !== undefined ? parseVelocity(params.vel) : DEFAULT_VELOCITY;
  const channel = params.ch !== undefined ? parseChannel(params.ch) : undefined;
  return { tick, dur, vel, channel };
}

/** Adds one note (a channel equal to the track's is not kept as an override). */
export function addNote(edit: MidiEdit, track: MidiTrackRecord, pitch: number, t: Timing): MidiNoteRecord {
  const { id } = edit.allocate('note');
  const note: MidiNoteRecord = { id, kind: 'note', trackId: track.id, pitch, tick: t.tick, dur: t.dur, vel: t.vel };
  return edit.put(t.channel !== undefined && t.channel !== track.channel ? { ...note, channel: t.channel } : note);
}

/** The PITCH word; `midi:60` reaches the verb as a param (the grammar reads `key:value` so). */
function notePitchText(op: ParsedOp): string {
  if (op.params.midi === undefined) return op.positionals[1];
  if (op.positionals[1] !== undefined) throw badParam(`two pitches: ${op.positionals[1]} and midi:${op.params.midi}`, NOTE_SYNTAX);
  return `midi:${op.params.midi}`;
}

const NOTE_SYNTAX = 'note TRACK PITCH [at:POS] [dur:DUR] [vel:V] [ch:N]';
const CHORD_SYNTAX = 'chord TRACK SYMBOL [at:POS] [dur:DUR] [vel:V] [ch:N]';

export const noteVerbs: MidiVerb[] = [
  {
    name: 'note',
    syntax: NOTE_SYNTAX,
    summary: 'add a note (at 1.1, a quarter, vel 80 unless given); on a drum track PITCH may be a drum name',
    section: SECTION,
    examples: ['note Piano C4 at:1.1 dur:quarter vel:mf', 'note Drums kick at:2.1 dur:eighth'],
    handler(op, ctx) {
      const edit = begin(op, ctx, NOTE_SYNTAX, { params: ['at', 'dur', 'vel', 'ch', 'midi'], positionals: [op.params.midi === undefined ? 2 : 1, 2] });
      const track = edit.resolveTrack(op.positionals[0], op);
      const pitch = parsePitch(notePitchText(op), { drums: track.drums });
      const t = timing(edit, op.params);
      checkNoteRoom(edit, 1);
      const note = addNote(edit, track, pitch, t);
      edit.batch.previousEnd = t.tick + t.dur;
      return [`+ ${noteSentence(edit, note)}`];
    },
  },
  {
    name: 'chord',
    syntax: CHORD_SYNTAX,
    summary: 'add the notes of a chord symbol (root in octave 4; /BASS puts the bass below)',
    section: SECTION,
    examples: ['chord Piano Cmaj at:2.1 dur:half', 'chord Piano Dm7/F at:3.1 vel:f'],
    handler(op, ctx) {
      const edit = begin(op, ctx, CHORD_SYNTAX, { params: ['at', 'dur', 'vel', 'ch'], positionals: [2, 2] });
      const track = edit.resolveTrack(op.positionals[0], op);
      const pitches = parseChord(op.positionals[1]);
      const t = timing(edit, op.params);
      checkNoteRoom(edit, pitches.length);
      for (const pitch of pitches) addNote(edit, track, pitch, t);
      edit.batch.previousEnd = t.tick + t.dur;
      return [`+ Chord ${op.positionals[1]} (${pitches.length} notes) at ${edit.pos(t.tick)} on ${trackLabel(track.name)}`];
    },
  },
];
