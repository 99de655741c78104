/** Tracks and what plays on them: `track add|remove`, `program`, `mute`, `solo`, `cc`, `bend`. */
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ParsedOp } from '../../../fcp/grammar';
import type { MidiEdit } from '../edit';
import { plural } from '../../../fcp/text';
import { trackInstrument } from '../format';
import { parseController, resolveInstrument } from '../instruments';
import { BANK_SELECT_LSB, BANK_SELECT_MSB, type Instrument, VOLUME_CONTROLLER, controllerName, instrumentName } from '../../../../shared/midi/instruments';
import { DRUM_CHANNEL, MAX_NAME_LENGTH, MAX_TRACKS, type MidiBendRecord, type MidiControllerRecord, type MidiProgramRecord, type MidiTrackRecord } from '../model';
import { badParam, parseBank, parseChannel, parseIntIn, parsePosition, parseProgram } from '../values';
import { trackLabel, trackRef } from '../view';
import { type MidiVerb, begin } from './common';

const TRACK_SYNTAX = 'track add NAME [instrument:I] [program:N] [ch:N] [bank:MSB.LSB] | track remove NAME';
const PROGRAM_SYNTAX = 'program TRACK INSTRUMENT|program:N [bank:MSB.LSB] [at:POS]';
const CC_SYNTAX = 'cc TRACK NAME|N VALUE [at:POS]';
const BEND_SYNTAX = 'bend TRACK VALUE|center [at:POS]';

function checkTrackName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > MAX_NAME_LENGTH || /[\n\r\t]/.test(trimmed)) {
    throw badParam(`bad track name "${name}": 1..${MAX_NAME_LENGTH} characters on one line`, 'track add Piano instrument:acoustic-grand-piano');
  }
  if (trimmed === '*' || trimmed.startsWith('@')) throw badParam(`a track cannot be called "${trimmed}" (it reads as a selector)`, 'track add Piano');
  return trimmed;
}

/** The instrument of `instrument:`/`program:` (either, or the grand piano); `program:N` is a GM program. */
function chosenInstrument(params: Record<string, string>, fallback: Instrument | undefined): Instrument {
  if (params.instrument !== undefined && params.program !== undefined) {
    throw badParam('give instrument: or program:, not both', 'instrument:violin, or program:40');
  }
  if (params.program !== undefined) return programInstrument(params.program, 'program');
  if (params.instrument !== undefined) {
    const programForm = /^program:(.*)$/i.exec(params.instrument);
    return programForm ? programInstrument(programForm[1], 'instrument') : resolveInstrument(params.instrument);
  }
  return fallback ?? { program: 0, drums: false, name: instrumentName(0, false) };
}

function programInstrument(text: string, key: string): Instrument {
  const program = parseProgram(text, key);
  return { program, drums: false, name: instrumentName(program, false) };
}

/** The lowest channel no track uses, skipping 10 (drum kits take it); the least used one when all are. */
function nextChannel(edit: MidiEdit): number {
  const use = new Map<number, number>();
  for (const t of edit.tracks()) use.set(t.channel, (use.get(t.channel) ?? 0) + 1);
  let best = 1;
  for (let ch = 1; ch <= 16; ch++) {
    if (ch === DRUM_CHANNEL) continue;
    if ((use.get(ch) ?? 0) < (use.get(best) ?? 0)) best = ch;
    if (!use.has(ch)) return ch;
  }
  return best;
}

/** Drum kits play on channel 10 and only they do, so that a track's sound matches what General MIDI plays. */
function checkDrumChannel(instrument: Instrument, channel: number, name: string): void {
  if (instrument.drums && channel !== DRUM_CHANNEL) {
    throw badParam(`${instrument.name} is a drum kit: drum kits play on channel ${DRUM_CHANNEL}`, `track add ${trackRef(name)} instrument:${instrument.name} ch:${DRUM_CHANNEL}`);
  }
  if (!instrument.drums && channel === DRUM_CHANNEL) {
    throw badParam(
      `channel ${DRUM_CHANNEL} is the General MIDI drum channel; ${instrument.name} needs another one`,
      `track add ${trackRef(name)} instrument:standard-kit (drums), or ch:1..16 other than 10`,
    );
  }
}

function bankOf(params: Record<string, string>): Partial<Pick<MidiTrackRecord, 'bankMsb' | 'bankLsb'>> | undefined {
  if (params.bank === undefined) return undefined;
  const { msb, lsb } = parseBank(params.bank);
  return lsb === undefined ? { bankMsb: msb } : { bankMsb: msb, bankLsb: lsb };
}

function addTrack(op: ParsedOp, edit: MidiEdit): string[] {
  const name = checkTrackName(op.positionals[1]);
  const existing = edit.findTrack(name);
  if (existing) throw badParam(`there is already a track called '${existing.name}'`, `a new name, or program ${trackRef(existing.name)} INSTRUMENT`);
  if (edit.tracks().length >= MAX_TRACKS) throw badParam(`a song has at most ${MAX_TRACKS} tracks`, 'track remove NAME');
  const instrument = chosenInstrument(op.params, undefined);
  const channel = op.params.ch !== undefined ? parseChannel(op.params.ch) : instrument.drums ? DRUM_CHANNEL : nextChannel(edit);
  checkDrumChannel(instrument, channel, name);
  const { id, order } = edit.allocate('track');
  const track: MidiTrackRecord = {
    id,
    kind: 'track',
    name,
    channel,
    program: instrument.program,
    ...bankOf(op.params),
    drums: instrument.drums,
    mute: false,
    solo: false,
    order,
  };
  edit.put(track);
  return [`+ Track '${name}' added (ch:${channel}, ${trackInstrument(track)})`];
}

function removeTrack(op: ParsedOp, edit: MidiEdit): string[] {
  if (Object.keys(op.params).length) throw badParam('track remove takes only the track name', 'track remove NAME');
  const track = edit.resolveTrack(op.positionals[1], op);
  const events = edit.index.events.get(track.id);
  const notes = events?.notes.size ?? 0;
  const others = (events?.ccs.size ?? 0) + (events?.bends.size ?? 0) + (events?.programs.size ?? 0);
  if (events) for (const id of events.ids()) edit.remove(id);
  edit.remove(track.id);
  removeChunkOf(edit, track);
  return [`- Track '${track.name}' removed (${plural(notes, 'note')}${others ? `, ${plural(others, 'controller/bend event')}` : ''})`];
}

/**
 * A removed track read from a file takes its chunk with it (what the studio kept there, its text),
 * unless another track shares it (format 0). Song-wide events there move to the first chunk.
 */
function removeChunkOf(edit: MidiEdit, track: MidiTrackRecord): void {
  const chunk = track.source?.chunk;
  if (chunk === undefined || chunk === edit.meta.file?.titleEvent?.chunk || edit.tracks().some((t) => t.source?.chunk === chunk)) return;
  edit.remove(`chunk${chunk}`);
  for (const text of edit.index.textList()) if (text.chunk === chunk) edit.remove(text.id);
  const songWide = [...edit.index.tempoMap(), ...edit.index.timeSignatures(), ...edit.index.keySignatures(), ...edit.index.markerList()];
  for (const record of songWide) if (record.chunk === chunk) edit.put({ ...record, chunk: 0 });
}

/**
 * An instrument change at `tick` on the track's channel: a program record (replacing one the track
 * has there), after a bank select when bank: is given.
 */
function instrumentChange(edit: MidiEdit, track: MidiTrackRecord, instrument: Instrument, tick: number, params: Record<string, string>): string {
  const events = edit.index.events.get(track.id);
  const here = (r: { tick: number; channel?: number }) => r.tick === tick && (r.channel ?? track.channel) === track.channel;
  const current = [...(events?.programs.values() ?? [])].find(here);
  const bank = bankOf(params);
  if (bank) {
    for (const [controller, value] of [[BANK_SELECT_MSB, bank.bankMsb], [BANK_SELECT_LSB, bank.bankLsb]] as const) {
      if (value === undefined) continue;
      const existing = [...(events?.ccs.values() ?? [])].find((c) => here(c) && c.controller === controller);
      edit.put<MidiControllerRecord>({ id: existing?.id ?? edit.allocate('cc').id, kind: 'cc', trackId: track.id, controller, value, tick });
    }
  }
  edit.put<MidiProgramRecord>({ id: current?.id ?? edit.allocate('program').id, kind: 'program', trackId: track.id, program: instrument.program, tick });
  const name = `${instrument.name}${bank ? ` bank:${bank.bankMsb}${bank.bankLsb !== undefined ? `.${bank.bankLsb}` : ''}` : ''}`;
  return current
    ? `* Track '${track.name}' instrument ${name} from ${edit.pos(tick)} (was program:${current.program})`
    : `+ Track '${track.name}' instrument ${name} from ${edit.pos(tick)} (program:${instrument.program})`;
}

function toggle(field: 'mute' | 'solo', on: string, off: string): MidiVerb['handler'] {
  return (op, ctx) => {
    const edit = begin(op, ctx, `${field} TRACK`, { positionals: [1, 1] });
    const track = edit.resolveTrack(op.positionals[0], op);
    const next = edit.put({ ...track, [field]: !track[field] });
    return [`* Track '${track.name}' ${next[field] ? on : off}`];
  };
}

const SECTION = 'Notes, chords & tracks';
const STATE = 'Track state';
const CONTROLS = 'Controllers & pitch bend';

export const trackVerbs: MidiVerb[] = [
  {
    name: 'track',
    syntax: TRACK_SYNTAX,
    summary: 'add a track (channels in order, skipping 10, which drum kits take), or remove one with its events',
    section: SECTION,
    examples: ['track add Piano instrument:acoustic-grand-piano', 'track add Drums instrument:standard-kit', 'track remove Bass'],
    handler(op, ctx) {
      const sub = op.positionals[0]?.toLowerCase();
      if (sub !== 'add' && sub !== 'remove') {
        throw new StudioError(ErrorCode.badParam, `track takes add or remove${op.positionals[0] ? `, not "${op.positionals[0]}"` : ''}`, TRACK_SYNTAX);
      }
      const edit = begin(op, ctx, TRACK_SYNTAX, { params: sub === 'add' ? ['instrument', 'program', 'ch', 'bank'] : [], positionals: [2, 2] });
      return sub === 'add' ? addTrack(op, edit) : removeTrack(op, edit);
    },
  },
  {
    name: 'program',
    syntax: PROGRAM_SYNTAX,
    summary: "change a track's instrument (a drum track takes a drum kit); with at: from that position on (an instrument change)",
    section: STATE,
    examples: ['program Piano electric-piano-1', 'program Lead program:81', 'program Drums jazz-kit', 'program Piano violin at:9.1'],
    handler(op, ctx) {
      const edit = begin(op, ctx, PROGRAM_SYNTAX, { params: ['program', 'bank', 'at'], positionals: [1, 2] });
      const track = edit.resolveTrack(op.positionals[0], op);
      if (op.positionals[1] === undefined && op.params.program === undefined) {
        throw new StudioError(ErrorCode.missingArg, 'program needs an instrument or program:N', PROGRAM_SYNTAX);
      }
      const instrument = chosenInstrument({ instrument: op.positionals[1], program: op.params.program }, undefined);
      if (instrument.drums !== track.drums) {
        throw badParam(
          track.drums
            ? `'${track.name}' is a drum track (channel ${DRUM_CHANNEL}): it takes a drum kit, not ${instrument.name}`
            : `${instrument.name} is a drum kit; '${track.name}' is on channel ${track.channel}`,
          track.drums ? `program ${trackRef(track.name)} standard-kit` : `track add Drums instrument:${instrument.name}`,
        );
      }
      const tick = op.params.at !== undefined ? parsePosition(op.params.at, edit.positionContext(edit.batch.previousEnd)) : 0;
      if (tick > 0) return [instrumentChange(edit, track, instrument, tick, op.params)];
      const { bankMsb: _msb, bankLsb: _lsb, ...rest } = track;
      const next = edit.put({ ...rest, program: instrument.program, ...bankOf(op.params) });
      return [`* Track '${track.name}' instrument ${trackInstrument(next)} (program:${next.program})`];
    },
  },
  { name: 'mute', syntax: 'mute TRACK', summary: 'mute or unmute a track (toggles)', section: STATE, handler: toggle('mute', 'muted', 'unmuted') },
  { name: 'solo', syntax: 'solo TRACK', summary: 'solo a track or stop soloing it (toggles)', section: STATE, handler: toggle('solo', 'solo on', 'solo off') },
  {
    name: 'cc',
    syntax: CC_SYNTAX,
    summary: "a controller change (at 1.1 unless given; volume at 1.1 is the track's volume)",
    section: CONTROLS,
    examples: ['cc Piano sustain on at:2.1', 'cc Strings expression 90 at:5.1', 'cc Bass volume 100'],
    handler(op, ctx) {
      const edit = begin(op, ctx, CC_SYNTAX, { params: ['at'], positionals: [3, 3] });
      const track = edit.resolveTrack(op.positionals[0], op);
      const controller = parseController(op.positionals[1]);
      const written = op.positionals[2].toLowerCase();
      const value = written === 'on' ? 127 : written === 'off' ? 0 : parseIntIn('value', op.positionals[2], 0, 127, '100');
      const tick = op.params.at !== undefined ? parsePosition(op.params.at, edit.positionContext(edit.batch.previousEnd)) : 0;
      if (controller === VOLUME_CONTROLLER && tick === 0) {
        edit.put({ ...track, volume: value });
        return [`* Track '${track.name}' volume ${value}`];
      }
      const { id } = edit.allocate('cc');
      const event: MidiControllerRecord = { id, kind: 'cc', trackId: track.id, controller, value, tick };
      edit.put(event);
      return [`+ CC ${controllerName(controller)} ${value} on ${trackLabel(track.name)} at ${edit.pos(tick)}`];
    },
  },
  {
    name: 'bend',
    syntax: BEND_SYNTAX,
    summary: 'a pitch bend -8192..8191 (center is 0) at 1.1 unless given',
    section: CONTROLS,
    examples: ['bend Guitar 4096 at:3.2', 'bend Guitar center at:3.3'],
    handler(op, ctx) {
      const edit = begin(op, ctx, BEND_SYNTAX, { params: ['at'], positionals: [2, 2] });
      const track = edit.resolveTrack(op.positionals[0], op);
      const value = op.positionals[1].toLowerCase() === 'center' ? 0 : parseIntIn('bend', op.positionals[1], -8192, 8191, '4096');
      const tick = op.params.at !== undefined ? parsePosition(op.params.at, edit.positionContext(edit.batch.previousEnd)) : 0;
      const { id } = edit.allocate('bend');
      const event: MidiBendRecord = { id, kind: 'bend', trackId: track.id, value, tick };
      edit.put(event);
      return [`+ Bend ${value} on ${trackLabel(track.name)} at ${edit.pos(tick)}`];
    },
  },
];
