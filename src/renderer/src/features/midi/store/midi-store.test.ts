import { describe, expect, it } from 'vitest';
import { LAST_CHANGE_KEEP_MS } from '../../../stores/document-store';
import { createFakeApi, settle } from '../../../testing/fake-api';
import { marker, note, songBatch, songMeta, songSnapshot, tempo, timeSig, track } from '../../../testing/midi-fixtures';
import { trackNotes } from '../model/note-index';
import type { MidiTextRecord, MidiTrackRecord } from '../../../../../shared/midi/records';
import { applyMidiChanges, createMidiStore, emptyMidiRecords, lyricsOf, noteIndex, orderedTracks, programsOf, songMeter, sortedByTick } from './midi-store';

async function setup() {
  const records = [
    songMeta(),
    track('t1', 'Piano', { order: 2 }),
    track('t2', 'Bass', { order: 1, channel: 2 }),
    note('n1', 't1', 60, 0),
    note('n2', 't1', 64, 480),
    note('n3', 't2', 36, 0),
    tempo('tp1', 0, 120),
    timeSig('ts1', 0, 4, 4),
    marker('m1', 1920, 'Verse'),
  ];
  const api = createFakeApi(songSnapshot(records, { seq: 3 }));
  let clock = 1000;
  const handle = createMidiStore({ api, now: () => clock, retryDelayMs: 5 });
  handle.start();
  await settle();
  return { api, state: () => handle.store.getState(), tick: (ms: number) => (clock += ms) };
}

describe('midi store', () => {
  it('loads the song into maps by kind', async () => {
    const { state } = await setup();
    const s = state();
    expect(s.status).toBe('ready');
    expect(s.meta?.ppqn).toBe(480);
    expect([...s.tracks.keys()]).toEqual(['t1', 't2']);
    expect([...s.notes.keys()]).toEqual(['n1', 'n2', 'n3']);
    expect(s.tempos.get('tp1')?.bpm).toBe(120);
    expect(s.markers.get('m1')?.text).toBe('Verse');
    expect(orderedTracks(s).map((t) => t.name)).toEqual(['Bass', 'Piano']);
  });

  it('follows the feed: a note added by the AI shows, highlighted with its origin; others keep their objects', async () => {
    const { api, state, tick } = await setup();
    const before = state();
    tick(250);
    api.emit(songBatch(4, { origin: 'claude', put: [note('n9', 't1', 67, 960)], ops: ['note Piano G4 at:1.3'] }));
    const after = state();
    expect(after.notes.get('n9')?.pitch).toBe(67);
    expect(after.notes.get('n1')).toBe(before.notes.get('n1'));
    expect(after.tracks).toBe(before.tracks);
    expect(after.lastChanges.get('n9')).toEqual({ origin: 'claude', at: 1250 });
    expect(after.activity[0]).toMatchObject({ origin: 'claude', ops: ['note Piano G4 at:1.3'] });
    // The index is rebuilt for the new map, and holds the new note.
    expect(trackNotes(noteIndex(after), 't1').notes.map((n) => n.id)).toEqual(['n1', 'n2', 'n9']);
    expect(noteIndex(after)).not.toBe(noteIndex(before));
    api.emit(songBatch(5, { removed: ['n9', 'n1'] }));
    expect([...state().notes.keys()]).toEqual(['n2', 'n3']);
    expect(state().lastChanges.has('n9')).toBe(false);
  });

  it('forgets who changed what once it is long past, so a big batch does not weigh on every later change', async () => {
    const { api, state, tick } = await setup();
    api.emit(songBatch(4, { origin: 'claude', put: [note('n9', 't1', 67, 960), note('n10', 't1', 69, 960)] }));
    tick(LAST_CHANGE_KEEP_MS - 1);
    api.emit(songBatch(5, { origin: 'claude', put: [note('n11', 't1', 71, 960)] }));
    expect([...state().lastChanges.keys()]).toEqual(['n9', 'n10', 'n11']);
    tick(1);
    api.emit(songBatch(6, { origin: 'claude', put: [note('n12', 't1', 72, 960)] }));
    expect([...state().lastChanges.keys()]).toEqual(['n11', 'n12']);
  });

  it('derives the bar grid from the time signatures, once per version', async () => {
    const { api, state } = await setup();
    const first = songMeter(state());
    expect(songMeter(state())).toBe(first);
    api.emit(songBatch(4, { put: [timeSig('ts2', 1920, 3, 4)] }));
    const meter = songMeter(state());
    expect(meter).not.toBe(first);
    expect(meter.segments.map((s) => [s.tick, s.numerator, s.bar])).toEqual([
      [0, 4, 1],
      [1920, 3, 2],
    ]);
    expect(sortedByTick(state().timeSigs).map((t) => t.id)).toEqual(['ts1', 'ts2']);
  });

  it('ignores the change events of other domains', async () => {
    const { api, state } = await setup();
    const before = state();
    api.emit({ ...songBatch(4, { put: [note('n9', 't1', 67, 960)] }), domain: 'drawio' });
    expect(state()).toBe(before);
  });
});

describe('lyricsOf', () => {
  const fromChunk = (id: string, name: string, chunk: number): MidiTrackRecord => ({
    ...track(id, name),
    source: { chunk, head: {}, readName: name },
  });
  const text = (id: string, type: MidiTextRecord['type'], words: string, tick: number, chunk: number): MidiTextRecord => ({ id, kind: 'text', type, text: words, tick, chunk });

  it("gives a track the lyrics of its own chunk and of chunks no track has, by tick; a .kar file's text after its @ header counts", () => {
    const records = applyMidiChanges(
      emptyMidiRecords(),
      [
        fromChunk('t1', 'Voice', 1),
        fromChunk('t2', 'Bass', 2),
        track('t3', 'Made here'),
        text('x1', 'lyric', 'la', 480, 1),
        text('x2', 'lyric', 'lo', 0, 1),
        text('x3', 'lyric', 'bass words', 0, 2),
        text('x4', 'text', '@KMIDI KARAOKE FILE', 0, 3),
        text('x5', 'text', '\\Ma', 240, 3),
        text('x6', 'text', 'a comment', 0, 4),
        text('x7', 'copyright', '(c)', 0, 1),
      ],
      [],
    );
    const words = (id: string) => lyricsOf(records, records.tracks.get(id)).map((t) => t.text);
    expect(words('t1')).toEqual(['lo', '\\Ma', 'la']);
    expect(words('t2')).toEqual(['bass words', '\\Ma']);
    expect(words('t3')).toEqual([]);
  });
});

describe('programsOf', () => {
  it("gives a track's instrument changes by tick, and none of another track's", () => {
    const records = applyMidiChanges(
      emptyMidiRecords(),
      [
        track('t1', 'Piano'),
        track('t2', 'Bass'),
        { id: 'p1', kind: 'program', trackId: 't1', program: 40, tick: 1920 },
        { id: 'p2', kind: 'program', trackId: 't1', program: 41, tick: 960 },
        { id: 'p3', kind: 'program', trackId: 't2', program: 33, tick: 0 },
      ],
      [],
    );
    expect(programsOf(records, records.tracks.get('t1')).map((p) => [p.tick, p.program])).toEqual([
      [960, 41],
      [1920, 40],
    ]);
    expect(programsOf(records, undefined)).toEqual([]);
  });
});
