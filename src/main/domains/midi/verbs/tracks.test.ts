import { describe, expect, it } from 'vitest';
import { buildPerformance } from '../../../../shared/midi/performance';
import { readMidiFile, writeMidiFile } from '../midi-file';
import { fails, newSong, notes, ok, query, track, tracks } from '../test-kit';

describe('track add and remove', () => {
  it('assigns channels in order, skipping 10, which drum kits take', async () => {
    const song = newSong();
    expect(
      await ok(song, 'track add Piano instrument:acoustic-grand-piano', 'track add Drums instrument:standard-kit', 'track add Bass instrument:acoustic-bass', 'track add Pad program:89'),
    ).toEqual([
      "+ Track 'Piano' added (ch:1, acoustic-grand-piano)",
      "+ Track 'Drums' added (ch:10, standard-kit)",
      "+ Track 'Bass' added (ch:2, acoustic-bass)",
      "+ Track 'Pad' added (ch:3, pad-2-warm)",
    ]);
    await ok(song, ...Array.from({ length: 9 }, (_, i) => `track add T${i}`));
    expect(track(song, 'T6').channel).toBe(11);
    expect(track(song, 'T8').channel).toBe(13);
    expect(track(song, 'Drums')).toMatchObject({ channel: 10, drums: true, program: 0 });
  });

  it('takes ch:, bank: and program:N, defaults to the grand piano, and keeps quoted names with spaces', async () => {
    const song = newSong();
    expect(await ok(song, 'track add "Lead Guitar" instrument:overdriven ch:5 bank:1.2', 'track add Keys', 'track add Synth instrument:program:81 bank:8')).toEqual([
      "+ Track 'Lead Guitar' added (ch:5, overdriven-guitar bank:1.2)",
      "+ Track 'Keys' added (ch:1, acoustic-grand-piano)",
      "+ Track 'Synth' added (ch:2, lead-2-sawtooth bank:8)",
    ]);
    expect(track(song, 'Lead Guitar')).toMatchObject({ channel: 5, program: 29, bankMsb: 1, bankLsb: 2, drums: false });
    expect(track(song, 'Synth').bankLsb).toBeUndefined();
  });

  it('refuses duplicate names, drum kits off channel 10 and melodic instruments on it', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await fails(song, 'track add piano')).toContain("there is already a track called 'Piano'");
    expect(await fails(song, 'track add Kit instrument:jazz-kit ch:3')).toContain('drum kits play on channel 10');
    expect(await fails(song, 'track add Keys ch:10')).toContain('channel 10 is the General MIDI drum channel');
    expect(await fails(song, 'track add Keys instrument:kazoo')).toContain('unknown instrument "kazoo"');
    expect(await fails(song, 'track add Keys instrument:piano program:3')).toContain('not both');
    expect(await fails(song, 'track rename Piano Keys')).toContain('track takes add or remove, not "rename"');
    expect(tracks(song)).toHaveLength(1);
  });

  it('removes a track with its notes, controllers and bends', async () => {
    const song = newSong();
    await ok(song, 'track add Piano', 'track add Bass', 'note Bass E2', 'note Bass A2 at:2.1', 'cc Bass pan 30 at:1.2', 'bend Bass 100 at:1.3', 'note Piano C4');
    expect(await ok(song, 'track remove Bass')).toEqual(["- Track 'Bass' removed (2 notes, 2 controller/bend events)"]);
    expect(song.store.all().filter((r) => r.kind === 'cc' || r.kind === 'bend')).toHaveLength(0);
    expect(notes(song)).toHaveLength(1);
    expect(await fails(song, 'track remove Bass')).toContain("Track 'Bass' not found");
  });
});

describe('program, mute, solo', () => {
  it("changes a track's instrument, a drum track's kit, and refuses mixing them", async () => {
    const song = newSong();
    await ok(song, 'track add Piano bank:1', 'track add Drums instrument:drums');
    expect(await ok(song, 'program Piano electric-piano-1', 'program Drums brush-kit', 'program Piano program:5 bank:2.3')).toEqual([
      "* Track 'Piano' instrument electric-piano-1 (program:4)",
      "* Track 'Drums' instrument brush-kit (program:40)",
      "* Track 'Piano' instrument electric-piano-2 bank:2.3 (program:5)",
    ]);
    expect(await fails(song, 'program Drums violin')).toContain("'Drums' is a drum track (channel 10): it takes a drum kit");
    expect(await fails(song, 'program Piano jazz-kit')).toContain('jazz-kit is a drum kit');
    expect(await fails(song, 'program Piano')).toContain('program needs an instrument or program:N');
  });

  it('with at:, changes the instrument from a position on: played there, listed, written to the file and read back', async () => {
    const song = newSong();
    await ok(song, 'track add Piano', 'note Piano C4 at:1.1', 'note Piano C4 at:2.1', 'note Piano C4 at:3.1', 'track add Drums instrument:drums', 'note Drums kick at:3.1');
    expect(await ok(song, 'program Piano violin at:2.1', 'program Piano program:41 bank:1 at:3.1', 'program Drums room-kit at:3.1', 'program Piano viola at:2.1')).toEqual([
      "+ Track 'Piano' instrument violin from 2.1 (program:40)",
      "+ Track 'Piano' instrument viola bank:1 from 3.1 (program:41)",
      "+ Track 'Drums' instrument room-kit from 3.1 (program:8)",
      "* Track 'Piano' instrument viola from 2.1 (was program:40)",
    ]);
    // The track keeps its instrument at the start.
    expect(track(song, 'Piano').program).toBe(0);
    const played = buildPerformance(song.store.snapshot()).notes.map((n) => [n.tick, n.channel + 1, n.program, n.bankMsb]);
    expect(played).toEqual([
      [0, 1, 0, undefined],
      [1920, 1, 41, undefined],
      [3840, 1, 41, 1],
      [3840, 10, 8, undefined],
    ]);
    expect(await query(song, 'describe Piano')).toContain('instrument changes: viola (program:41)@2.1, viola (program:41)@3.1');
    const back = readMidiFile(writeMidiFile(song.store.snapshot()), 'song.mid');
    expect(back.filter((r) => r.kind === 'program').map((r) => r.kind === 'program' && [r.tick, r.program])).toEqual([
      [1920, 41],
      [3840, 41],
      [3840, 8],
    ]);
    expect(back.filter((r) => r.kind === 'cc').map((r) => r.kind === 'cc' && [r.tick, r.controller, r.value])).toEqual([[3840, 0, 1]]);
  });

  it('toggles mute and solo', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await ok(song, 'mute Piano', 'solo Piano', 'mute Piano')).toEqual(["* Track 'Piano' muted", "* Track 'Piano' solo on", "* Track 'Piano' unmuted"]);
    expect(track(song, 'Piano')).toMatchObject({ mute: false, solo: true });
  });
});

describe('cc and bend', () => {
  it('adds controller changes by name or number, on/off, at 1.1 unless given', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await ok(song, 'cc Piano sustain on at:2.1', 'cc Piano sustain off at:2.3', 'cc Piano 91 40', 'cc Piano expression 100 at:3.2.60')).toEqual([
      '+ CC sustain 127 on Piano at 2.1',
      '+ CC sustain 0 on Piano at 2.3',
      '+ CC reverb 40 on Piano at 1.1',
      '+ CC expression 100 on Piano at 3.2.60',
    ]);
    expect(await query(song, 'events Piano')).toContain('1.1 cc reverb 40');
  });

  it("makes volume at 1.1 the track's volume (one value, not a pile of events)", async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await ok(song, 'cc Piano volume 100', 'cc Piano volume 90 at:1.1', 'cc Piano volume 70 at:5.1')).toEqual([
      "* Track 'Piano' volume 100",
      "* Track 'Piano' volume 90",
      '+ CC volume 70 on Piano at 5.1',
    ]);
    expect(track(song, 'Piano').volume).toBe(90);
    expect(song.store.all('cc')).toHaveLength(1);
  });

  it('refuses bad controllers and values', async () => {
    const song = newSong();
    await ok(song, 'track add Piano');
    expect(await fails(song, 'cc Piano 0 1')).toContain('bank select');
    expect(await fails(song, 'cc Piano wobble 1')).toContain('unknown controller "wobble"');
    expect(await fails(song, 'cc Piano pan 128')).toContain('bad value "128"');
    expect(await fails(song, 'cc Piano pan')).toContain('cc needs VALUE');
  });

  it('adds pitch bends in -8192..8191, center being 0', async () => {
    const song = newSong();
    await ok(song, 'track add Guitar');
    expect(await ok(song, 'bend Guitar 8191 at:1.2', 'bend Guitar -8192 at:1.3', 'bend Guitar center at:1.4')).toEqual([
      '+ Bend 8191 on Guitar at 1.2',
      '+ Bend -8192 on Guitar at 1.3',
      '+ Bend 0 on Guitar at 1.4',
    ]);
    expect(await fails(song, 'bend Guitar 8192')).toContain('bad bend "8192"');
  });
});
