/**
 * The Music view's own state: the track being edited, the selected notes, the tool, the grid, the
 * piano roll's scroll and zoom, the insert cursor, the clipboard, the open dialog and the toasts.
 * None of it is the song; the song lives in the midi store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DocumentDialogKind } from '../../../common/document-actions';
import type { ToastState } from '../../../common/toasts';
import type { LoopRegion } from '../playback/player-api';
import { DEFAULT_VELOCITY } from '../../../../../shared/midi/records';
import { GRID_CHOICES, type GridChoice, type NoteClip } from '../model/ops';
import type { RollView } from '../roll/geometry';

/** Draw: a press on empty grid draws a note. Select: it starts a selection box. */
export type RollTool = 'draw' | 'select';

export type MusicDialogKind = DocumentDialogKind | 'add-track';

export interface MusicViewState extends ToastState {
  /** The track new notes go to and whose notes the roll edits. */
  activeTrackId?: string;
  /** Selected notes, all of the active track. */
  selection: ReadonlySet<string>;
  tool: RollTool;
  grid: GridChoice;
  /** The velocity of drawn notes: the last one set. */
  velocity: number;
  view: RollView;
  /** The document the roll last centred its rows on (once per song, on first sight). */
  centredFor?: string;
  /** Where a paste goes: set by a click on the ruler, moved on past each paste. */
  cursorTick: number;
  clipboard?: NoteClip;
  dialog?: MusicDialogKind;
  /** Without a player, the loop and metronome the transport shows (the player's own otherwise). */
  loop: LoopRegion | null;
  metronome: boolean;
}

export const EMPTY_SELECTION: ReadonlySet<string> = new Set();

/** A quarter note is 48 px at first, and middle C sits near the middle of the rows. */
export const INITIAL_VIEW: RollView = { scrollTick: 0, scrollY: 14 * 47, pxPerTick: 0.1, keyHeight: 14 };

export function createMusicViewStore(): StoreApi<MusicViewState> {
  return createStore<MusicViewState>()(() => ({
    selection: EMPTY_SELECTION,
    tool: 'draw',
    grid: GRID_CHOICES[4],
    velocity: DEFAULT_VELOCITY,
    view: INITIAL_VIEW,
    cursorTick: 0,
    toasts: [],
    loop: null,
    metronome: false,
  }));
}
