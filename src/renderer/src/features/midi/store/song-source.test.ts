import { describe, expect, it } from 'vitest';
import { createFakeApi, settle } from '../../../testing/fake-api';
import { note, songBatch, songMeta, songSnapshot, tempo, track } from '../../../testing/midi-fixtures';
import { createMidiStore } from './midi-store';
import { songSourceOf } from './song-source';

describe('the song as playback reads it', () => {
  it('answers every record as the store holds it now, and a version that moves with each change', async () => {
    const api = createFakeApi(songSnapshot([songMeta(), track('t1', 'Piano'), note('n1', 't1', 60, 0), tempo('tp1', 0, 90)], { seq: 1 }));
    const handle = createMidiStore({ api });
    const source = songSourceOf(handle.store);
    handle.start();
    await settle();
    const loaded = source.version();
    expect([...source.records()].map((r) => r.id)).toEqual(['meta', 't1', 'n1', 'tp1']);
    api.emit(songBatch(2, { put: [note('n2', 't1', 62, 480)] }));
    expect(source.version()).toBe(loaded + 1);
    expect([...source.records()].filter((r) => r.kind === 'note').map((r) => r.id)).toEqual(['n1', 'n2']);
  });
});
