/**
 * The midi domain hosted by the studio core: a real workspace, SQLite journal and worker threads.
 * Files and SoundFonts are read and written in the worker; acknowledged edits survive a crash;
 * the change feed carries the song's records to the views.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/change-feed';
import type { MidiMetaRecord, MidiRecord } from '../../../shared/midi/records';
import { Studio } from '../../core/studio';
import { temporaryWorkspace } from '../../testing/temporary-studio';
import { corpusPath } from '../../testing/corpora';
import { compareMidiFiles, describeDifference } from './smf-compare';

const temp = temporaryWorkspace('tandem-midi-');

async function records(studio: Studio): Promise<MidiRecord[]> {
  return (await studio.snapshot('midi')).records as MidiRecord[];
}

async function soundfontOf(studio: Studio): Promise<string | undefined> {
  return (await records(studio)).find((r): r is MidiMetaRecord => r.kind === 'meta')?.soundfont;
}

/** The 12 bytes a SoundFont starts with, then some padding. */
function soundfontBytes(): Buffer {
  const header = Buffer.alloc(1024);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(1016, 4);
  header.write('sfbk', 8, 'latin1');
  return header;
}

describe('midi in the studio', () => {
  it('hosts the midi domain beside drawio and feeds its records to the views', async () => {
    const studio = await temp.open();
    expect(studio.fcpDomains).toEqual(['drawio', 'midi']);
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    const midi = studio.fcp('midi');
    const answer = await midi.mutate(['track add Piano', 'note Piano C4 at:1.1 dur:quarter vel:mf'], 'person');
    expect(answer.text.split('\n')).toEqual(["+ Track 'Piano' added (ch:1, acoustic-grand-piano)", '+ Note C4 on Piano at 1.1 dur:480 vel:80', expect.stringMatching(/^hash:\w{6} tracks:1 notes:1$/)]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ domain: 'midi', origin: 'person', kind: 'batch', seq: 1 });
    expect(events[0].put).toContainEqual({ id: 'n5', kind: 'note', trackId: 't4', pitch: 60, tick: 0, dur: 480, vel: 80 });
    expect((await midi.query('history 1', 'claude')).text).toContain('#1 person batch: track add Piano | note Piano C4 at:1.1 dur:quarter vel:mf');
  });

  it('keeps every acknowledged edit, and the SoundFont, through a crash', async () => {
    mkdirSync(join(temp.dir, 'sounds'));
    writeFileSync(join(temp.dir, 'sounds', 'gm.sf2'), soundfontBytes());
    const first = await temp.open();
    const midi = first.fcp('midi');
    await midi.mutate(['track add Bass instrument:acoustic-bass', 'note Bass E2', 'note Bass A2 at:2.1'], 'claude');
    await midi.session('load-soundfont sounds/gm.sf2', 'claude');
    const digest = (await midi.mutate(['velocity @all +5'], 'claude')).text;
    temp.crash(first);

    const second = await temp.open();
    expect(await soundfontOf(second)).toBe('sounds/gm.sf2');
    const again = second.fcp('midi');
    expect((await again.query('history 5', 'x')).text).toContain('claude batch: load-soundfont sounds/gm.sf2');
    expect((await again.mutate(['tempo 120'], 'claude')).text.split('\n').at(-1)).toBe(digest.split('\n').at(-1));
  });
});

describe('load-soundfont', () => {
  it('records a real SoundFont in the song, as a change that undo reverts', async () => {
    mkdirSync(join(temp.dir, 'sounds'));
    writeFileSync(join(temp.dir, 'sounds', 'GeneralUser.sf2'), soundfontBytes());
    writeFileSync(join(temp.dir, 'sounds', 'other.sf3'), soundfontBytes());
    const studio = await temp.open();
    const midi = studio.fcp('midi');
    const loaded = await midi.session('load-soundfont sounds/GeneralUser', 'claude');
    expect(loaded.isError).toBe(false);
    expect(loaded.text.split('\n')[0]).toBe('!soundfont sounds/GeneralUser.sf2 (0.0 MB)');
    expect(await soundfontOf(studio)).toBe('sounds/GeneralUser.sf2');
    expect((await midi.session('load-soundfont "sounds/other.sf3"', 'claude')).text.split('\n')[0]).toBe(
      '!soundfont sounds/other.sf3 (0.0 MB), was sounds/GeneralUser.sf2',
    );
    await midi.session('undo', 'person');
    expect(await soundfontOf(studio)).toBe('sounds/GeneralUser.sf2');
    expect((await midi.session('load-soundfont default', 'claude')).text.split('\n')[0]).toBe('!soundfont default (General MIDI), was sounds/GeneralUser.sf2');
    expect(await soundfontOf(studio)).toBeUndefined();
  });

  it('refuses files that are not SoundFonts, missing files and paths outside the workspace, changing nothing', async () => {
    mkdirSync(join(temp.dir, 'sounds'));
    writeFileSync(join(temp.dir, 'sounds', 'fake.sf2'), 'just some text, not a SoundFont at all');
    writeFileSync(join(temp.dir, 'sounds', 'wave.sf2'), Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), Buffer.alloc(20)]));
    writeFileSync(join(temp.dir, 'sounds', 'real.sf2'), soundfontBytes());
    writeFileSync(join(temp.dir, 'sounds', 'empty.sf2'), '');
    const studio = await temp.open();
    const midi = studio.fcp('midi');
    const cases: [string, RegExp, string?][] = [
      ['load-soundfont sounds/fake.sf2', /^! sounds\/fake\.sf2 is not a SoundFont \(it has no RIFF sfbk header\) \[file_invalid\]$/, '  try: a .sf2 or .sf3 SoundFont, e.g. load-soundfont sounds/GeneralUser.sf2'],
      ['load-soundfont sounds/wave.sf2', /is not a SoundFont \(it is a RIFF "WAVE" file, not "sfbk"\) \[file_invalid\]/],
      ['load-soundfont sounds/empty.sf2', /is not a SoundFont \(it is empty\)/],
      ['load-soundfont sounds/missing.sf2', /^! no file sounds\/missing\.sf2 in the workspace \[file_not_found\]$/, '  try: load-soundfont sounds/empty.sf2 | load-soundfont sounds/fake.sf2 | load-soundfont sounds/real.sf2'],
      ['load-soundfont sounds/song.mid', /is not a SoundFont: a SoundFont is a \.sf2 or \.sf3 file \[bad_param\]/],
      ['load-soundfont ../elsewhere.sf2', /\[path_outside_workspace\]/],
      ['load-soundfont', /load-soundfont takes one path/],
    ];
    for (const [action, first, second] of cases) {
      const answer = await midi.session(action, 'claude');
      expect(answer.isError, action).toBe(true);
      const lines = answer.text.split('\n');
      expect(lines[0], action).toMatch(first);
      if (second) expect(lines[1]).toBe(second);
      expect(lines.at(-1)).toMatch(/^hash:\w{6} tracks:0 notes:0$/);
    }
    expect(await soundfontOf(studio)).toBeUndefined();
    expect((await studio.snapshot('midi')).seq).toBe(0);
  });
});

describe('.mid files through the session', () => {
  it('saves a song as a .mid and opens it again as the same song', async () => {
    const studio = await temp.open();
    const midi = studio.fcp('midi');
    await midi.session('new "Round Trip" tempo:96 time-sig:3/4 key:Bb-major', 'claude');
    const made = await midi.mutate(['track add Piano', 'chord Piano Gm7 at:2.1 dur:dotted-half', 'track add Drums instrument:drums', 'note Drums kick at:1.1', 'bend Piano 1024 at:2.2'], 'claude');
    const digest = made.text.split('\n').at(-1)!;
    expect((await midi.session('save as:songs/trip', 'claude')).text.split('\n')[0]).toBe('!saved songs/trip.mid');
    expect(readFileSync(join(temp.dir, 'songs', 'trip.mid')).subarray(0, 4).toString('latin1')).toBe('MThd');
    const before = (await midi.query('events *', 'x')).text;
    await midi.session('new "Other"', 'claude');
    const opened = await midi.session('open songs/trip.mid', 'claude');
    expect(opened.text.split('\n')).toEqual(['!opened songs/trip.mid "Round Trip"', digest]);
    expect((await midi.query('events *', 'x')).text).toBe(before);
  });

  it('refuses empty, truncated and non-MIDI files with file_invalid, keeping the song', async () => {
    const studio = await temp.open();
    const midi = studio.fcp('midi');
    await midi.mutate(['track add Piano', 'note Piano C4'], 'claude');
    await midi.session('save as:good.mid', 'claude');
    const good = readFileSync(join(temp.dir, 'good.mid'));
    writeFileSync(join(temp.dir, 'empty.mid'), '');
    writeFileSync(join(temp.dir, 'cut.mid'), good.subarray(0, good.length - 10));
    writeFileSync(join(temp.dir, 'text.mid'), 'this is a text file\n');
    const digest = (await midi.query('stats', 'x')).text;
    for (const [file, why] of [
      ['empty.mid', 'the file is empty'],
      ['cut.mid', 'it is truncated'],
      ['text.mid', 'it does not start with "MThd"'],
    ]) {
      const answer = await midi.session(`open ${file}`, 'claude');
      expect(answer.isError, file).toBe(true);
      expect(answer.text).toContain(`! ${file} is not a MIDI file this studio can open: ${why}`);
      expect(answer.text).toContain('[file_invalid]');
      expect(answer.text).toContain('  try: ');
    }
    expect((await midi.query('stats', 'x')).text).toBe(digest);
    expect((await studio.snapshot('midi')).path).toBe('good.mid');
  });

  it('opens a file another program wrote, keeps what it holds through the journal and a crash, and saves it back with only the edit', async () => {
    // Copied into the test's own workspace, never into the repository.
    const original = readFileSync(corpusPath('midi', 'tonejs-tchaikovsky_seasons.mid'));
    writeFileSync(join(temp.dir, 'seasons.mid'), original);
    const first = await temp.open();
    const midi = first.fcp('midi');
    expect((await midi.session('open seasons.mid', 'claude')).isError).toBe(false);
    expect((await midi.query('map', 'x')).text).toMatch(/Copyright: /);
    await midi.mutate(['tempo 90 at:9.1'], 'claude');
    temp.crash(first);

    const second = await temp.open();
    expect((await second.fcp('midi').session('save', 'claude')).isError).toBe(false);
    const diff = compareMidiFiles(original, readFileSync(join(temp.dir, 'seasons.mid')));
    expect(diff.header).toEqual([]);
    // The conductor chunk ended at 1.1: it now ends with the new tempo.
    const bar9 = 8 * 4 * 480;
    expect(diff.tracks.map((t) => [t.track, t.added, t.removed, t.reordered]), describeDifference(diff)).toEqual([
      [0, [`${bar9} setTempo microsecondsPerBeat=666667`, `${bar9} endOfTrack`], ['0 endOfTrack'], false],
    ]);
  });
});
