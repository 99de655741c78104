import { describe, expect, it } from 'vitest';
import type { MidiRecord } from '../../../../../shared/midi/records';
import { metaRecord, noteRecord, trackRecord } from '../../../../../shared/midi/test-song';
import type { SongSource } from './player-api';
import { LookaheadScheduler, type ScheduleOutput, metronomeBeats } from './scheduler';

/** A song the test edits as the view's store would: records replaced, version bumped. */
class LiveSong implements SongSource {
  private list: MidiRecord[];
  private revision = 1;
  constructor(records: MidiRecord[]) {
    this.list = records;
  }
  records(): Iterable<MidiRecord> {
    return this.list;
  }
  version(): number {
    return this.revision;
  }
  add(...records: MidiRecord[]): void {
    this.list = [...this.list, ...records];
    this.revision++;
  }
  remove(id: string): void {
    this.list = this.list.filter((r) => r.id !== id);
    this.revision++;
  }
}

type Sent = { what: string; time: number; channel?: number; pitch?: number; value?: number };

/** Records what the scheduler sends, in order, times rounded to the nanosecond (float sums drift below that). */
function recorder(): ScheduleOutput & { sent: Sent[]; of(what: string): Sent[] } {
  const list: Sent[] = [];
  const sent = { push: (entry: Sent) => list.push({ ...entry, time: Math.round(entry.time * 1e9) / 1e9 }) };
  return {
    sent: list,
    of: (what) => list.filter((s) => s.what === what),
    setUp: (_channels, _controls, time) => sent.push({ what: 'setUp', time }),
    noteOn: (channel, pitch, _velocity, time) => sent.push({ what: 'on', channel, pitch, time }),
    noteOff: (channel, pitch, time) => sent.push({ what: 'off', channel, pitch, time }),
    control: (change, time) => sent.push({ what: 'cc', channel: change.channel, value: change.value, time }),
    tempo: (bpm, time) => sent.push({ what: 'tempo', value: bpm, time }),
    click: (downbeat, time) => sent.push({ what: downbeat ? 'downbeat' : 'beat', time }),
  };
}

/** Runs the scheduler's clock from `from` to `to` seconds in steps of `step`, as Tone's ticker would. */
function run(scheduler: LookaheadScheduler, from: number, to: number, step = 0.025): void {
  for (let now = from; now <= to + 1e-9; now += step) scheduler.pump(now);
}

const piano = trackRecord('piano', 1);
/** 120 bpm, ppqn 480: a quarter note is 0.5 s. */
const quarter = 480;

describe('LookaheadScheduler', () => {
  it('sends each note once, at its time, and its note-off at its end, never more than the look-ahead early', () => {
    const song = new LiveSong([metaRecord(), piano, noteRecord('piano', 60, 0, quarter), noteRecord('piano', 62, quarter, quarter), noteRecord('piano', 64, 4 * quarter, quarter)]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out, { lookAhead: 0.1 });
    scheduler.start(0, 10);
    scheduler.pump(10);
    // Only what starts before 10.1 s is out: the first note.
    expect(out.of('on').map((s) => s.pitch)).toEqual([60]);
    run(scheduler, 10, 13);
    expect(out.of('on').map((s) => [s.pitch, s.time])).toEqual([
      [60, 10],
      [62, 10.5],
      [64, 12],
    ]);
    expect(out.of('off').map((s) => [s.pitch, s.time])).toEqual([
      [60, 10.5],
      [62, 11],
      [64, 12.5],
    ]);
  });

  it('times events across tempo changes and sends the tempo to the clock', () => {
    const song = new LiveSong([
      metaRecord(),
      { id: 't1', kind: 'tempo', tick: 0, bpm: 120 },
      { id: 't2', kind: 'tempo', tick: 4 * quarter, bpm: 60 },
      piano,
      noteRecord('piano', 60, 5 * quarter, quarter),
    ]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.start(0, 0);
    run(scheduler, 0, 5);
    // 4 beats at 120 bpm (2 s), then one at 60 bpm (1 s).
    expect(out.of('on')[0].time).toBeCloseTo(3, 9);
    expect(out.of('off')[0].time).toBeCloseTo(4, 9);
    expect(out.of('tempo').map((s) => [s.value, s.time])).toEqual([
      [120, 0],
      [60, 2],
    ]);
  });

  it('starts mid-song at the tempo there and sets the channels up with the controllers in force', () => {
    const song = new LiveSong([
      metaRecord(),
      { id: 't2', kind: 'tempo', tick: 4 * quarter, bpm: 60 },
      piano,
      { id: 'vol', kind: 'cc', trackId: 'piano', controller: 7, value: 33, tick: 0 },
      noteRecord('piano', 60, 0, quarter),
      noteRecord('piano', 67, 6 * quarter, quarter),
    ]);
    const out = recorder();
    let chased: unknown[] = [];
    out.setUp = (_channels, controls, time) => {
      chased = [...controls];
    };
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.start(5 * quarter, 100);
    run(scheduler, 100, 102);
    expect(chased).toEqual([{ tick: 0, channel: 0, controller: 7, value: 33 }]);
    expect(out.of('tempo')[0]).toMatchObject({ value: 60, time: 100 });
    // One beat at 60 bpm after the start.
    expect(out.of('on').map((s) => [s.pitch, s.time])).toEqual([[67, 101]]);
  });

  it('wraps a loop: the region repeats, notes sounding at the loop end are cut there', () => {
    const song = new LiveSong([metaRecord(), piano, noteRecord('piano', 60, 0, quarter), noteRecord('piano', 72, quarter, 4 * quarter)]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.setLoop({ startTick: 0, endTick: 2 * quarter });
    scheduler.start(0, 0);
    run(scheduler, 0, 2.9);
    // Loop of one second: C4 at 0, 1, 2; C5 at 0.5, 1.5, 2.5, each cut at the next wrap.
    expect(out.of('on').map((s) => [s.pitch, s.time])).toEqual([
      [60, 0],
      [72, 0.5],
      [60, 1],
      [72, 1.5],
      [60, 2],
      [72, 2.5],
    ]);
    expect(out.of('off').filter((s) => s.pitch === 72).map((s) => s.time)).toEqual([1, 2]);
    expect(out.of('tempo').map((s) => s.time)).toEqual([0, 1, 2]);
  });

  it('picks up an edit made after play: a note added ahead of the playhead is played this time round', () => {
    const song = new LiveSong([metaRecord(), piano, noteRecord('piano', 60, 0, quarter)]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.start(0, 0);
    run(scheduler, 0, 1);
    // Playing; now the AI adds a note at beat 4 (1.5 s) and removes nothing.
    song.add(noteRecord('piano', 79, 3 * quarter, quarter));
    run(scheduler, 1.025, 2.5);
    expect(out.of('on').map((s) => [s.pitch, s.time])).toEqual([
      [60, 0],
      [79, 1.5],
    ]);
    // No reset or re-set-up: scheduling simply went on.
    expect(out.of('setUp')).toHaveLength(1);
  });

  it('still ends a note that was removed while it sounded (no hanging note)', () => {
    const long = noteRecord('piano', 48, 0, 8 * quarter);
    const song = new LiveSong([metaRecord(), piano, long]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.start(0, 0);
    run(scheduler, 0, 0.5);
    song.remove(long.id);
    run(scheduler, 0.525, 5);
    expect(out.of('on')).toHaveLength(1);
    expect(out.of('off')).toEqual([{ what: 'off', channel: 0, pitch: 48, time: 4 }]);
  });

  it('ends the earlier of two overlapping notes of one key when the second starts', () => {
    const song = new LiveSong([metaRecord(), piano, noteRecord('piano', 60, 0, 4 * quarter), noteRecord('piano', 60, quarter, quarter)]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.start(0, 0);
    run(scheduler, 0, 3);
    expect(out.sent.filter((s) => s.what === 'on' || s.what === 'off').map((s) => [s.what, s.time])).toEqual([
      ['on', 0],
      ['off', 0.5],
      ['on', 0.5],
      ['off', 1],
    ]);
  });

  it('stops: nothing more is sent, and it answers the notes still sounding', () => {
    const song = new LiveSong([metaRecord(), piano, noteRecord('piano', 60, 0, 8 * quarter), noteRecord('piano', 64, 4 * quarter, quarter)]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.start(0, 0);
    run(scheduler, 0, 1);
    expect(scheduler.stop()).toEqual([{ channel: 0, pitch: 60, offTime: 4 }]);
    const before = out.sent.length;
    run(scheduler, 1, 5);
    expect(out.sent).toHaveLength(before);
  });

  it('clicks the metronome on beats, the downbeat first in each bar', () => {
    const song = new LiveSong([metaRecord(), piano, { id: 'ts', kind: 'timesig', tick: 0, numerator: 3, denominator: 4 }]);
    const out = recorder();
    const scheduler = new LookaheadScheduler(song, out);
    scheduler.setMetronome(true);
    scheduler.start(0, 0);
    run(scheduler, 0, 2.4);
    expect(out.sent.filter((s) => s.what.endsWith('beat')).map((s) => [s.what, s.time])).toEqual([
      ['downbeat', 0],
      ['beat', 0.5],
      ['beat', 1],
      ['downbeat', 1.5],
      ['beat', 2],
    ]);
  });
});

describe('metronomeBeats', () => {
  it('follows time-signature changes: 4/4 for a bar, then 6/8 (eighth-note beats)', () => {
    const beats = metronomeBeats(
      {
        ppqn: 480,
        timeSignatures: [
          { tick: 0, numerator: 4, denominator: 4 },
          { tick: 1920, numerator: 6, denominator: 8 },
        ],
      },
      960,
      1920 + 7 * 240,
    );
    expect(beats.map((b) => [b.tick, b.downbeat])).toEqual([
      [960, false],
      [1440, false],
      [1920, true],
      [2160, false],
      [2400, false],
      [2640, false],
      [2880, false],
      [3120, false],
      [3360, true],
    ]);
  });
});
