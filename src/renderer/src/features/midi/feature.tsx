/** The Music view in the studio's feature table: the song's store, the roll's own state, playback and the actions. */
import { lazy } from 'react';
import { confirmDiscard, once, type Feature } from '../../app/feature';
import { createMusicActions } from './editor/actions';
import { type MusicContextValue } from './editor/music-context';
import { createMidiReveal } from './editor/reveal';
import { createMusicViewStore } from './editor/view-store';
import { createMidiStore } from './store/midi-store';
import { songSourceOf } from './store/song-source';

export const midiFeature: Feature<MusicContextValue> = {
  domain: 'midi',
  label: 'Music',
  icon: (
    <svg width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M7.5 15.5V4l9-1.5V14M7.5 15.5a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM16.5 14a2 2 0 1 1-4 0 2 2 0 0 1 4 0z" />
    </svg>
  ),
  create({ api, host, connection, navigation, options }) {
    const midiStore = createMidiStore({ api, onReconnect: connection.onReconnect });
    const view = createMusicViewStore();
    // Playback reads the song live from the store.
    const player = options.createPlayer?.(songSourceOf(midiStore.store));
    const actions = createMusicActions({ api, song: midiStore.store, view, player, confirmDiscard: confirmDiscard('song') });
    navigation.register('midi', createMidiReveal({ song: midiStore.store, selectTrack: actions.selectTrack }));
    return { value: { song: midiStore.store, view, actions, player, host }, start: once(() => midiStore.start()) };
  },
  View: lazy(() => import('./view')),
};
