/**
 * Issue 19: MIDI files that DAWs, notation programs and test suites wrote (the corpus in
 * ../shared/corpora/midi) open and save back meaning what they meant. Each is opened, saved without
 * an edit and compared with the original by an independent reader (midi-file's parseMidi, see
 * smf-compare.ts): same format, division and tracks, and per track the same events at the same
 * ticks, channels and data, in the same order. Then one edit in each, made through the verbs as a
 * client makes it: only the events of that edit differ.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type MidiEvent, parseMidi } from 'midi-file';
import { buildPerformance } from '../../../shared/midi/performance';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { corpusFiles } from '../../testing/corpora';
import { midiDomain } from './index';
import { readMidiFile, writeMidiFile } from './midi-file';
import type { MidiNoteRecord, MidiRecord, MidiTrackRecord } from './model';
import { compareMidiFiles, describeDifference, eventLine } from './smf-compare';

const files = corpusFiles('midi', ['.mid']);

function open(file: string): { bytes: Uint8Array; song: FcpDocument<MidiRecord> } {
  const bytes = new Uint8Array(readFileSync(file));
  return { bytes, song: new FcpDocument(midiDomain, readMidiFile(bytes, basename(file))) };
}

const save = (song: FcpDocument<MidiRecord>) => writeMidiFile(song.store.snapshot());

describe('every corpus file saved without an edit', () => {
  it.each(files.map((f) => [basename(f), f]))('%s comes back with the same events', (_name, file) => {
    const { bytes, song } = open(file);
    const diff = compareMidiFiles(bytes, save(song));
    expect(describeDifference(diff)).toBe('');
  });
});

/** The lines (smf-compare's) of a note's note-on and note-off as the file writes them. */
function noteLines(note: MidiNoteRecord, track: MidiTrackRecord): string[] {
  const channel = (note.channel ?? track.channel) - 1;
  const on = eventLine(note.tick, { deltaTime: 0, type: 'noteOn', channel, noteNumber: note.pitch, velocity: note.vel });
  if (note.unended) return [on];
  const off = { deltaTime: 0, type: 'noteOff', channel, noteNumber: note.pitch, velocity: note.offVel ?? 0, ...(note.offAsOn ? { byte9: true } : {}) } as MidiEvent;
  return [on, eventLine(note.tick + note.dur, off)];
}

const sorted = (lines: string[]) => [...lines].sort();

/** One edit per file, in turn: a move, a velocity change, a new note, a removal, a transposition. */
const EDITS = ['move', 'velocity', 'add', 'remove', 'transpose'] as const;

describe('every corpus file after one edit', () => {
  it.each(files.map((f, i) => [basename(f), f, EDITS[i % EDITS.length]] as const))('%s: only the edited note changes (%s)', async (_name, file, edit) => {
    const { bytes, song } = open(file);
    const tracks = song.store.all<MidiTrackRecord>('track').sort((a, b) => a.order - b.order);
    // A note that ends (sounding notes keep no note-off), early in the song, so the edit stays inside its track.
    const candidates = song.store
      .all<MidiNoteRecord>('note')
      .filter((n) => !n.unended && n.dur > 0 && n.pitch < 124)
      .sort((a, b) => a.tick - b.tick || a.pitch - b.pitch);
    expect(candidates.length, 'a note to edit').toBeGreaterThan(0);
    const note = candidates[Math.floor(candidates.length / 3)];
    const track = tracks.find((t) => t.id === note.trackId)!;
    const ppqn = song.store.get<{ kind: 'meta'; ppqn: number } & MidiRecord>('meta')!.ppqn;
    let op: string;
    let removed = noteLines(note, track);
    let added: string[];
    switch (edit) {
      case 'move': {
        const to = note.tick + Math.round(ppqn / 4);
        op = `move @id:${note.id} to:tick:${to}`;
        added = noteLines({ ...note, tick: to }, track);
        break;
      }
      case 'velocity': {
        const delta = note.vel > 100 ? -5 : 5;
        op = `velocity @id:${note.id} ${delta > 0 ? '+' : ''}${delta}`;
        removed = removed.slice(0, 1);
        added = noteLines({ ...note, vel: note.vel + delta }, track).slice(0, 1);
        break;
      }
      case 'transpose':
        op = `transpose @id:${note.id} +3`;
        added = noteLines({ ...note, pitch: note.pitch + 3 }, track);
        break;
      case 'remove':
        op = `remove @id:${note.id}`;
        added = [];
        break;
      case 'add': {
        // By number: a file may give several tracks one name.
        const number = tracks.indexOf(track) + 1;
        op = `note #${number} midi:${note.pitch + 1} at:tick:${note.tick} dur:ticks:${note.dur} vel:77`;
        added = noteLines({ ...note, pitch: note.pitch + 1, vel: 77, channel: undefined, offVel: undefined, offAsOn: undefined }, track);
        removed = [];
        break;
      }
    }
    const answer = await song.applyBatch([op], 'test');
    expect(answer.ok, answer.text).toBe(true);
    const diff = compareMidiFiles(bytes, save(song));
    expect(diff.header).toEqual([]);
    const chunk = track.source!.chunk;
    expect(diff.tracks.map((t) => t.track)).toEqual([chunk]);
    const [changed] = diff.tracks;
    expect(sorted(changed.added), describeDifference(diff)).toEqual(sorted(added));
    expect(sorted(changed.removed), describeDifference(diff)).toEqual(sorted(removed));
    expect(changed.reordered, describeDifference(diff)).toBe(false);
  });
});

/**
 * What a DAW plays, worked out from the file alone: each note-on with the last program change on
 * its channel at or before its tick (in any track), and the bank selected before that change.
 */
function instrumentsFromFile(bytes: Uint8Array): string[] {
  const timed: { tick: number; track: number; order: number; event: MidiEvent }[] = [];
  parseMidi(bytes).tracks.forEach((events, track) => {
    let tick = 0;
    events.forEach((event, order) => timed.push({ tick: (tick += event.deltaTime), track, order, event }));
  });
  // Changes before notes at one tick, as files mean them.
  const rank = (e: MidiEvent) => (e.type === 'noteOn' ? 1 : 0);
  timed.sort((a, b) => a.tick - b.tick || rank(a.event) - rank(b.event) || a.track - b.track || a.order - b.order);
  const channels = Array.from({ length: 16 }, () => ({ program: 0, msb: '', lsb: '', pendingMsb: '', pendingLsb: '' }));
  const out: string[] = [];
  for (const { tick, event } of timed) {
    if (!('channel' in event) || 'meta' in event) continue;
    const c = channels[event.channel];
    if (event.type === 'controller' && event.controllerType === 0) c.pendingMsb = String(event.value);
    else if (event.type === 'controller' && event.controllerType === 32) c.pendingLsb = String(event.value);
    else if (event.type === 'programChange') Object.assign(c, { program: event.programNumber, msb: c.pendingMsb, lsb: c.pendingLsb });
    else if (event.type === 'noteOn' && event.velocity > 0) out.push(`${tick} ch${event.channel + 1} ${event.noteNumber} program:${c.program} bank:${c.msb}.${c.lsb}`);
  }
  return out.sort();
}

describe('every corpus file plays what a DAW plays', () => {
  it.each(files.map((f) => [basename(f), f]))('%s: each note with the program and bank in force on its channel', (_name, file) => {
    const { bytes, song } = open(file);
    const played = buildPerformance(song.store.snapshot())
      .notes.map((n) => `${n.tick} ch${n.channel + 1} ${n.pitch} program:${n.program} bank:${n.bankMsb ?? ''}.${n.bankLsb ?? ''}`)
      .sort();
    const expected = instrumentsFromFile(bytes);
    const wrong = played.filter((line, i) => line !== expected[i]);
    expect(played.length).toBe(expected.length);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
