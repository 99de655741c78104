import { describe, expect, it } from 'vitest';
import { note, track } from '../../../testing/midi-fixtures';
import {
  clipOf,
  durationText,
  freeTrackName,
  GRID_CHOICES,
  gridTicks,
  idChunks,
  moveNotesOps,
  noteOp,
  pasteNotes,
  quantizeOps,
  removeNotesOps,
  resizeNotesOps,
  toggleOp,
  trackAddOp,
  trackName,
  transposeOps,
  velocityByOps,
  velocitySetOps,
  volumeOp,
} from './ops';
import { meterOf } from './timeline';

const time = meterOf(480, [{ tick: 0, numerator: 4, denominator: 4 }, { tick: 1920, numerator: 3, denominator: 4 }]);

describe('midi ops: what the person does, written as midi ops', () => {
  it('names durations where a name fits, at any ppqn', () => {
    expect(durationText(480, 480)).toBe('4n');
    expect(durationText(1920, 480)).toBe('1n');
    expect(durationText(720, 480)).toBe('dotted-4n');
    expect(durationText(160, 480)).toBe('triplet-8n');
    expect(durationText(96, 96)).toBe('4n');
    expect(durationText(100, 480)).toBe('ticks:100');
    expect(GRID_CHOICES.map((g) => gridTicks(g, 480))).toEqual([1920, 960, 480, 240, 120, 60, 320, 160, 80]);
  });

  it('writes a drawn note with its position on the bar grid', () => {
    expect(noteOp('Piano', { pitch: 61, tick: 1920 + 480 + 120, dur: 240, vel: 96 }, time)).toBe('note Piano C#4 at:2.2.120 dur:8n vel:96');
    expect(noteOp('Lead Synth', { pitch: 48, tick: 0, dur: 100, vel: 80 }, time)).toBe('note "Lead Synth" C3 at:1.1 dur:ticks:100 vel:80');
  });

  it('names notes by id and moves each run to where its first note goes', () => {
    const notes = [note('n7', 't1', 60, 960), note('n3', 't1', 64, 480)];
    expect(moveNotesOps(notes, 480, 0, time)).toEqual(['move @id:n7,n3 to:1.3']);
    expect(moveNotesOps(notes, 0, -2, time)).toEqual(['transpose @id:n7,n3 -2']);
    expect(moveNotesOps(notes, -1000, 12, time)).toEqual(['move @id:n7,n3 to:1.1', 'transpose @id:n7,n3 +12']);
    expect(moveNotesOps(notes, 0, 0, time)).toEqual([]);
  });

  it('splits long selections over several ops that each fit', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `n${i + 100}`);
    const chunks = idChunks(ids);
    expect(chunks.flat()).toEqual(ids);
    expect(chunks.length).toBeGreaterThan(1);
    const ops = removeNotesOps(ids);
    expect(ops).toHaveLength(chunks.length);
    for (const op of ops) expect(op.length).toBeLessThanOrEqual(16_000 + 20);
    // Each run of a move goes to where its own first note goes.
    const notes = ids.map((id, i) => note(id, 't1', 60, i * 10));
    const moves = moveNotesOps(notes, 480, 0, time);
    expect(moves[1]).toMatch(new RegExp(`^move @id:${chunks[1][0]},.* to:`));
    expect(moves[1]).not.toContain('to:1.2 ');
  });

  it('edits the selection: transpose, velocity, length, quantize, remove', () => {
    expect(transposeOps(['n1'], 1)).toEqual(['transpose @id:n1 +1']);
    expect(transposeOps(['n1'], 0)).toEqual([]);
    expect(velocityByOps(['n1', 'n2'], -10)).toEqual(['velocity @id:n1,n2 -10']);
    expect(velocitySetOps(['n1'], 112)).toEqual(['modify @id:n1 vel:112']);
    expect(resizeNotesOps([note('n1', 't1', 60, 0, { dur: 480 }), note('n2', 't1', 62, 0, { dur: 120 })], -240, 60, 480)).toEqual([
      'modify @id:n1 dur:8n',
      'modify @id:n2 dur:32n',
    ]);
    expect(quantizeOps(['n1'], 120, 480)).toEqual(['quantize @id:n1 grid:16n']);
    expect(removeNotesOps(['n1', 'n2'])).toEqual(['remove @id:n1,n2']);
  });

  it('copies notes relative to the first and pastes them at a tick', () => {
    const clip = clipOf([note('n2', 't1', 64, 1000, { dur: 200 }), note('n1', 't1', 60, 960, { vel: 30 })])!;
    expect(clip.length).toBe(1440 - 960);
    expect(pasteNotes(clip, 4000)).toEqual([
      { pitch: 60, tick: 4000, dur: 480, vel: 30 },
      { pitch: 64, tick: 4040, dur: 200, vel: 80 },
    ]);
    expect(clipOf([])).toBeUndefined();
  });

  it('writes track edits', () => {
    expect(trackAddOp('Bass', 'electric-bass-finger')).toBe('track add Bass instrument:electric-bass-finger');
    expect(trackAddOp('My Drums')).toBe('track add "My Drums"');
    expect(toggleOp('mute', { name: 'Bass' })).toBe('mute Bass');
    // A name a file gave two tracks: the track's number.
    const tracks = [track('t1', 'Piano'), track('t2', 'Bass'), track('t3', 'piano')];
    expect(tracks.map((t) => trackName(tracks, t))).toEqual(['#1', 'Bass', '#3']);
    expect(toggleOp('mute', { name: trackName(tracks, tracks[2]) })).toBe('mute "#3"');
    expect(volumeOp({ name: 'Bass' }, 99.6)).toBe('cc Bass volume 100');
    expect(freeTrackName('Track1', ['track1', 'Track2'])).toBe('Track3');
  });
});
