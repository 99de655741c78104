/**
 * How notes, events and tracks read in answers and queries. Verbs and queries share these, so a
 * note looks the same in `+ Note ...`, in `events` and in `diff`.
 */
import { plural } from '../../fcp/text';
import { controllerName, instrumentName } from '../../../shared/midi/instruments';
import type { MidiBendRecord, MidiControllerRecord, MidiNoteRecord, MidiProgramRecord, MidiTextRecord, MidiTrackRecord } from './model';
import { drumOrPitchName } from '../../../shared/midi/pitches';
import { type MidiView, trackLabel } from './view';

/** A note's pitch as its track shows it (a drum name on a drum track). */
export function notePitch(view: MidiView, note: MidiNoteRecord): string {
  return drumOrPitchName(note.pitch, view.track(note.trackId)?.drums ?? false);
}

/** `dur:480 vel:80`, then `ch:N` when the note plays on another channel than its track. */
function noteDetails(note: MidiNoteRecord): string {
  return `dur:${note.dur} vel:${note.vel}${note.channel !== undefined ? ` ch:${note.channel}` : ''}`;
}

/** `Note C4 on Piano at 1.1 dur:480 vel:80`: the contract's form, after the prefix (`track` names a removed track). */
export function noteSentence(view: MidiView, note: MidiNoteRecord, track = trackLabel(view.track(note.trackId)?.name ?? note.trackId)): string {
  return `Note ${notePitch(view, note)} on ${track} at ${view.pos(note.tick)} ${noteDetails(note)}`;
}

/** `1.1 note C4 dur:480 vel:80`: one line of `events`. */
export function noteEvent(view: MidiView, note: MidiNoteRecord): string {
  return `${view.pos(note.tick)} note ${notePitch(view, note)} ${noteDetails(note)}`;
}

/** `5.1 cc sustain 127`, `5.1 bend 4096 ch:3`, `9.1 program violin (program:40)`: a control event of `events`. */
export function controlEvent(view: MidiView, event: MidiControllerRecord | MidiBendRecord | MidiProgramRecord): string {
  const channel = event.channel !== undefined ? ` ch:${event.channel}` : '';
  if (event.kind === 'cc') return `${view.pos(event.tick)} cc ${controllerName(event.controller)} ${event.value}${channel}`;
  if (event.kind === 'bend') return `${view.pos(event.tick)} bend ${event.value}${channel}`;
  const drums = (event.channel ?? view.track(event.trackId)?.channel) === 10;
  return `${view.pos(event.tick)} program ${instrumentName(event.program, drums)} (program:${event.program})${channel}`;
}

/** `lyric 'la'`, `copyright '(c) 1997 ...'`: a text event without its position. */
export function textEvent(text: MidiTextRecord): string {
  return `${text.type} ${JSON.stringify(text.text)}`;
}

/** `acoustic-grand-piano`, `standard-kit`, with ` bank:1.0` when a bank is set. */
export function trackInstrument(track: MidiTrackRecord): string {
  const bank = track.bankMsb !== undefined ? ` bank:${track.bankMsb}${track.bankLsb !== undefined ? `.${track.bankLsb}` : ''}` : '';
  return `${instrumentName(track.program, track.drums)}${bank}`;
}

/** `[muted]`, `[solo]`, `vol:100` after a track's summary. */
export function trackFlags(track: MidiTrackRecord): string {
  const flags = [track.mute ? '[muted]' : '', track.solo ? '[solo]' : '', track.volume !== undefined ? `vol:${track.volume}` : ''].filter(Boolean);
  return flags.length ? ` ${flags.join(' ')}` : '';
}

/** `Piano ch:1 acoustic-grand-piano (12 notes)`: a track in `map`. */
export function trackSummary(view: MidiView, track: MidiTrackRecord): string {
  const notes = view.index.events.get(track.id)?.notes.size ?? 0;
  return `${trackLabel(track.name)} ch:${track.channel} ${trackInstrument(track)} (${plural(notes, 'note')})${trackFlags(track)}`;
}

/** `m:ss.s` */
export function clockTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}
