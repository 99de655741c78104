/** Opens a `midi:` link (common/navigation.ts): makes the track it names, by id or name, the one the roll edits. */
import type { StoreApi } from 'zustand/vanilla';
import { REVEAL_WAIT_MS, whenFound, type RevealHandler } from '../../../common/navigation';
import { findByIdOrName, someNames } from '../../../common/reveal-target';
import type { MidiState } from '../store/midi-store';

export function createMidiReveal(deps: { song: StoreApi<MidiState>; selectTrack(trackId: string): void }): RevealHandler {
  return async (target) => {
    const state = await whenFound(deps.song, (s) => (s.status === 'ready' ? s : undefined), REVEAL_WAIT_MS);
    if (!state) return { ok: false, message: 'The song has not loaded, so the link has nothing to show', suggestion: 'wait until the Music view shows the song, then click the link again' };
    const track = findByIdOrName(state.tracks.values(), target, (t) => [t.name]);
    if (!track) {
      const names = [...state.tracks.values()].map((t) => t.name);
      return { ok: false, message: `No track '${target}' in ${state.title}`, suggestion: `tracks there: ${someNames(names)}` };
    }
    deps.selectTrack(track.id);
    return { ok: true };
  };
}
