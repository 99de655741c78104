import { beforeEach, describe, expect, it } from 'vitest';
import { type Song, fails, newSong, noteTuples, notes, ok } from '../test-kit';

let song: Song;

beforeEach(async () => {
  song = newSong();
  // Piano: C4 E4 G4 on beats 1-3 of bar 1, a Cmaj chord at 2.1; Bass: C2 at 1.1 and 2.1.
  await ok(
    song,
    'track add Piano',
    'track add Bass instrument:acoustic-bass',
    'note Piano C4 at:1.1 vel:60',
    'note Piano E4 at:1.2 vel:70',
    'note Piano G4 at:1.3 vel:80',
    'chord Piano C at:2.1 dur:half vel:90',
    'note Bass C2 at:1.1 dur:whole vel:100',
    'note Bass C2 at:2.1 dur:whole vel:100',
  );
});

describe('remove, move, copy', () => {
  it('removes the selection', async () => {
    expect(await ok(song, 'remove @track:Piano @range:1.1-1.4')).toEqual(['+ Removed 3 note(s)']);
    expect(notes(song, 'Piano')).toHaveLength(3);
    expect(await fails(song, 'remove Piano')).toContain('track remove Piano');
    expect(await fails(song, 'remove')).toContain('missing the notes to act on');
  });

  it('moves the selection so that its first note lands on to:', async () => {
    expect(await ok(song, 'move @track:Piano @range:1.1-1.4 to:3.2')).toEqual(['+ Moved 3 note(s) to 3.2']);
    expect(noteTuples(song, 'Piano').map(([p, t]) => [p, t])).toEqual([
      [60, 1920],
      [64, 1920],
      [67, 1920],
      [60, 4320],
      [64, 4800],
      [67, 5280],
    ]);
    expect(await fails(song, 'move @track:Piano')).toContain('move needs to:');
  });

  it('copies the selection, keeping the originals', async () => {
    expect(await ok(song, 'copy @track:Bass @range:1.1 to:5.1')).toEqual(['+ Copied 1 note(s) to 5.1']);
    expect(noteTuples(song, 'Bass')).toEqual([
      [36, 0, 1920, 100],
      [36, 1920, 1920, 100],
      [36, 7680, 1920, 100],
    ]);
  });
});

describe('transpose, velocity, quantize', () => {
  it('transposes, and refuses to leave the MIDI range', async () => {
    expect(await ok(song, 'transpose @track:Piano @range:1.1-1.4 +7', 'transpose @track:Bass -12')).toEqual([
      '+ Transposed 3 note(s) up 7 semitones',
      '+ Transposed 2 note(s) down 12 semitones',
    ]);
    expect(notes(song, 'Piano').slice(0, 3).map((n) => n.pitch)).toEqual([67, 71, 74]);
    expect(notes(song, 'Bass').map((n) => n.pitch)).toEqual([24, 24]);
    expect(await fails(song, 'transpose @track:Bass -30')).toContain('below C-1 (0)');
    expect(await fails(song, 'transpose @track:Bass up')).toContain('a signed whole number');
  });

  it('changes velocities within 1..127', async () => {
    expect(await ok(song, 'velocity @track:Piano +40', 'velocity @track:Bass -120')).toEqual(['+ Velocity +40 on 6 note(s)', '+ Velocity -120 on 2 note(s)']);
    expect(notes(song, 'Piano').map((n) => n.vel)).toEqual([100, 110, 120, 127, 127, 127]);
    expect(notes(song, 'Bass').map((n) => n.vel)).toEqual([1, 1]);
  });

  it('snaps note starts to the nearest multiple of the grid', async () => {
    await ok(song, 'modify @track:Piano @pitch:E4 @range:1.1-1.4 at:1.2.70', 'modify @track:Piano @pitch:G4 @range:1.1-1.4 at:1.3.130');
    expect(await ok(song, 'quantize @track:Piano grid:eighth')).toEqual(['+ Quantized 6 note(s) to a grid of 240 ticks (2 moved)']);
    expect(notes(song, 'Piano').map((n) => n.tick).slice(0, 3)).toEqual([0, 480, 1200]);
  });
});

describe('modify, repeat, crescendo', () => {
  it('sets fields of the selection', async () => {
    expect(await ok(song, 'modify @track:Piano @pitch:C4 vel:ff dur:eighth ch:4')).toEqual(['+ Modified 2 note(s)']);
    const cs = notes(song, 'Piano').filter((n) => n.pitch === 60);
    expect(cs.map((n) => [n.vel, n.dur, n.channel])).toEqual([
      [112, 240, 4],
      [112, 240, 4],
    ]);
    await ok(song, 'modify @track:Piano @pitch:C4 ch:1');
    expect(notes(song, 'Piano').filter((n) => n.pitch === 60).map((n) => n.channel)).toEqual([undefined, undefined]);
    expect(await fails(song, 'modify @all')).toContain('modify needs at least one of');
  });

  it('repeats the selection back to back, or from to:', async () => {
    expect(await ok(song, 'repeat @track:Piano @range:1.1-1.4 count:2')).toEqual(['+ Repeated 3 note(s) x2 (6 added)']);
    // The three notes span 1.1 to 1.4 (1440 ticks): copies at 1.4 and 2.3.
    expect(notes(song, 'Piano').filter((n) => n.pitch === 60).map((n) => n.tick)).toEqual([0, 1440, 1920, 2880]);
    await ok(song, 'repeat @track:Bass @range:1.1 to:9.1 count:1');
    expect(notes(song, 'Bass').map((n) => n.tick)).toEqual([0, 1920, 15360]);
    expect(await fails(song, 'repeat @all count:0')).toContain('bad count "0"');
  });

  it('ramps velocities by time over the selection, chords included', async () => {
    expect(await ok(song, 'crescendo @track:Piano from:p to:ff')).toEqual(['+ Crescendo over 6 note(s): 49 -> 112']);
    expect(notes(song, 'Piano').map((n) => n.vel)).toEqual([49, 65, 81, 112, 112, 112]);
    expect(await ok(song, 'decrescendo @track:Piano @range:1.1-1.4 from:100 to:40')).toEqual(['+ Decrescendo over 3 note(s): 100 -> 40']);
    expect(notes(song, 'Piano').slice(0, 3).map((n) => n.vel)).toEqual([100, 70, 40]);
    expect(await fails(song, 'crescendo @all from:p')).toContain('crescendo needs to:');
  });
});
