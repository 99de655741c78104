/**
 * The Music view: toolbar on top, the tracks left, the piano roll in the middle, the selection and
 * the song's facts right, the activity below, and the dialogs and toasts.
 */
import { type ReactNode, useMemo } from 'react';
import { ActivityPanel } from '../../common/ActivityPanel';
import { DocumentDialogs, type DocumentFiles } from '../../common/Dialogs';
import { useWindowTitle } from '../../common/DocumentTitle';
import { LoadState } from '../../common/LoadState';
import { useSelectionReport } from '../../common/presence';
import { Toasts } from '../../common/Toasts';
import { dismissToast } from '../../common/toasts';
import { type ViewKeys, useKeyCommands } from '../../common/use-key-commands';
import { useViewShown } from '../../common/view-shown';
import { type MusicActions, activeTrackOf } from './editor/actions';
import { MUSIC_COMMANDS, type MusicCommandContext } from './editor/commands';
import { useMusic, useMusicActions, useMusicView, useSong } from './editor/music-context';
import { MusicToolbar } from './panels/MusicToolbar';
import { NotePanel } from './panels/NotePanel';
import { TrackList } from './panels/TrackList';
import { PianoRoll } from './roll/PianoRoll';
import './music.css';

const SONG = { noun: 'song', extension: '.mid' };

/** The Music view's keyboard (see editor/commands.ts): an open dialog keeps its keys. */
function useMusicKeys() {
  const { actions, view } = useMusic();
  const keys = useMemo(
    (): ViewKeys<MusicActions, MusicCommandContext> => ({
      commands: MUSIC_COMMANDS,
      actions,
      keysHeld: () => Boolean(view.getState().dialog),
      contextAt: () => ({ selected: actions.selectedCount(), canPaste: Boolean(view.getState().clipboard?.notes.length) }),
    }),
    [actions, view],
  );
  useKeyCommands(keys);
}

function SongLoadState() {
  const status = useSong((s) => s.status);
  const error = useSong((s) => s.loadError);
  return <LoadState status={status} error={error} noun="song" testId="music-load-state" />;
}

function MusicDialogs() {
  const actions = useMusicActions();
  const dialog = useMusicView((s) => s.dialog);
  const title = useSong((s) => s.meta?.title ?? s.title);
  const path = useSong((s) => s.path);
  const dirty = useSong((s) => s.dirty);
  const files: DocumentFiles = { kind: SONG, title, path, dirty, listFiles: actions.listFiles, openPath: actions.openPath, saveToPath: actions.saveToPath };
  return <DocumentDialogs dialog={dialog} files={files} checkpoint={actions.checkpoint} close={() => actions.openDialog(undefined)} />;
}

function MusicToasts() {
  const { view } = useMusic();
  const toasts = useMusicView((s) => s.toasts);
  return <Toasts toasts={toasts} onDismiss={(id) => dismissToast(view, id)} />;
}

/**
 * Reports the person's selected notes and the track they are on (the AI's `@selected`, `midi_query
 * selection`); with no notes selected, a track they picked is the selection (all its notes).
 */
function useMusicPresence() {
  const selection = useMusicView((s) => s.selection);
  const activeTrackId = useMusicView((s) => s.activeTrackId);
  const track = useSong((s) => activeTrackOf(s, { activeTrackId }));
  const pickedTrack = activeTrackId !== undefined && track?.id === activeTrackId ? activeTrackId : undefined;
  const ids = useMemo(() => (selection.size > 0 ? [...selection] : pickedTrack ? [pickedTrack] : []), [selection, pickedTrack]);
  useSelectionReport('midi', ids, useViewShown(), track ? { kind: 'track', id: track.id, name: track.name } : undefined);
}

export function MusicView(props: { connection: ReactNode }) {
  useMusicKeys();
  useMusicPresence();
  useWindowTitle(useSong((s) => s.meta?.title ?? s.title), useSong((s) => s.dirty));
  const activity = useSong((s) => s.activity);
  const documentId = useSong((s) => s.documentId);
  return (
    <div className="music-view domain-layout side-panes" data-testid="music-view">
      <MusicToolbar connection={props.connection} />
      <TrackList />
      <main className="roll-column">
        <PianoRoll />
        <SongLoadState />
      </main>
      <NotePanel />
      <ActivityPanel activity={activity} domain="midi" documentId={documentId} />
      <MusicToasts />
      <MusicDialogs />
    </div>
  );
}
