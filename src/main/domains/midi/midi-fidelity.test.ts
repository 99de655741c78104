/**
 * Files made here with midi-file's writer that use what the corpus files use, differently: several
 * program and bank changes on one channel mid-song, a drum kit change, a track on two channels,
 * lyrics, copyright and other text, system exclusive, SMPTE offset, port and channel prefixes,
 * sequencer-specific and unknown meta events, aftertouch, note-offs with a velocity and note-ons of
 * velocity 0 as note-offs, a note-off that ends no note, zero-length notes, a tempo of 500001 µs,
 * names in Latin-1 and Shift-JIS, two tracks of one name, a track that ends after its last event.
 * They open, save back unchanged, edit precisely, and play the instrument in force at each note.
 */
import { type MidiData, type MidiEvent, writeMidi } from 'midi-file';
import { describe, expect, it } from 'vitest';
import { buildPerformance } from '../../../shared/midi/performance';
import { FcpDocument } from '../../fcp/document';
import { midiDomain } from './index';
import { readMidiFile, writeMidiFile } from './midi-file';
import type { MidiNoteRecord, MidiProgramRecord, MidiRecord, MidiTempoRecord, MidiTextRecord, MidiTrackRecord } from './model';
import { compareMidiFiles, describeDifference, eventLines } from './smf-compare';
import { fails, ok, query } from './test-kit';

type Timed = [tick: number, event: Record<string, unknown> & { type: string }];

/** Events at absolute ticks as a track (delta times), ending at `end`. */
function chunk(events: Timed[], end?: number): MidiEvent[] {
  let at = 0;
  const out = events.map(([tick, event]) => {
    const e = { ...event, deltaTime: tick - at } as unknown as MidiEvent;
    at = tick;
    return e;
  });
  out.push({ deltaTime: Math.max(0, (end ?? at) - at), meta: true, type: 'endOfTrack' });
  return out;
}

const bytesOf = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const m = (type: string, fields: object = {}) => ({ meta: true, type, ...fields });
const on = (channel: number, noteNumber: number, velocity: number) => ({ type: 'noteOn', channel, noteNumber, velocity });
const off = (channel: number, noteNumber: number, velocity = 0) => ({ type: 'noteOff', channel, noteNumber, velocity });
const offAsOn = (channel: number, noteNumber: number) => ({ type: 'noteOff', channel, noteNumber, velocity: 0, byte9: true });
const program = (channel: number, programNumber: number) => ({ type: 'programChange', channel, programNumber });
const cc = (channel: number, controllerType: number, value: number) => ({ type: 'controller', channel, controllerType, value });

/** ピアノ in Shift-JIS: not UTF-8. */
const SHIFT_JIS_SONG = '\x83\x73\x83\x41\x83\x6d';
/** Clé in Latin-1. */
const LATIN1_NAME = 'Cl\xe9';

function format1(): Uint8Array {
  const conductor: Timed[] = [
    [0, m('trackName', { text: SHIFT_JIS_SONG })],
    [0, m('copyrightNotice', { text: bytesOf('© 2026 Ada Example, CC BY 4.0') })],
    [0, m('smpteOffset', { frameRate: 25, hour: 1, min: 0, sec: 0, frame: 0, subFrame: 0 })],
    [0, m('timeSignature', { numerator: 7, denominator: 8, metronome: 36, thirtyseconds: 8 })],
    [0, m('keySignature', { key: -3, scale: 1 })],
    [0, m('setTempo', { microsecondsPerBeat: 500001 })],
    [0, m('sequencerSpecific', { data: [0x00, 0x00, 0x41, 0x01] })],
    [480, m('marker', { text: 'A' })],
    [480, m('cuePoint', { text: 'door slams' })],
    [960, m('setTempo', { microsecondsPerBeat: 333333 })],
    [960, m('unknownMeta', { metatypeByte: 0x09, data: [0x44, 0x65, 0x76] })],
  ];
  const lead: Timed[] = [
    [0, m('trackName', { text: LATIN1_NAME })],
    [0, m('portPrefix', { port: 1 })],
    [0, m('channelPrefix', { channel: 0 })],
    [0, m('instrumentName', { text: 'Lead' })],
    [0, cc(0, 0, 8)],
    [0, program(0, 80)],
    [0, cc(0, 7, 90)],
    [0, { type: 'sysEx', data: [0x7e, 0x7f, 0x09, 0x01, 0xf7] }],
    [0, m('lyrics', { text: 'Hel' })],
    [0, on(0, 60, 100)],
    [0, on(1, 48, 70)],
    [0, cc(1, 10, 20)],
    [120, { type: 'pitchBend', channel: 1, value: -4096 }],
    [240, { type: 'channelAftertouch', channel: 0, amount: 50 }],
    [240, { type: 'noteAftertouch', channel: 0, noteNumber: 60, amount: 30 }],
    [480, off(0, 60, 64)],
    [480, offAsOn(1, 48)],
    [480, off(0, 61)],
    [480, m('lyrics', { text: 'lo' })],
    [480, on(0, 62, 90)],
    [480, off(0, 62)],
    // A new instrument mid-song on the same channel, with a bank, then back.
    [960, cc(0, 0, 1)],
    [960, cc(0, 32, 3)],
    [960, program(0, 40)],
    [960, on(0, 64, 80)],
    [1440, offAsOn(0, 64)],
    [1920, program(0, 81)],
    [1920, on(0, 65, 80)],
    [2400, off(0, 65)],
  ];
  const drums: Timed[] = [
    [0, m('trackName', { text: 'Kit' })],
    [0, program(9, 0)],
    [0, on(9, 36, 100)],
    [240, off(9, 36)],
    // A drum kit change: from here the room kit.
    [960, program(9, 8)],
    [960, on(9, 38, 100)],
    [1200, off(9, 38)],
  ];
  const comments: Timed[] = [
    [0, m('trackName', { text: 'Notes' })],
    [0, m('text', { text: 'recorded live' })],
    [100, m('trackName', { text: 'second name' })],
  ];
  const twin = (name: string, channel: number): MidiEvent[] =>
    chunk([
      [0, m('trackName', { text: name })],
      [0, on(channel, 70, 60)],
      [240, off(channel, 70)],
    ]);
  const data: MidiData = {
    header: { format: 1, numTracks: 6, ticksPerBeat: 480 },
    tracks: [chunk(conductor), chunk(lead, 3000), chunk(drums), chunk(comments), twin('Piano', 2), twin('piano', 3)],
  };
  return Uint8Array.from(writeMidi(data));
}

function format0(): Uint8Array {
  const events: Timed[] = [
    [0, m('trackName', { text: 'One chunk' })],
    [0, { type: 'sysEx', data: [0x43, 0x10, 0x4c, 0x00, 0x00, 0x7e, 0x00, 0xf7] }],
    [0, program(0, 5)],
    [0, program(1, 33)],
    [0, m('lyrics', { text: 'la' })],
    [0, on(0, 60, 90)],
    [0, on(1, 36, 90)],
    [240, program(1, 34)],
    [480, offAsOn(0, 60)],
    [480, offAsOn(1, 36)],
    [480, on(1, 38, 90)],
    [480, on(0, 67, 90)],
    [480, off(0, 67)],
    [960, off(1, 38)],
  ];
  return Uint8Array.from(writeMidi({ header: { format: 0, numTracks: 1, ticksPerBeat: 96 }, tracks: [chunk(events, 1000)] }));
}

const openSong = (bytes: Uint8Array, name = 'made.mid') => new FcpDocument(midiDomain, readMidiFile(bytes, name));
const saved = (song: FcpDocument<MidiRecord>) => writeMidiFile(song.store.snapshot());
const all = <T extends MidiRecord>(song: FcpDocument<MidiRecord>, kind: T['kind']) => song.store.all<T>(kind);

describe('files made with every feature the studio keeps', () => {
  it.each([
    ['format 1', format1],
    ['format 0', format0],
  ])('%s saves back with the same events', (_name, make) => {
    const bytes = make();
    expect(describeDifference(compareMidiFiles(bytes, saved(openSong(bytes))))).toBe('');
  });

  it('reads what the file means: instruments in time, channels, text, exact tempo, zero-length notes, names as they decode', () => {
    const song = openSong(format1());
    const lead = all<MidiTrackRecord>(song, 'track').find((t) => t.source?.chunk === 1)!;
    expect(lead).toMatchObject({ name: 'Clé', channel: 1, program: 80, bankMsb: 8, volume: 90 });
    expect(all<MidiProgramRecord>(song, 'program').map((p) => [p.tick, p.program, p.channel])).toEqual([
      [960, 40, undefined],
      [1920, 81, undefined],
      [960, 8, undefined],
    ]);
    expect(song.store.all('cc').filter((c) => c.kind === 'cc' && c.channel === 2)).toHaveLength(1);
    expect(song.store.all('bend')).toMatchObject([{ value: -4096, channel: 2, tick: 120 }]);
    const notes = all<MidiNoteRecord>(song, 'note');
    expect(notes.find((n) => n.pitch === 62)).toMatchObject({ tick: 480, dur: 0 });
    expect(notes.find((n) => n.pitch === 60)).toMatchObject({ offVel: 64 });
    expect(notes.find((n) => n.pitch === 48)).toMatchObject({ channel: 2, offAsOn: true });
    const tempo = all<MidiTempoRecord>(song, 'tempo').sort((a, b) => a.tick - b.tick);
    expect(tempo.map((t) => [t.bpm, t.usPerQuarter])).toEqual([
      [120, 500001],
      [180, 333333],
    ]);
    const texts = all<MidiTextRecord>(song, 'text').map((t) => [t.type, t.text, t.tick]);
    expect(texts).toEqual(
      expect.arrayContaining([
        ['copyright', '© 2026 Ada Example, CC BY 4.0', 0],
        ['lyric', 'Hel', 0],
        ['lyric', 'lo', 480],
        ['cue', 'door slams', 480],
        ['instrument', 'Lead', 0],
        ['text', 'recorded live', 0],
      ]),
    );
    // Shift-JIS is not UTF-8: shown as Shift-JIS reads it, its bytes kept (the first test).
    expect(song.store.get<MidiRecord & { kind: 'meta' }>('meta')!.title).toBe('ピアノ');
    // Two tracks of one name (ignoring case), as the file has them.
    expect(all<MidiTrackRecord>(song, 'track').map((t) => t.name)).toEqual(['Clé', 'Kit', 'Piano', 'piano']);
  });

  it('plays each note with the instrument in force on its channel at its tick, drum kit changes and banks included', () => {
    const played = buildPerformance(openSong(format1()).store.snapshot()).notes.map((n) => [n.tick, n.channel + 1, n.pitch, n.program, n.bankMsb, n.bankLsb]);
    expect(played).toEqual(
      expect.arrayContaining([
        [0, 1, 60, 80, 8, undefined],
        [0, 2, 48, 0, undefined, undefined],
        [960, 1, 64, 40, 1, 3],
        [1920, 1, 65, 81, 1, 3],
        [0, 10, 36, 0, undefined, undefined],
        [960, 10, 38, 8, undefined, undefined],
      ]),
    );
    const zero = buildPerformance(openSong(format0()).store.snapshot()).notes.map((n) => [n.tick, n.channel + 1, n.program]);
    expect(zero).toEqual(expect.arrayContaining([[0, 2, 33], [480, 2, 34], [480, 1, 5]]));
  });

  it('an edit changes only what it edits, in the chunk it is in', async () => {
    const bytes = format1();
    const song = openSong(bytes);
    // An instrument is a program and a bank: without bank: the verb selects the General MIDI one.
    await ok(song, 'program Clé violin');
    let diff = compareMidiFiles(bytes, saved(song));
    expect(diff.tracks.map((t) => [t.track, t.added, t.removed])).toEqual([
      [1, ['0 programChange ch1 programNumber=40'], ['0 controller ch1 controllerType=0 value=8', '0 programChange ch1 programNumber=80']],
    ]);
    await ok(song, 'program Clé violin bank:8');
    diff = compareMidiFiles(bytes, saved(song));
    expect(diff.tracks.map((t) => [t.track, t.added, t.removed, t.reordered])).toEqual([[1, ['0 programChange ch1 programNumber=40'], ['0 programChange ch1 programNumber=80'], false]]);
    // A tempo replaced where it was keeps its place: the file's events around it stay in their order.
    await ok(song, 'tempo 150');
    diff = compareMidiFiles(bytes, saved(song));
    expect(diff.tracks.find((t) => t.track === 0)).toMatchObject({ added: ['0 setTempo microsecondsPerBeat=400000'], removed: ['0 setTempo microsecondsPerBeat=500001'], reordered: false });
    const conductor = eventLines(saved(song)).tracks[0];
    expect(conductor.indexOf('0 setTempo microsecondsPerBeat=400000')).toBe(eventLines(bytes).tracks[0].indexOf('0 setTempo microsecondsPerBeat=500001'));
    await ok(song, 'title "Night Song"');
    diff = compareMidiFiles(bytes, saved(song));
    expect(diff.tracks.find((t) => t.track === 0)!.added).toContain('0 trackName text=Night Song');
  });

  it('a track added to a format 0 file gets a chunk of its own (format 1), the first chunk unchanged', async () => {
    const bytes = format0();
    const song = openSong(bytes);
    await ok(song, 'track add Bass instrument:electric-bass-finger', 'note Bass E2 at:1.1');
    const diff = compareMidiFiles(bytes, saved(song));
    expect(diff.header).toEqual(['format 0 -> 1', 'tracks 1 -> 2']);
    expect(diff.tracks.map((t) => t.track)).toEqual([1]);
  });

  it('removing a track read from a file removes its chunk, and what it kept there', async () => {
    const bytes = format1();
    const song = openSong(bytes);
    await ok(song, 'track remove Clé');
    const after = saved(song);
    const diff = compareMidiFiles(bytes, after);
    expect(diff.header).toEqual(['tracks 6 -> 5']);
    expect(Buffer.from(after).includes(Buffer.from([0x7e, 0x7f, 0x09, 0x01]))).toBe(false);
  });

  it('a name several tracks share is refused with their numbers; #N picks one', async () => {
    const song = openSong(format1());
    const answer = await fails(song, 'note Piano C4 at:1.1');
    expect(answer).toContain('ambiguous_ref');
    expect(answer).toMatch(/2 tracks are called 'Piano': #3 \(ch:3, .*\), #4 \(ch:4, .*\)/);
    expect(answer).toContain('try: note #3 C4 at:1.1');
    await ok(song, 'note #4 C5 at:2.1');
    expect(all<MidiNoteRecord>(song, 'note').filter((n) => n.pitch === 72)).toHaveLength(1);
    expect(await query(song, 'events #4')).toContain('note C5');
  });

  it('queries show instrument changes, copyright and lyrics', async () => {
    const song = openSong(format1());
    expect(await query(song, 'describe Clé')).toMatch(/instrument changes: violin \(program:40\)@1\.5, lead-2-sawtooth \(program:81\)@2\.2/);
    expect(await query(song, 'map')).toContain('Copyright: © 2026 Ada Example, CC BY 4.0');
    expect(await query(song, 'events *')).toContain('lyric "lo"');
    expect(await query(song, 'events Kit')).toMatch(/program room-kit \(program:8\)/);
  });
});

/** A file's chunks in order: `[id, data]` (the header's data included). */
function chunksOf(bytes: Uint8Array): [string, string][] {
  const buf = Buffer.from(bytes);
  const out: [string, string][] = [];
  for (let pos = 0; pos + 8 <= buf.length; pos += 8 + buf.readUInt32BE(pos + 4)) {
    out.push([buf.toString('latin1', pos, pos + 4), buf.toString('latin1', pos + 8, pos + 8 + buf.readUInt32BE(pos + 4))]);
  }
  return out;
}

function chunk8(id: string, data: string): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32BE(data.length, 4);
  return Buffer.concat([head, Buffer.from(data, 'latin1')]);
}

describe('what the studio does not read', () => {
  it('keeps chunks other than tracks, and header bytes past the six, where they were', () => {
    const made = chunksOf(format0());
    // A longer header, a chunk before the track, and one after it.
    const header = Buffer.concat([Buffer.from(made[0][1], 'latin1'), Buffer.from([0xab, 0xcd])]);
    const bytes = Buffer.concat([chunk8('MThd', header.toString('latin1')), chunk8('XFIH', 'info\x00\xff'), chunk8('MTrk', made[1][1]), chunk8('XFKM', 'karaoke')]);
    const song = openSong(new Uint8Array(bytes));
    const after = chunksOf(saved(song));
    expect(after.map(([id]) => id)).toEqual(['MThd', 'XFIH', 'MTrk', 'XFKM']);
    expect(after[0][1]).toBe(header.toString('latin1'));
    expect(after[1][1]).toBe('info\x00\xff');
    expect(after[3][1]).toBe('karaoke');
    const tracksOnly = (chunks: [string, string][]) => new Uint8Array(Buffer.concat(chunks.filter(([id]) => id === 'MThd' || id === 'MTrk').map(([id, data]) => chunk8(id, data))));
    expect(describeDifference(compareMidiFiles(tracksOnly(chunksOf(bytes)), tracksOnly(after)))).toBe('');
  });
});

describe('the comparison', () => {
  it('sees events in another order, and events that moved', () => {
    const data = (first: Timed, second: Timed): Uint8Array =>
      Uint8Array.from(writeMidi({ header: { format: 1, numTracks: 1, ticksPerBeat: 96 }, tracks: [chunk([first, second])] }));
    const a = data([0, program(0, 5)], [0, on(0, 60, 90)]);
    expect(compareMidiFiles(a, data([0, on(0, 60, 90)], [0, program(0, 5)])).tracks).toMatchObject([{ reordered: true, added: [], removed: [] }]);
    const [moved] = compareMidiFiles(a, data([0, program(0, 5)], [1, on(0, 60, 90)])).tracks;
    expect(moved.added).toContain('1 noteOn ch1 noteNumber=60 velocity=90');
    expect(moved.removed).toContain('0 noteOn ch1 noteNumber=60 velocity=90');
  });
});
