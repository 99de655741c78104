/**
 * Everything a person can do in the Music view, each one sent to the core as midi ops or a
 * session action (DESIGN.md, "One pipeline for every edit"), one batch per gesture. The toolbar,
 * the track list, the piano roll and the keyboard all call these; none of them changes the song
 * itself. Playback goes to the player (playback/player-api.ts), when there is one.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { MidiNoteRecord, MidiTrackRecord } from '../../../../../shared/midi/records';
import type { ApiAnswer, TandemApi } from '../../../../../shared/tandem-api';
import { createDocumentActions, sendAndFind } from '../../../common/document-actions';
import { pushToast } from '../../../common/toasts';
import {
  clipOf,
  freeTrackName,
  gridTicks,
  moveNotesOps,
  noteOp,
  pasteNotes,
  programOp,
  quantizeOps,
  removeNotesOps,
  resizeNotesOps,
  toggleOp,
  trackAddOp,
  trackName,
  trackRemoveOp,
  transposeOps,
  velocityByOps,
  velocitySetOps,
  volumeOp,
  type GridChoice,
  type NewNote,
} from '../model/ops';
import { clampVelocity } from '../model/pitch';
import { barBounds, beatAtOrAfter } from '../model/timeline';
import type { LoopRegion, Player } from '../playback/player-api';
import { MIDI_DOMAIN, orderedTracks, ppqnOf, songMeter, type MidiState } from '../store/midi-store';
import { KEYS_WIDTH, zoomTimeAt, type RollView } from '../roll/geometry';
import { EMPTY_SELECTION, type MusicViewState, type RollTool } from './view-store';

export interface MusicActionDeps {
  api: TandemApi;
  song: StoreApi<MidiState>;
  view: StoreApi<MusicViewState>;
  /** Playback, once the studio has one; the transport is disabled without it. */
  player?: Player;
  confirmDiscard?(title: string): boolean;
}

/** How long new notes (a draw, a paste) may take to show before they are selected. */
export const SELECT_NEW_WAIT_MS = 3000;

/** The track the roll edits: the chosen one while it exists, else the first. */
export function activeTrackOf(song: Pick<MidiState, 'tracks'>, view: Pick<MusicViewState, 'activeTrackId'>): MidiTrackRecord | undefined {
  const chosen = view.activeTrackId ? song.tracks.get(view.activeTrackId) : undefined;
  return chosen ?? orderedTracks(song)[0];
}

/** The selected notes that still exist and are on the active track. */
export function selectedNotesOf(song: MidiState, view: MusicViewState): MidiNoteRecord[] {
  const track = activeTrackOf(song, view);
  if (!track || view.selection.size === 0) return [];
  const notes: MidiNoteRecord[] = [];
  for (const id of view.selection) {
    const note = song.notes.get(id);
    if (note && note.trackId === track.id) notes.push(note);
  }
  return notes;
}

export function gridStepOf(song: MidiState, grid: GridChoice): number {
  return gridTicks(grid, ppqnOf(song));
}

const DONE: ApiAnswer = { text: '', isError: false };

export function createMusicActions(deps: MusicActionDeps) {
  const { song, view, player } = deps;
  const documentActions = createDocumentActions({
    api: deps.api,
    domain: MIDI_DOMAIN,
    view,
    document: () => {
      const { dirty, title, meta, path } = song.getState();
      return { dirty, title: meta?.title ?? title, path };
    },
    confirmDiscard: deps.confirmDiscard,
  });
  const { mutate } = documentActions;
  const done = () => Promise.resolve(DONE);

  const activeTrack = () => activeTrackOf(song.getState(), view.getState());
  /** How ops name the track: its name, or `#N` where a file gave several tracks that name. */
  const nameOf = (track: MidiTrackRecord) => trackName(orderedTracks(song.getState()), track);
  const selected = () => selectedNotesOf(song.getState(), view.getState());
  const selectedIds = () => selected().map((n) => n.id);
  const step = () => gridStepOf(song.getState(), view.getState().grid);
  const select = (ids: Iterable<string>) => view.setState({ selection: new Set(ids) });
  const needTrack = (): MidiTrackRecord | undefined => {
    const track = activeTrack();
    if (!track) pushToast(view, { message: 'The song has no track to put notes on.', hints: ['add a track first (the + in the track list)'] });
    return track;
  };

  /**
   * Sends ops that add `wanted` notes to the track and selects them once they show (so the next
   * drag, arrow key or delete acts on them).
   */
  const addNotesAndSelect = async (track: MidiTrackRecord, ops: string[], wanted: readonly NewNote[]): Promise<ApiAnswer> => {
    const before = new Set(song.getState().notes.keys());
    const keys = new Set(wanted.map((n) => `${n.pitch}:${n.tick}`));
    const find = (state: MidiState) => {
      const ids: string[] = [];
      for (const note of state.notes.values()) {
        if (note.trackId === track.id && !before.has(note.id) && keys.has(`${note.pitch}:${note.tick}`)) ids.push(note.id);
      }
      return ids.length >= wanted.length ? ids : undefined;
    };
    const { answer, found } = await sendAndFind(song, () => mutate(ops), find, SELECT_NEW_WAIT_MS);
    if (found) select(found);
    return answer;
  };

  const actions = {
    ...documentActions,

    // ---- notes ---------------------------------------------------------------------------

    /** A note drawn on the roll, on the active track, at the current velocity. */
    drawNote(note: { pitch: number; tick: number; dur: number }): Promise<ApiAnswer> {
      const track = needTrack();
      if (!track) return done();
      const drawn: NewNote = { ...note, vel: view.getState().velocity };
      return addNotesAndSelect(track, [noteOp(nameOf(track), drawn, songMeter(song.getState()))], [drawn]);
    },

    moveSelection(dTick: number, dPitch: number): Promise<ApiAnswer> {
      return mutate(moveNotesOps(selected(), dTick, dPitch, songMeter(song.getState())));
    },

    /** Every selected note `dDur` ticks longer (shorter), none shorter than a grid step. */
    resizeSelection(dDur: number): Promise<ApiAnswer> {
      return mutate(resizeNotesOps(selected(), dDur, step(), ppqnOf(song.getState())));
    },

    deleteSelection(): Promise<ApiAnswer> {
      const ids = selectedIds();
      view.setState({ selection: EMPTY_SELECTION });
      return mutate(removeNotesOps(ids));
    },

    /** Arrow up/down: a semitone (an octave with Shift). */
    transpose: (semitones: number) => mutate(transposeOps(selectedIds(), semitones)),

    /** Arrow left/right: a grid step earlier or later (a bar with Shift). */
    nudge(direction: -1 | 1, byBar: boolean): Promise<ApiAnswer> {
      const notes = selected();
      if (notes.length === 0) return done();
      const state = song.getState();
      const first = Math.min(...notes.map((n) => n.tick));
      const bar = barBounds(songMeter(state), first);
      const distance = byBar ? bar.end - bar.start : step();
      return actions.moveSelection(direction * Math.min(distance, direction < 0 ? first : distance), 0);
    },

    changeVelocity: (delta: number) => mutate(velocityByOps(selectedIds(), delta)),

    /** Sets the velocity of the selection, and of the notes drawn from now on. */
    setVelocity(vel: number): Promise<ApiAnswer> {
      const velocity = clampVelocity(vel);
      view.setState({ velocity });
      const ids = selectedIds();
      return ids.length ? mutate(velocitySetOps(ids, velocity)) : done();
    },

    quantize(): Promise<ApiAnswer> {
      const ids = selectedIds();
      return ids.length ? mutate(quantizeOps(ids, step(), ppqnOf(song.getState()))) : done();
    },

    // ---- selection and clipboard -------------------------------------------------------------

    selectedCount: () => selected().length,

    /** Replaces the selection, or (with `add`) toggles these notes in and out of it. */
    selectNotes(ids: readonly string[], add = false): void {
      if (!add) return select(ids);
      const next = new Set(view.getState().selection);
      for (const id of ids) {
        if (next.has(id)) next.delete(id);
        else next.add(id);
      }
      select(next);
    },
    selectAll(): void {
      const track = activeTrack();
      if (!track) return;
      select([...song.getState().notes.values()].filter((n) => n.trackId === track.id).map((n) => n.id));
    },
    selectNone(): void {
      if (view.getState().selection.size) view.setState({ selection: EMPTY_SELECTION });
    },

    /** Copies the selection; the next paste goes on the first beat after it. */
    copy(): void {
      const notes = selected();
      const clip = clipOf(notes);
      if (!clip) return;
      const end = Math.min(...notes.map((n) => n.tick)) + clip.length;
      view.setState({ clipboard: clip, cursorTick: beatAtOrAfter(songMeter(song.getState()), end) });
    },
    cut(): Promise<ApiAnswer> {
      const notes = selected();
      if (notes.length === 0) return done();
      const clip = clipOf(notes)!;
      view.setState({ clipboard: clip, cursorTick: Math.min(...notes.map((n) => n.tick)) });
      return actions.deleteSelection();
    },
    /** The clipboard's notes on the active track at the cursor, then selected; the cursor moves on to the beat after them. */
    paste(): Promise<ApiAnswer> {
      const { clipboard, cursorTick } = view.getState();
      const track = clipboard && needTrack();
      if (!clipboard || !track) return done();
      const notes = pasteNotes(clipboard, cursorTick);
      const meter = songMeter(song.getState());
      view.setState({ cursorTick: beatAtOrAfter(meter, cursorTick + clipboard.length) });
      return addNotesAndSelect(
        track,
        notes.map((n) => noteOp(nameOf(track), n, meter)),
        notes,
      );
    },
    duplicate(): Promise<ApiAnswer> {
      actions.copy();
      return actions.paste();
    },

    // ---- tracks ------------------------------------------------------------------------------

    selectTrack(trackId: string): void {
      if (view.getState().activeTrackId === trackId) return;
      view.setState({ activeTrackId: trackId, selection: EMPTY_SELECTION });
    },
    /** Adds a track (a free name when none is given) and makes it the one the roll edits. */
    async addTrack(name: string | undefined, instrument?: string): Promise<ApiAnswer> {
      const taken = [...song.getState().tracks.values()].map((t) => t.name);
      const trackName = name?.trim() || freeTrackName(`Track${taken.length + 1}`, taken);
      const find = (state: MidiState) => [...state.tracks.values()].find((t) => t.name.toLowerCase() === trackName.toLowerCase())?.id;
      const { answer, found } = await sendAndFind(song, () => mutate([trackAddOp(trackName, instrument)]), find, SELECT_NEW_WAIT_MS);
      if (found) actions.selectTrack(found);
      return answer;
    },
    removeTrack(trackId: string): Promise<ApiAnswer> {
      const track = song.getState().tracks.get(trackId);
      return track ? mutate([trackRemoveOp(nameOf(track))]) : done();
    },
    /** Mute or solo on or off (both toggle). */
    toggleFlag(trackId: string, flag: 'mute' | 'solo'): Promise<ApiAnswer> {
      const track = song.getState().tracks.get(trackId);
      return track ? mutate([toggleOp(flag, { name: nameOf(track) })]) : done();
    },
    setVolume(trackId: string, volume: number): Promise<ApiAnswer> {
      const track = song.getState().tracks.get(trackId);
      return track ? mutate([volumeOp({ name: nameOf(track) }, volume)]) : done();
    },
    setInstrument(trackId: string, instrument: string): Promise<ApiAnswer> {
      const track = song.getState().tracks.get(trackId);
      return track ? mutate([programOp({ name: nameOf(track) }, instrument)]) : done();
    },

    // ---- the view ----------------------------------------------------------------------------

    setTool: (tool: RollTool) => view.setState({ tool }),
    setGrid: (grid: GridChoice) => view.setState({ grid }),
    setView: (next: RollView) => view.setState({ view: next }),
    /** Wider (factor > 1) or narrower bars, keeping the tick at the left edge where it is (the wheel zooms about the pointer). */
    zoomTime(factor: number): void {
      const current = view.getState().view;
      view.setState({ view: zoomTimeAt(current, factor, KEYS_WIDTH) });
    },

    // ---- transport ---------------------------------------------------------------------------

    hasPlayer: () => player !== undefined,
    togglePlay(): void {
      if (!player) return;
      if (player.getState().playing) player.pause();
      else void player.play().catch((error: unknown) => pushToast(view, { message: `Playback could not start: ${String(error)}`, hints: [] }));
    },
    stop(): void {
      player?.stop();
    },
    /** A click on the ruler: the playhead and the paste cursor go there. */
    seek(tick: number): void {
      view.setState({ cursorTick: tick });
      player?.seek(tick);
    },
    setLoop(loop: LoopRegion | null): void {
      view.setState({ loop });
      player?.setLoop(loop);
    },
    toggleMetronome(): void {
      const metronome = !(player ? player.getState().metronome : view.getState().metronome);
      view.setState({ metronome });
      player?.setMetronome(metronome);
    },
  };
  return actions;
}

export type MusicActions = ReturnType<typeof createMusicActions>;
