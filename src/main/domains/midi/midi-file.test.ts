/**
 * Standard MIDI Files: a song written and read back is the same song (every event kind compared),
 * the file is laid out as issue 7 fixes it, files from other programs (type 0) open split by
 * channel, and bad files are refused with file_invalid.
 */
import { type MidiData, type MidiEvent, parseMidi, writeMidi } from 'midi-file';
import { describe, expect, it } from 'vitest';
import { FcpDocument } from '../../fcp/document';
import { StudioError } from '../../kernel/errors';
import { midiDomain } from './index';
import { readMidiFile, writeMidiFile } from './midi-file';
import { MAX_TEMPO, MIN_TEMPO, type MidiRecord } from './model';
import { type Song, digest, newSong, ok } from './test-kit';

/** Everything a song is, without ids: what must survive a round trip. */
function content(records: readonly MidiRecord[]) {
  const tracks = records.filter((r) => r.kind === 'track').sort((a, b) => a.order - b.order);
  const nameOf = new Map(tracks.map((t) => [t.id, t.name]));
  // Where each event was in the file is bookkeeping for writing it back, not what the song is.
  const strip = ({ id: _id, trackId, seq: _seq, offSeq: _offSeq, chunk: _chunk, usPerQuarter: _us, ...rest }: { id: string; trackId?: string } & Record<string, unknown>) =>
    trackId ? { track: nameOf.get(trackId), ...rest } : rest;
  const sorted = (kind: string) =>
    records
      .filter((r) => r.kind === kind)
      .map((r) => strip(r as never))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const meta = records.find((r) => r.kind === 'meta')!;
  return {
    title: meta.kind === 'meta' && meta.title,
    ppqn: meta.kind === 'meta' && meta.ppqn,
    tracks: tracks.map(({ id: _id, order: _order, mute: _mute, solo: _solo, source: _source, ...t }) => t),
    ...Object.fromEntries(['note', 'cc', 'bend', 'tempo', 'timesig', 'keysig', 'marker'].map((k) => [k, sorted(k)])),
  };
}

function roundTrip(song: Song): MidiRecord[] {
  return readMidiFile(writeMidiFile(song.store.snapshot()), 'song.mid');
}

/** A song with every event kind the file keeps. */
async function fullSong(): Promise<Song> {
  const song = newSong({ tempo: '96.5', 'time-sig': '6/8', key: 'Eb-major', ppqn: '960' }, 'Café — 夜のドライブ');
  await ok(
    song,
    'track add Piano',
    'note Piano C4 at:1.1 dur:quarter vel:mf',
    'note Piano C4 at:1.2 vel:100 ch:3',
    'chord Piano Am7/G at:2.1 dur:dotted-quarter vel:pp',
    'note Piano C4 at:2.4 dur:ticks:1',
    'cc Piano sustain on at:2.1',
    'cc Piano sustain off at:2.6.13',
    'cc Piano volume 101',
    'track add "Lead Guitar" instrument:overdriven-guitar bank:1.2',
    'bend "Lead Guitar" 8191 at:1.1',
    'bend "Lead Guitar" -8192 at:1.2',
    'bend "Lead Guitar" -1 at:1.3',
    'bend "Lead Guitar" center at:1.4',
    'cc "Lead Guitar" modulation 64 at:1.1.17',
    'cc "Lead Guitar" 3 9 at:3.1',
    'note "Lead Guitar" E5 at:1.1 dur:whole vel:127',
    'track add Drums instrument:jazz-kit',
    'note Drums kick at:1.1 vel:1',
    'note Drums snare at:1.4',
    'track add Empty instrument:cello bank:7',
    'tempo 133.33 at:3.1',
    'tempo 60 at:5.1',
    'time-sig 5/4 at:4.1',
    'time-sig 7/8 at:6.1',
    'key-sig G#m at:4.1',
    'key-sig Cb at:6.1',
    'marker "Verse ✓" at:2.1',
    'marker Outro at:4.1',
    'marker Outro at:4.1',
  );
  return song;
}

describe('round trip', () => {
  it('reads back the same song: tempo map, time and key signatures, markers, tracks, programs, banks, channels, notes, controllers, bends', async () => {
    const song = await fullSong();
    const back = roundTrip(song);
    expect(content(back)).toEqual(content(song.store.snapshot()));
    expect(midiDomain.digest(new FcpDocument(midiDomain, back).store)).toBe(digest(song));
  });

  it('adds nothing: writing what it read gives the same bytes', async () => {
    const first = writeMidiFile((await fullSong()).store.snapshot());
    const second = writeMidiFile(readMidiFile(first, 'song.mid'));
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it('keeps tempos with two decimals exactly across the range a song may have', () => {
    const bad: number[] = [];
    for (let cents = MIN_TEMPO * 100; cents <= MAX_TEMPO * 100; cents += 7) {
      const bpm = cents / 100;
      const records: MidiRecord[] = [
        { id: 'meta', kind: 'meta', title: 't', ppqn: 480, nextOrder: 2 },
        { id: 'tp1', kind: 'tempo', tick: 0, bpm },
      ];
      const back = readMidiFile(writeMidiFile(records), 'x.mid').find((r) => r.kind === 'tempo');
      if (back?.kind !== 'tempo' || back.bpm !== bpm) bad.push(bpm);
    }
    expect(bad).toEqual([]);
  });
});

describe('the file as written', () => {
  it('is format 1: a conductor track, then one track per track with its name, bank and program before its notes', async () => {
    const song = await fullSong();
    const file = parseMidi(writeMidiFile(song.store.snapshot()));
    expect(file.header).toMatchObject({ format: 1, numTracks: 5, ticksPerBeat: 960 });
    const conductor = file.tracks[0];
    expect(conductor.some((e) => 'channel' in e && !('meta' in e))).toBe(false);
    expect(conductor[0]).toMatchObject({ type: 'trackName', deltaTime: 0 });
    // Time signature and key at tick 0.
    expect(conductor.slice(1, 4).map((e) => [e.deltaTime, e.type])).toEqual([
      [0, 'timeSignature'],
      [0, 'keySignature'],
      [0, 'setTempo'],
    ]);
    const guitar = file.tracks[2];
    expect(guitar.slice(0, 4).map((e) => e.type)).toEqual(['trackName', 'controller', 'controller', 'programChange']);
    expect(guitar.slice(1, 4)).toMatchObject([
      { controllerType: 0, value: 1, channel: 1 },
      { controllerType: 32, value: 2, channel: 1 },
      { programNumber: 29, channel: 1 },
    ]);
    const piano = file.tracks[1];
    const firstNote = piano.findIndex((e) => e.type === 'noteOn');
    expect(piano.findIndex((e) => e.type === 'programChange')).toBeLessThan(firstNote);
    expect(file.tracks[3].find((e) => e.type === 'noteOn')).toMatchObject({ channel: 9 });
    expect(file.tracks.every((t) => t.at(-1)?.type === 'endOfTrack')).toBe(true);
  });

  it('puts a note-off before a note-on at the same tick, and adds no bends or controllers', async () => {
    const song = newSong();
    await ok(song, 'track add P', 'note P C4 at:1.1', 'note P C4 at:1.2', 'note P E4 at:1.2');
    const [, track] = parseMidi(writeMidiFile(song.store.snapshot())).tracks;
    const events = absolute(track).filter(([, e]) => e.type === 'noteOn' || e.type === 'noteOff');
    expect(events.map(([tick, e]) => `${tick} ${e.type} ${(e as { noteNumber: number }).noteNumber}`)).toEqual([
      '0 noteOn 60',
      '480 noteOff 60',
      '480 noteOn 60',
      '480 noteOn 64',
      '960 noteOff 60',
      '960 noteOff 64',
    ]);
    expect(track.filter((e) => e.type === 'pitchBend' || e.type === 'controller')).toEqual([]);
  });
});

/** [absolute tick, event] of a track. */
function absolute(track: MidiEvent[]): [number, MidiEvent][] {
  let tick = 0;
  return track.map((e) => [(tick += e.deltaTime), e]);
}

describe('files from other programs', () => {
  /** A type 0 file as a sequencer would write it: everything in one track, delta-timed. */
  function typeZero(): number[] {
    const e = (deltaTime: number, event: object) => ({ deltaTime, ...event }) as MidiEvent;
    const data: MidiData = {
      header: { format: 0, numTracks: 1, ticksPerBeat: 96 },
      tracks: [
        [
          e(0, { meta: true, type: 'trackName', text: 'Old Tune' }),
          e(0, { meta: true, type: 'setTempo', microsecondsPerBeat: 600000 }),
          e(0, { meta: true, type: 'timeSignature', numerator: 3, denominator: 4, metronome: 24, thirtyseconds: 8 }),
          e(0, { type: 'programChange', channel: 0, programNumber: 73 }),
          e(0, { type: 'programChange', channel: 1, programNumber: 32 }),
          e(0, { type: 'controller', channel: 1, controllerType: 7, value: 90 }),
          e(0, { type: 'noteOn', channel: 0, noteNumber: 72, velocity: 90 }),
          e(0, { type: 'noteOn', channel: 1, noteNumber: 36, velocity: 100 }),
          e(0, { type: 'noteOn', channel: 9, noteNumber: 42, velocity: 70 }),
          // A note-on of velocity 0 is a note-off.
          e(48, { type: 'noteOn', channel: 9, noteNumber: 42, velocity: 0 }),
          e(48, { type: 'noteOff', channel: 0, noteNumber: 72, velocity: 64 }),
          e(0, { type: 'pitchBend', channel: 0, value: -2048 }),
          e(0, { type: 'noteOn', channel: 0, noteNumber: 74, velocity: 80 }),
          e(96, { type: 'noteOff', channel: 0, noteNumber: 74, velocity: 0 }),
          e(96, { type: 'noteOff', channel: 1, noteNumber: 36, velocity: 0 }),
          e(0, { meta: true, type: 'endOfTrack' }),
        ],
      ],
    };
    return writeMidi(data);
  }

  it('opens a type 0 file with its tracks split by channel', async () => {
    const song = new FcpDocument(midiDomain, readMidiFile(new Uint8Array(typeZero()), 'tunes/old-tune.mid'));
    expect((await song.query('map')).text).toBe(
      [
        'Song: Old Tune',
        '  tempo:100 | 3/4 | C major | ppqn:96',
        '  Tracks (3):',
        '    1. Ch1 ch:1 flute (2 notes)',
        '    2. Ch2 ch:2 acoustic-bass (1 note) vol:90',
        '    3. Drums ch:10 standard-kit (1 note)',
      ].join('\n'),
    );
    expect((await song.query('events *')).text).toContain(
      ['  Ch1 (ch:1 flute): 3 events', '    1.1 note C5 dur:96 vel:90', '    1.2 bend -2048', '    1.2 note D5 dur:96 vel:80'].join('\n'),
    );
    expect((await song.query('events Ch2')).text).toContain('1.1 note C2 dur:288 vel:100');
    expect((await song.query('events Drums')).text).toContain('1.1 note hihat dur:48 vel:70');
  });

  it('pairs note-offs first in first out, ends hanging notes with their track, and reads Latin-1 names', () => {
    const e = (deltaTime: number, event: object) => ({ deltaTime, ...event }) as MidiEvent;
    const bytes = writeMidi({
      header: { format: 1, numTracks: 2, ticksPerBeat: 480 },
      tracks: [
        [e(0, { meta: true, type: 'setTempo', microsecondsPerBeat: 500000 }), e(0, { meta: true, type: 'endOfTrack' })],
        [
          e(0, { meta: true, type: 'trackName', text: 'Caf\u00e9' }),
          e(0, { type: 'noteOn', channel: 2, noteNumber: 60, velocity: 50 }),
          e(100, { type: 'noteOn', channel: 2, noteNumber: 60, velocity: 60 }),
          e(100, { type: 'noteOff', channel: 2, noteNumber: 60, velocity: 0 }),
          e(100, { type: 'noteOff', channel: 2, noteNumber: 60, velocity: 0 }),
          e(0, { type: 'noteOn', channel: 2, noteNumber: 67, velocity: 70 }),
          e(500, { meta: true, type: 'endOfTrack' }),
        ],
      ],
    });
    const records = readMidiFile(new Uint8Array(bytes), 'x.mid');
    expect(records.find((r) => r.kind === 'meta')).toMatchObject({ title: 'x' });
    expect(records.find((r) => r.kind === 'track')).toMatchObject({ name: 'Café', channel: 3, program: 0 });
    expect(records.filter((r) => r.kind === 'note').map((n) => n.kind === 'note' && [n.pitch, n.tick, n.dur, n.vel])).toEqual([
      [60, 0, 200, 50],
      [60, 100, 200, 60],
      [67, 300, 500, 70],
    ]);
  });

  it('skips chunks it does not know', async () => {
    const song = await fullSong();
    const bytes = Buffer.from(writeMidiFile(song.store.snapshot()));
    const alien = Buffer.concat([Buffer.from('XFIH', 'latin1'), Buffer.from([0, 0, 0, 3, 1, 2, 3])]);
    const withAlien = Buffer.concat([bytes.subarray(0, 14), alien, bytes.subarray(14)]);
    expect(content(readMidiFile(new Uint8Array(withAlien), 'a.mid'))).toEqual(content(song.store.snapshot()));
  });
});

describe('bad files', () => {
  function refusal(bytes: Uint8Array | number[]): StudioError {
    try {
      readMidiFile(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), 'bad.mid');
    } catch (err) {
      expect(err).toBeInstanceOf(StudioError);
      expect((err as StudioError).code).toBe('file_invalid');
      expect((err as StudioError).suggestion).toBeTruthy();
      return err as StudioError;
    }
    throw new Error('expected the file to be refused');
  }

  it('refuses empty, non-MIDI, truncated, format 2 and SMPTE files with the reason', async () => {
    const good = Buffer.from(writeMidiFile((await fullSong()).store.snapshot()));
    expect(refusal(new Uint8Array()).message).toBe('bad.mid is not a MIDI file this studio can open: the file is empty');
    expect(refusal(Buffer.from('<?xml version="1.0"?><mxfile/>')).message).toContain('it does not start with "MThd"');
    expect(refusal(Buffer.from('RIFF\0\0\0\0RMIDdata')).message).toContain('an .rmi wraps a MIDI file');
    expect(refusal(good.subarray(0, 10)).message).toContain('it does not start with "MThd"');
    expect(refusal(good.subarray(0, 20)).message).toContain('it ends inside the header of chunk 2');
    expect(refusal(good.subarray(0, good.length - 1)).message).toMatch(/it is truncated: track 5 claims \d+ bytes and the file ends \d+ bytes in/);
    const fewer = Buffer.from(good);
    fewer.writeUInt16BE(9, 10);
    expect(refusal(fewer).message).toContain('the header promises 9 tracks and the file holds 5');
    const format2 = Buffer.from(good);
    format2.writeUInt16BE(2, 8);
    expect(refusal(format2).message).toContain('format 2');
    const smpte = Buffer.from(good);
    smpte.writeUInt16BE(0xe728, 12);
    expect(refusal(smpte).message).toContain('SMPTE');
  });

  it('refuses damaged event data inside a track', () => {
    // A channel event cut off inside its MTrk: a note-on with its velocity byte missing.
    const body = [0x00, 0x90, 0x3c];
    const bytes = [...Buffer.from('MThd'), 0, 0, 0, 6, 0, 0, 0, 1, 1, 0xe0, ...Buffer.from('MTrk'), 0, 0, 0, body.length, ...body];
    expect(refusal(bytes).message).toContain('damaged event data');
    // Running status with no status byte before it.
    const running = [0x00, 0x3c, 0x40];
    expect(refusal([...bytes.slice(0, 18), 0, 0, 0, running.length, ...running]).message).toContain('it is damaged');
  });
});
