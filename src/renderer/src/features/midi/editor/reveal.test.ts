/** A `midi:` link: the track it names, by id or name in any case, becomes the one the roll edits. */
import { describe, expect, it } from 'vitest';
import { createFakeApi, settle } from '../../../testing/fake-api';
import { songMeta, songSnapshot, track } from '../../../testing/midi-fixtures';
import { createMidiStore } from '../store/midi-store';
import { createMidiReveal } from './reveal';

describe('the midi reveal', () => {
  it('selects the track by name or id, and lists the tracks when the link names none', async () => {
    const api = createFakeApi(songSnapshot([songMeta(), track('t1', 'Piano'), track('t2', 'Bass')]));
    const song = createMidiStore({ api });
    song.start();
    await settle();
    const selected: string[] = [];
    const reveal = createMidiReveal({ song: song.store, selectTrack: (id) => void selected.push(id) });
    expect(await reveal('piano')).toEqual({ ok: true });
    expect(await reveal('t2')).toEqual({ ok: true });
    expect(selected).toEqual(['t1', 't2']);
    expect(await reveal('Drums')).toEqual({ ok: false, message: "No track 'Drums' in Sketch", suggestion: 'tracks there: Piano, Bass' });
  });
});
