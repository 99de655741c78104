import { describe, expect, it } from 'vitest';
import type { MidiRecord } from './records';
import { BEND, buildPerformance, controlsInForce, firstAtOrAfter, pitchWheelValue } from './performance';
import { metaRecord, noteRecord, trackRecord } from './test-song';

describe('buildPerformance', () => {
  const song = (...records: MidiRecord[]) => buildPerformance([metaRecord({ ppqn: 96, soundfont: 'fonts/x.sf2' }), ...records]);

  it('sorts the notes by tick, on the track channel (0-based) or the note own channel, and finds the end', () => {
    const performance = song(
      trackRecord('piano', 1, { program: 4 }),
      noteRecord('piano', 64, 960, 100),
      noteRecord('piano', 60, 0, 480),
      { ...noteRecord('piano', 62, 480, 960), channel: 3 },
    );
    expect(performance.ppqn).toBe(96);
    expect(performance.soundFont).toBe('fonts/x.sf2');
    expect(performance.notes.map((n) => [n.tick, n.pitch, n.channel])).toEqual([
      [0, 60, 0],
      [480, 62, 2],
      [960, 64, 0],
    ]);
    expect(performance.endTick).toBe(1440);
    expect(performance.channels).toEqual([{ channel: 0, program: 4, bankMsb: undefined, bankLsb: undefined, drums: false, volume: undefined }]);
  });

  it('leaves out muted tracks, and with a solo plays only the soloed tracks', () => {
    const notesOf = (...tracks: ReturnType<typeof trackRecord>[]) =>
      song(...tracks, ...tracks.map((t) => noteRecord(t.id, 60, 0, 10))).notes.map((n) => n.channel + 1);
    expect(notesOf(trackRecord('a', 1), trackRecord('b', 2, { mute: true }))).toEqual([1]);
    expect(notesOf(trackRecord('a', 1), trackRecord('b', 2, { solo: true }), trackRecord('c', 3, { solo: true }))).toEqual([2, 3]);
  });

  it('keeps controllers and bends by tick; controlsInForce gives the latest of each before a tick', () => {
    const performance = song(
      trackRecord('bass', 2),
      { id: 'c1', kind: 'cc', trackId: 'bass', controller: 7, value: 100, tick: 0 },
      { id: 'c2', kind: 'cc', trackId: 'bass', controller: 7, value: 50, tick: 200 },
      { id: 'b1', kind: 'bend', trackId: 'bass', value: 4096, tick: 100 },
      { id: 'c3', kind: 'cc', trackId: 'bass', controller: 10, value: 0, tick: 900 },
    );
    expect(performance.controls.map((c) => c.tick)).toEqual([0, 100, 200, 900]);
    expect(controlsInForce(performance, 300)).toEqual([
      { tick: 200, channel: 1, controller: 7, value: 50 },
      { tick: 100, channel: 1, controller: BEND, value: 4096 },
    ]);
    expect(controlsInForce(performance, 200).find((c) => c.controller === 7)?.value).toBe(100);
  });

  it('adds 4/4 at tick 0 when the song has no time signature there', () => {
    const performance = song({ id: 'ts', kind: 'timesig', tick: 1920, numerator: 3, denominator: 4 });
    expect(performance.timeSignatures).toEqual([
      { tick: 0, numerator: 4, denominator: 4 },
      { tick: 1920, numerator: 3, denominator: 4 },
    ]);
    expect(performance.endTick).toBe(0);
  });
});

describe('helpers', () => {
  it('firstAtOrAfter finds the first item at or after a tick', () => {
    const items = [0, 10, 10, 20].map((tick) => ({ tick }));
    expect(firstAtOrAfter(items, -1)).toBe(0);
    expect(firstAtOrAfter(items, 10)).toBe(1);
    expect(firstAtOrAfter(items, 11)).toBe(3);
    expect(firstAtOrAfter(items, 21)).toBe(4);
  });

  it('pitchWheelValue maps -8192..8191 onto the 14-bit wheel with 8192 at centre', () => {
    expect(pitchWheelValue(0)).toBe(8192);
    expect(pitchWheelValue(-8192)).toBe(0);
    expect(pitchWheelValue(8191)).toBe(16383);
    expect(pitchWheelValue(99999)).toBe(16383);
  });
});
