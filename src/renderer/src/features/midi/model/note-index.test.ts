import { describe, expect, it } from 'vitest';
import { note } from '../../../testing/midi-fixtures';
import { buildNoteIndex, noteIndexOf, notesIn, trackNotes } from './note-index';

describe('midi note index', () => {
  const notes = [
    note('n1', 't1', 60, 960),
    note('n2', 't1', 64, 0, { dur: 3840 }), // long: starts before every window below
    note('n3', 't1', 62, 480),
    note('n4', 't2', 40, 0),
  ];
  const index = buildNoteIndex(notes);

  it('groups notes by track, sorted by start', () => {
    expect(trackNotes(index, 't1').notes.map((n) => n.id)).toEqual(['n2', 'n3', 'n1']);
    expect(trackNotes(index, 't1').maxDur).toBe(3840);
    expect(trackNotes(index, 't2').notes.map((n) => n.id)).toEqual(['n4']);
    expect(trackNotes(index, 'none').notes).toEqual([]);
    expect(index.endTick).toBe(3840);
  });

  it('finds the notes sounding in a window, including ones that started before it', () => {
    expect(notesIn(trackNotes(index, 't1'), 1000, 2000).map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(notesIn(trackNotes(index, 't1'), 1440, 2000).map((n) => n.id)).toEqual(['n2']);
    // A note ending exactly where the window starts does not sound in it.
    expect(notesIn(trackNotes(index, 't1'), 960, 961).map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(notesIn(trackNotes(index, 't1'), 3840, 5000)).toEqual([]);
  });

  it('finds the window of 10,000 notes without walking them all', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => note(`m${i}`, 't1', 40 + (i % 40), i * 120, { dur: 120 }));
    const big = buildNoteIndex(many);
    expect(notesIn(trackNotes(big, 't1'), 120 * 5000, 120 * 5004).map((n) => n.id)).toEqual(['m5000', 'm5001', 'm5002', 'm5003']);
  });

  it('builds once per notes map', () => {
    const map = new Map(notes.map((n) => [n.id, n]));
    expect(noteIndexOf(map)).toBe(noteIndexOf(map));
    expect(noteIndexOf(new Map(map))).not.toBe(noteIndexOf(map));
  });
});
