/**
 * Wires the renderer once, at startup: the stores fed by the chosen API, each view's actions, and
 * the slot the diagram canvas fills with its controls when it mounts. The Music view's store starts
 * following the feed the first time the view shows.
 */
import type { TandemApi } from '../../../shared/tandem-api';
import type { Connection } from '../api/api';
import { createDrawioActions, type CanvasControls } from '../features/drawio/editor/actions';
import type { DrawioEditorContextValue } from '../features/drawio/editor/drawio-context';
import { createEditorStore } from '../features/drawio/editor/editor-store';
import { createDrawioStore } from '../features/drawio/store/drawio-store';
import { createMusicActions } from '../features/midi/editor/actions';
import type { MusicContextValue } from '../features/midi/editor/music-context';
import { createMusicViewStore } from '../features/midi/editor/view-store';
import type { Player, SongSource } from '../features/midi/playback/player-api';
import { createMidiStore } from '../features/midi/store/midi-store';
import { songSourceOf } from '../features/midi/store/song-source';
import { type PresenceController, createPresence } from '../stores/presence-store';

export interface StudioOptions {
  /** Playback for the Music view (Tone.js and a SoundFont); without it the transport is disabled. */
  createPlayer?: (song: SongSource) => Player;
}

export interface Studio {
  drawio: DrawioEditorContextValue;
  registerCanvas(controls: CanvasControls | undefined): void;
  music: MusicContextValue;
  /** Starts the Music view's store (once, however often it is called). */
  startMusic(): void;
  connection: Connection;
  /** The person's selections reported to the core, and the AI clients and reads it reports back. */
  presence: PresenceController;
}

function confirmDiscard(noun: string) {
  return (title: string) => window.confirm(`"${title}" has unsaved changes. Discard them and open another ${noun}?`);
}

export function createStudio(api: TandemApi, host: 'electron' | 'browser', connection: Connection, options: StudioOptions = {}): Studio {
  const drawioStore = createDrawioStore({ api, onReconnect: connection.onReconnect });
  const editor = createEditorStore();
  let canvas: CanvasControls | undefined;
  const actions = createDrawioActions({
    api,
    drawio: drawioStore.store,
    editor,
    canvas: () => canvas,
    confirmDiscard: confirmDiscard('diagram'),
  });
  drawioStore.start();

  const midiStore = createMidiStore({ api, onReconnect: connection.onReconnect });
  const musicView = createMusicViewStore();
  const player = options.createPlayer?.(songSourceOf(midiStore.store));
  const musicActions = createMusicActions({ api, song: midiStore.store, view: musicView, player, confirmDiscard: confirmDiscard('song') });
  let musicStarted = false;
  const presence = createPresence({ api, onReconnect: connection.onReconnect });

  return {
    drawio: { drawio: drawioStore.store, editor, actions, host },
    registerCanvas: (controls) => {
      canvas = controls;
    },
    music: { song: midiStore.store, view: musicView, actions: musicActions, player, host },
    startMusic: () => {
      if (musicStarted) return;
      musicStarted = true;
      midiStore.start();
    },
    connection,
    presence,
  };
}
