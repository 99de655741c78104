/**
 * Wires the renderer once, at startup: the stores fed by the chosen API, each view's actions, and
 * the slot the diagram canvas fills with its controls when it mounts. The Music view's and the test
 * dashboard's stores start following the feed the first time their view shows.
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
import { createArchitectureActions } from '../features/architecture/actions';
import type { ArchitectureContextValue } from '../features/architecture/architecture-context';
import { ARCHITECTURE_DOMAIN } from '../features/architecture/model';
import { createArchitectureViewStore } from '../features/architecture/view-store';
import { CONTEXT_DOMAIN, contextEnvelope } from '../features/context/model';
import { createDrawioReveal } from '../features/drawio/editor/reveal';
import { createMidiReveal } from '../features/midi/editor/reveal';
import { createTasksActions } from '../features/tasks/actions';
import { TASKS_DOMAIN } from '../features/tasks/model/board';
import type { TasksContextValue } from '../features/tasks/tasks-context';
import { createTasksViewStore } from '../features/tasks/view-store';
import { createTestenvActions } from '../features/testenv/actions';
import { createTestenvReveal } from '../features/testenv/reveal';
import { TESTENV_DOMAIN } from '../features/testenv/model/project';
import type { TestenvContextValue } from '../features/testenv/testenv-context';
import { createTestenvViewStore } from '../features/testenv/view-store';
import { type PresenceController, createPresence } from '../stores/presence-store';
import { createToolDomainStore, dataOrErrorEnvelope, type ToolDomainStore } from '../stores/tool-domain-store';
import { createNavigation, type Navigation } from '../common/navigation';

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
  testenv: TestenvContextValue;
  /** Starts the test-environment dashboard's store (once, however often it is called). */
  startTestenv(): void;
  architecture: ArchitectureContextValue;
  /** Starts the Architecture view's store (once, however often it is called). */
  startArchitecture(): void;
  context: ToolDomainStore;
  /** Starts the Context view's store (once, however often it is called). */
  startContext(): void;
  tasks: TasksContextValue;
  /** Starts the task board's store (once, however often it is called). */
  startTasks(): void;
  /**
   * Links between views (`drawio:AuthService`): each view registers how it reveals its things, the
   * window shows the link's domain (onShow), and the view reveals it.
   */
  navigation: Navigation;
  connection: Connection;
  /** The person's selections reported to the core, and the AI clients and reads it reports back. */
  presence: PresenceController;
}

/** A view's store starts following the feed the first time the view shows, and only then. */
function once(start: () => void): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    start();
  };
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
  const presence = createPresence({ api, onReconnect: connection.onReconnect });

  const testenvStore = createToolDomainStore(TESTENV_DOMAIN, { api, onReconnect: connection.onReconnect });
  const testenvView = createTestenvViewStore();
  const testenvActions = createTestenvActions({ api, testenv: testenvStore, view: testenvView });

  const architectureStore = createToolDomainStore(ARCHITECTURE_DOMAIN, { api, onReconnect: connection.onReconnect, envelope: dataOrErrorEnvelope });
  const architectureView = createArchitectureViewStore();
  const architectureActions = createArchitectureActions({ architecture: architectureStore, view: architectureView, openSite: api.openSite && ((folder) => api.openSite!(ARCHITECTURE_DOMAIN, folder)) });

  const contextStore = createToolDomainStore(CONTEXT_DOMAIN, { api, onReconnect: connection.onReconnect, envelope: contextEnvelope });

  const navigation = createNavigation();
  navigation.register('drawio', createDrawioReveal({ drawio: drawioStore.store, switchPage: actions.switchPage, canvas: () => canvas }));
  navigation.register('midi', createMidiReveal({ song: midiStore.store, selectTrack: musicActions.selectTrack }));
  navigation.register('testenv', createTestenvReveal({ testenv: testenvStore.store, view: testenvView }));
  navigation.register(ARCHITECTURE_DOMAIN, architectureActions.reveal);

  const tasksStore = createToolDomainStore(TASKS_DOMAIN, { api, onReconnect: connection.onReconnect, envelope: dataOrErrorEnvelope });
  const tasksView = createTasksViewStore();
  const tasksActions = createTasksActions({ tasks: tasksStore, view: tasksView, navigation });

  return {
    drawio: { drawio: drawioStore.store, editor, actions, host },
    registerCanvas: (controls) => {
      canvas = controls;
    },
    music: { song: midiStore.store, view: musicView, actions: musicActions, player, host },
    startMusic: once(() => midiStore.start()),
    testenv: { testenv: testenvStore, view: testenvView, actions: testenvActions },
    startTestenv: once(() => {
      testenvStore.start();
      void testenvActions.loadWorkspace();
    }),
    architecture: { architecture: architectureStore, view: architectureView, actions: architectureActions, siteAddress: api.siteAddress && ((folder, file) => api.siteAddress!(ARCHITECTURE_DOMAIN, folder, file)) },
    startArchitecture: once(() => architectureStore.start()),
    context: contextStore,
    startContext: once(() => contextStore.start()),
    tasks: { tasks: tasksStore, view: tasksView, actions: tasksActions },
    startTasks: once(() => tasksStore.start()),
    navigation,
    connection,
    presence,
  };
}
