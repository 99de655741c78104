import { describe, expect, it } from 'vitest';
import { fails, meta, newSong, ok, query } from '../test-kit';
import type { MidiTempoRecord } from '../model';

describe('song-wide verbs', () => {
  it('replaces the tempo, time signature and key at a position, and adds them elsewhere', async () => {
    const song = newSong();
    expect(await ok(song, 'tempo 96', 'tempo 140.5 at:9.1', 'time-sig 3/4', 'time-sig 6/8 at:5.1', 'key-sig Em', 'key-sig G-major at:5.1')).toEqual([
      '* Tempo 96 at 1.1 (was 120)',
      '+ Tempo 140.5 at 9.1',
      '* Time signature 3/4 at 1.1 (was 4/4)',
      '+ Time signature 6/8 at 5.1',
      '* Key E minor at 1.1 (was C major)',
      '+ Key G major at 5.1',
    ]);
    expect(song.store.all<MidiTempoRecord>('tempo').map((t) => [t.tick, t.bpm])).toEqual([
      [0, 96],
      [15360, 140.5],
    ]);
    // Tempo 140.5 went in at 9.1 as it was in 4/4; in 3/4 that tick is bar 11.3 (bars 1-4 of 3/4, then 6/8 from 5.1).
    expect(await query(song, 'map')).toContain('tempo changes: 140.5@');
  });

  it('starts time signatures at a bar and follows them for later positions', async () => {
    const song = newSong();
    expect(await fails(song, 'time-sig 3/4 at:2.2')).toContain('a time signature starts a bar; 2.2 is inside bar 2');
    await ok(song, 'time-sig 3/4 at:3.1', 'track add P', 'note P C4 at:4.1');
    // Bars 1-2 of 4/4 (3840 ticks), then one bar of 3/4.
    expect(await query(song, 'events P')).toContain('4.1 note C4');
    expect(song.store.all('note')[0]).toMatchObject({ tick: 3840 + 1440 });
  });

  it('adds markers and sets the title', async () => {
    const song = newSong();
    expect(await ok(song, 'marker Chorus at:9.1', 'marker "Verse 2" at:17.1', 'marker Intro', 'title Night Drive')).toEqual([
      "+ Marker 'Chorus' at 9.1",
      "+ Marker 'Verse 2' at 17.1",
      "+ Marker 'Intro' at 1.1",
      "* Title 'Night Drive' (was 'Test')",
    ]);
    expect(meta(song).title).toBe('Night Drive');
    expect(await query(song, 'map')).toContain('Markers: Intro@1.1, Chorus@9.1, Verse 2@17.1');
  });

  it('refuses bad tempos, signatures and keys', async () => {
    const song = newSong();
    expect(await fails(song, 'tempo fast')).toContain('bad tempo "fast"');
    expect(await fails(song, 'tempo 1000')).toContain('10..700');
    expect(await fails(song, 'time-sig 5/6')).toContain('bad time signature "5/6"');
    expect(await fails(song, 'key-sig H')).toContain('bad key-sig "H"');
    expect(await fails(song, 'key-sig Db-minor')).toContain('try: C#-minor');
    expect(await fails(song, 'marker')).toContain('marker needs TEXT');
  });
});
