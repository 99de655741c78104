/**
 * The stores, actions and player of the Music view, handed down by context so components select
 * narrowly from them (`useSong(s => s.tracks)`) and tests can hand in their own.
 */
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { featureContext } from '../../../common/feature-context';
import type { StoreApi } from 'zustand/vanilla';
import type { PlaybackState, Player } from '../playback/player-api';
import type { MidiState } from '../store/midi-store';
import type { MusicActions } from './actions';
import type { MusicViewState } from './view-store';

export interface MusicContextValue {
  song: StoreApi<MidiState>;
  view: StoreApi<MusicViewState>;
  actions: MusicActions;
  player?: Player;
  /** `electron` shows native file dialogs; `browser` the workspace file list. */
  host: 'electron' | 'browser';
}

const musicContext = featureContext<MusicContextValue>('the music view');
export const MusicProvider = musicContext.Provider;
export const useMusic = musicContext.use;

/** Selects from the song; the component renders again only when the selection changes. */
export function useSong<T>(selector: (state: MidiState) => T): T {
  return useStore(useMusic().song, selector);
}

export function useMusicView<T>(selector: (state: MusicViewState) => T): T {
  return useStore(useMusic().view, selector);
}

export function useMusicActions(): MusicActions {
  return useMusic().actions;
}

const NO_PLAYBACK: PlaybackState = { ready: false, playing: false, tick: 0, loop: null, metronome: false, error: 'no player in this window' };

interface PlaybackSource {
  subscribe(onChange: () => void): () => void;
  get(): PlaybackState;
}

const NO_PLAYER: PlaybackSource = { subscribe: () => () => undefined, get: () => NO_PLAYBACK };
const sources = new WeakMap<Player, PlaybackSource>();

/** The player's state as React reads it: the same object until the player reports a new one. */
function playbackSource(player: Player | undefined): PlaybackSource {
  if (!player) return NO_PLAYER;
  let source = sources.get(player);
  if (!source) {
    let last = player.getState();
    source = {
      subscribe: (onChange) =>
        player.subscribe((state) => {
          last = state;
          onChange();
        }),
      get: () => last,
    };
    sources.set(player, source);
  }
  return source;
}

/** The player's state (where the playhead is, whether it plays), or a stopped one without a player. */
export function usePlayback(): PlaybackState {
  const source = playbackSource(useMusic().player);
  return useSyncExternalStore(source.subscribe, source.get);
}
