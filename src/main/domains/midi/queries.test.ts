import { beforeEach, describe, expect, it } from 'vitest';
import { type Song, newSong, ok, query, queryFails } from './test-kit';

let song: Song;

beforeEach(async () => {
  song = newSong({ tempo: '100' }, 'My Song');
  await ok(
    song,
    'track add Piano instrument:acoustic-grand-piano',
    'track add Bass instrument:acoustic-bass',
    'note Piano C4 at:1.1',
    'note Piano E4 at:1.2',
    'note Piano G4 at:1.3 dur:half',
    'chord Piano Am at:2.1 dur:whole',
    'note Bass A2 at:2.1 dur:half',
    'cc Piano sustain on at:2.1',
    'bend Bass 2000 at:2.2',
    'marker Chorus at:2.1',
  );
});

describe('map and tracks', () => {
  it("answers map as the contract shows it", async () => {
    await ok(song, 'mute Bass');
    expect(await query(song, 'map')).toBe(
      [
        'Song: My Song',
        '  tempo:100 | 4/4 | C major | ppqn:480',
        '  Markers: Chorus@2.1',
        '  Tracks (2):',
        '    1. Piano ch:1 acoustic-grand-piano (6 notes)',
        '    2. Bass ch:2 acoustic-bass (1 note) [muted]',
      ].join('\n'),
    );
    await ok(song, 'tempo 140 at:3.1', 'time-sig 3/4 at:3.1', 'key-sig Am at:3.1');
    const map = await query(song, 'map');
    expect(map).toContain('  tempo changes: 140@3.1\n  time-sig changes: 3/4@3.1\n  key changes: A minor@3.1');
    expect(await query(newSong(), 'map')).toContain('No tracks (add one: track add Piano instrument:acoustic-grand-piano)');
  });

  it('lists tracks with their counts and state', async () => {
    await ok(song, 'cc Bass volume 90', 'solo Piano');
    expect(await query(song, 'tracks')).toBe(
      ['tracks: 2', '  1. Piano ch:1 acoustic-grand-piano | 6 notes, 1 cc, 0 bends [solo]', '  2. Bass ch:2 acoustic-bass | 1 note, 0 cc, 1 bend vol:90'].join('\n'),
    );
  });
});

describe('events', () => {
  it("lists a track's events by time, in a range that includes its last beat", async () => {
    expect(await query(song, 'events Piano')).toBe(
      [
        'events Piano: 7 events (ch:1 acoustic-grand-piano)',
        '  1.1 note C4 dur:480 vel:80',
        '  1.2 note E4 dur:480 vel:80',
        '  1.3 note G4 dur:960 vel:80',
        '  2.1 cc sustain 127',
        '  2.1 note A4 dur:1920 vel:80',
        '  2.1 note C5 dur:1920 vel:80',
        '  2.1 note E5 dur:1920 vel:80',
      ].join('\n'),
    );
    expect(await query(song, 'events Piano 1.1-1.2')).toBe(['events Piano 1.1-1.2: 2 events (ch:1 acoustic-grand-piano)', '  1.1 note C4 dur:480 vel:80', '  1.2 note E4 dur:480 vel:80'].join('\n'));
    expect(await query(song, 'events Bass 2.2')).toContain('events Bass 2.2: 1 event');
  });

  it('lists every track and the song events with *', async () => {
    const all = await query(song, 'events * 2.1-2.4');
    expect(all).toContain('events * 2.1-2.4:\n  song:\n    2.1 marker \'Chorus\'\n  Piano (ch:1 acoustic-grand-piano): 4 events');
    expect(all).toContain('  Bass (ch:2 acoustic-bass): 2 events\n    2.1 note A2 dur:960 vel:80\n    2.2 bend 2000');
    expect(await query(song, 'events *')).toContain('    1.1 tempo 100\n    1.1 time-sig 4/4\n    1.1 key-sig C major');
  });

  it('caps long answers and says how to narrow them', async () => {
    await ok(song, 'track add Busy', ...Array.from({ length: 1200 }, (_, i) => `note Busy C4 at:tick:${i * 10} dur:10`));
    const text = await query(song, 'events Busy');
    expect(text.split('\n')).toHaveLength(1 + 1000 + 1);
    expect(text).toContain('events Busy: 1200 events');
    expect(text.split('\n').at(-1)).toBe('  ... 200 more (narrow the range)');
  });

  it('names the tracks when one is missing', async () => {
    expect(await queryFails(song, 'events Guitar')).toContain("Track 'Guitar' not found [unknown_ref]\n  try: track add Guitar instrument:acoustic-guitar-steel (tracks: Piano, Bass)");
    expect(await queryFails(song, 'events')).toContain('missing TRACK');
    expect(await queryFails(song, 'events Piano 3.1-2.1')).toContain('ends before it starts');
  });
});

describe('piano-roll', () => {
  it('draws one column per step, rows high to low, # where a note sounds, | at bar lines', async () => {
    const roll = await query(song, 'piano-roll Piano 1.1-1.4 step:eighth');
    expect(roll).toBe(
      [
        'piano-roll Piano 1.1-1.4 (step 240 ticks, 8 columns)',
        '    1',
        'G4  |....####|',
        'F#4 |........|',
        'F4  |........|',
        'E4  |..##....|',
        'D#4 |........|',
        'D4  |........|',
        'C#4 |........|',
        'C4  |##......|',
      ].join('\n'),
    );
  });

  it('picks a coarser step for long ranges, shows only used drums, and says when a range is empty', async () => {
    await ok(song, 'track add Drums instrument:standard-kit', 'note Drums kick at:1.1', 'note Drums snare at:1.3');
    const long = await query(song, 'piano-roll Piano 1-20');
    expect(long.split('\n')[0]).toBe('piano-roll Piano 1-20 (step 240 ticks, 160 columns)');
    const drums = await query(song, 'piano-roll Drums 1.1-1.4');
    expect(drums.split('\n').slice(2)).toEqual(['snare |........####....|', 'kick  |####............|']);
    expect(await query(song, 'piano-roll Bass 5.1-6.4')).toBe('piano-roll Bass 5.1-6.4 (step 120 ticks, 32 columns): no notes in range');
    expect(await queryFails(song, 'piano-roll Piano 1-200 step:16th')).toContain('more than 256 columns');
    expect(await queryFails(song, 'piano-roll Piano')).toContain('missing the range');
  });
});

describe('find, instruments, stats, describe', () => {
  it('finds notes by pitch, pitch class or drum name on every track', async () => {
    expect(await query(song, 'find E4')).toBe('find E4: 1 note\n  Piano 1.2 note E4 dur:480 vel:80');
    expect(await query(song, 'find A')).toBe('find A: 2 notes\n  Piano 2.1 note A4 dur:1920 vel:80\n  Bass 2.1 note A2 dur:960 vel:80');
    expect(await query(song, 'find F#7')).toBe('find F#7: no notes');
    expect(await queryFails(song, 'find loud')).toContain('unknown pitch "loud"');
  });

  it('lists instruments by family, or those matching a filter', async () => {
    const all = await query(song, 'instruments');
    expect(all.split('\n')).toHaveLength(1 + 16 + 1);
    expect(all).toContain('  strings 40-47: violin viola cello contrabass tremolo-strings pizzicato-strings orchestral-harp timpani');
    expect(await query(song, 'instruments sax')).toBe(
      'instruments sax: 4 matches\n  program:64 soprano-sax (reed)\n  program:65 alto-sax (reed)\n  program:66 tenor-sax (reed)\n  program:67 baritone-sax (reed)',
    );
    expect(await query(song, 'instruments kit')).toContain('  jazz-kit (drum kit 32, channel 10)');
    expect(await query(song, 'instruments kazoo')).toContain('no matches');
  });

  it('counts the song, its length in bars and in time', async () => {
    const stats = await query(song, 'stats');
    expect(stats).toContain('stats: "My Song" | 2 tracks, 7 notes, 1 controller event, 1 pitch bend');
    // The chord ends at 3.1: two bars of 4/4 at 100 bpm are 4.8 seconds.
    expect(stats).toContain('  length: 2 bars, 0:04.8 (ends at 3.1) | ppqn:480');
    expect(stats).toContain('  pitch A2..E5 | velocity 80..80');
    expect(stats).toContain('  notes per track: Piano 6, Bass 1');
  });

  it('describes a track', async () => {
    await ok(song, 'note Piano D6 at:3.1 ch:7');
    expect(await query(song, 'describe Piano')).toBe(
      [
        "Track 'Piano' #t4",
        '  ch:1 acoustic-grand-piano (program:0)',
        '  7 notes, 1 cc, 0 bends',
        '  notes from 1.1 to 3.2 | pitch C4..D6 | velocity 80..80',
        '  notes on other channels: 7',
        '  controllers: sustain 1',
      ].join('\n'),
    );
  });
});

describe('diff', () => {
  it('says what changed since a checkpoint', async () => {
    await song.checkpoint('v1', 'test');
    await ok(song, 'velocity @track:Piano @pitch:C4 +20', 'remove @track:Bass', 'tempo 120', 'track add Drums instrument:drums', 'note Drums kick at:1.1');
    const diff = await query(song, 'diff checkpoint:v1');
    expect(diff.split('\n')).toEqual([
      'diff since checkpoint v1: 2 added, 1 removed, 2 changed',
      '  * Tempo 120 at 1.1 (was: Tempo 100 at 1.1)',
      "  + Track 'Drums' (ch:10, standard-kit)",
      '  * Note C4 on Piano at 1.1 dur:480 vel:100 (was: Note C4 on Piano at 1.1 dur:480 vel:80)',
      '  + Note kick on Drums at 1.1 dur:480 vel:80',
      '  - Note A2 on Bass at 2.1 dur:960 vel:80',
    ]);
    expect(await query(song, 'diff v1')).toBe(diff);
    expect(await queryFails(song, 'diff checkpoint:v9')).toContain('no checkpoint "v9"');
  });
});

describe('status and history', () => {
  it('come from the engine, in the same words', async () => {
    expect(await query(song, 'status')).toContain('status: "My Song" file:(none, use save as:PATH) (unsaved changes)');
    expect(await query(song, 'history 1')).toContain('#1 test batch: track add Piano instrument:acoustic-grand-piano | track add Bass');
  });
});
