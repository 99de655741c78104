import { describe, expect, it } from 'vitest';
import { fails, newSong, noteTuples, notes, ok } from '../test-kit';

describe('note', () => {
  it('answers in the contract form with the defaults it used', async () => {
    const song = newSong();
    await ok(song, 'track add Piano instrument:acoustic-grand-piano');
    expect(await ok(song, 'note Piano C4 at:1.1 dur:quarter vel:mf', 'note Piano E4 at:1.2 dur:quarter vel:mf', 'note Piano G4 at:1.3 dur:quarter vel:mf')).toEqual([
      '+ Note C4 on Piano at 1.1 dur:480 vel:80',
      '+ Note E4 on Piano at 1.2 dur:480 vel:80',
      '+ Note G4 on Piano at 1.3 dur:480 vel:80',
    ]);
    // Without at:, dur: or vel: a note goes at 1.1, a quarter long, at velocity 80.
    expect(await ok(song, 'note Piano Bb2')).toEqual(['+ Note A#2 on Piano at 1.1 dur:480 vel:80']);
    expect(await ok(song, 'note Piano midi:61 at:9.1')).toEqual(['+ Note C#4 on Piano at 9.1 dur:480 vel:80']);
    expect(await fails(song, 'note Piano C4 midi:61')).toContain('two pitches');
    await song.undo('test');
    expect(noteTuples(song)).toEqual([
      [46, 0, 480, 80],
      [60, 0, 480, 80],
      [64, 480, 480, 80],
      [67, 960, 480, 80],
    ]);
  });

  it('places +DUR and -DUR after the previous note of the batch, and end after the last note', async () => {
    const song = newSong();
    await ok(song, 'track add Lead');
    expect(await ok(song, 'note Lead C5 at:2.1 dur:half', 'note Lead D5 at:+eighth dur:eighth', 'note Lead E5 at:-quarter')).toEqual([
      '+ Note C5 on Lead at 2.1 dur:960 vel:80',
      '+ Note D5 on Lead at 2.3.240 dur:240 vel:80',
      '+ Note E5 on Lead at 2.3 dur:480 vel:80',
    ]);
    expect(await ok(song, 'note Lead F5 at:end')).toEqual(['+ Note F5 on Lead at 2.4 dur:480 vel:80']);
    // A new batch has no previous note.
    expect(await fails(song, 'note Lead G5 at:+quarter')).toContain('there is none');
  });

  it('keeps a channel of its own only when it differs from the track', async () => {
    const song = newSong();
    await ok(song, 'track add Keys');
    expect(await ok(song, 'note Keys C4 ch:3', 'note Keys D4 ch:1')).toEqual(['+ Note C4 on Keys at 1.1 dur:480 vel:80 ch:3', '+ Note D4 on Keys at 1.1 dur:480 vel:80']);
    expect(notes(song).map((n) => n.channel)).toEqual([3, undefined]);
  });

  it('takes drum names on a drum track and answers with them', async () => {
    const song = newSong();
    await ok(song, 'track add Drums instrument:standard-kit');
    expect(await ok(song, 'note Drums kick at:1.1 dur:eighth vel:f', 'note Drums snare at:1.2', 'note Drums D#2 at:1.3')).toEqual([
      '+ Note kick on Drums at 1.1 dur:240 vel:96',
      '+ Note snare on Drums at 1.2 dur:480 vel:80',
      '+ Note clap on Drums at 1.3 dur:480 vel:80',
    ]);
  });

  it('refuses bad pitches, positions, durations, velocities and params, applying nothing', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    for (const [op, text] of [
      ['note Piano X9', 'unknown pitch "X9"'],
      ['note Piano kick', 'unknown pitch "kick"'],
      ['note Piano C4 at:0.1', 'count from 1'],
      ['note Piano C4 dur:0', 'at least 1 tick'],
      ['note Piano C4 vel:200', 'bad vel "200"'],
      ['note Piano C4 velocity:20', 'note does not take velocity:. Did you mean vel:?'],
      ['note Piano', 'note needs PITCH'],
      ['note Piano C4 E4', 'too many words'],
    ]) {
      const text1 = await fails(song, 'note Piano C4', op);
      expect(text1, op).toContain(text);
      expect(text1).toContain('! batch rolled back');
    }
    expect(notes(song)).toHaveLength(0);
  });

  it("names the song's tracks when a track is missing", async () => {
    const song = newSong();
    expect(await fails(song, 'note Guitar C4')).toContain("! Track 'Guitar' not found [unknown_ref]\n  try: track add Guitar instrument:acoustic-guitar-steel (the song has no tracks yet)");
    await ok(song, 'track add Piano', 'track add Guitar instrument:electric-guitar-clean');
    const text = await fails(song, 'note Gutiar C4 at:2.1');
    expect(text).toContain("! Track 'Gutiar' not found. Did you mean 'Guitar'? [unknown_ref]");
    expect(text).toContain('  try: note Guitar C4 at:2.1 (tracks: Piano, Guitar)');
    expect(await fails(song, 'note Drums kick')).toContain('try: track add Drums instrument:standard-kit (tracks: Piano, Guitar)');
  });
});

describe('chord', () => {
  it('adds every note of the chord at one position and answers once', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await ok(song, 'chord Piano Cmaj at:2.1 dur:half vel:f')).toEqual(['+ Chord Cmaj (3 notes) at 2.1 on Piano']);
    expect(await ok(song, 'chord Piano Dm7/F at:3.1')).toEqual(['+ Chord Dm7/F (4 notes) at 3.1 on Piano']);
    expect(noteTuples(song)).toEqual([
      [60, 1920, 960, 96],
      [64, 1920, 960, 96],
      [67, 1920, 960, 96],
      [53, 3840, 480, 80],
      [62, 3840, 480, 80],
      [69, 3840, 480, 80],
      [72, 3840, 480, 80],
    ]);
  });

  it('counts as the previous note for +DUR', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await ok(song, 'chord Piano Am at:1.1 dur:half', 'chord Piano F at:+quarter')).toEqual(['+ Chord Am (3 notes) at 1.1 on Piano', '+ Chord F (3 notes) at 1.4 on Piano']);
  });
});
