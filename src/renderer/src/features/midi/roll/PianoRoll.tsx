/**
 * The piano roll: one canvas, painted by paint.ts whenever the song, the view or the playhead
 * changes (at most once a frame), never one DOM node per note. Pointer gestures are worked out by
 * gestures.ts and sent through the actions when they end, one batch each; while they run, the roll
 * shows where the notes will go.
 */
import { useEffect, useRef } from 'react';
import { HIGHLIGHT_MS, isFreshChange } from '../../../common/origin';
import { usePresenceStore } from '../../../common/presence';
import type { RecordChange } from '../../../stores/document-store';
import { type PresenceState, READ_MARK_MS, isFreshRead, readKey } from '../../../stores/presence-store';
import { activeTrackOf, gridStepOf, selectedNotesOf } from '../editor/actions';
import { useMusic } from '../editor/music-context';
import { noteIndexOf, trackNotes } from '../model/note-index';
import { drumOrPitchName } from '../../../../../shared/midi/pitches';
import { lyricsOf, orderedTracks, programsOf, songMeter, sortedByTick, type MidiState } from '../store/midi-store';
import {
  clampView,
  KEYS_WIDTH,
  pitchOfY,
  rectBetween,
  regionAt,
  tickOfX,
  zoomPitchAt,
  zoomTimeAt,
  type Rect,
  type RollSize,
  viewOfNotes,
} from './geometry';
import { DRAG_THRESHOLD_PX, drawnNote, loopRegion, moveDelta, resizeDelta, type Grid } from './gestures';
import { noteAt, noteAtAny, notesInBox } from './hit-test';
import { paintRoll, readRollColors, type PaintedNote, type RollPreview, type RollScene } from './paint';
import { publishFrame } from './roll-probe';
import { onThemeChange, themeColor } from '../../../common/theme';

type Gesture =
  | { kind: 'draw'; pointerId: number; pitch: number; pressTick: number; preview: RollPreview }
  | { kind: 'move'; pointerId: number; startX: number; startY: number; grabbedId: string; moved: boolean; preview: RollPreview }
  | { kind: 'resize'; pointerId: number; startX: number; grabbedId: string; preview: RollPreview }
  | { kind: 'box'; pointerId: number; from: { x: number; y: number }; to: { x: number; y: number }; additive: boolean }
  | { kind: 'ruler'; pointerId: number; startX: number; pressTick: number; moved: boolean }
  /** Sent; shown where it goes until the core has answered (and its change has arrived). */
  | { kind: 'sent'; preview: RollPreview };

/** A wheel step of this many px zooms by e (Ctrl+wheel). */
const WHEEL_ZOOM_PX = 500;

/** The fresh changes of a song by someone else, looked up one record at a time (only what is painted is asked for). */
function freshChanges(lastChanges: ReadonlyMap<string, RecordChange>, now: number): (id: string) => RecordChange | undefined {
  return (id) => {
    const change = lastChanges.get(id);
    return isFreshChange(change, now) ? change : undefined;
  };
}

/** The AI client that just read a record of `documentId`, looked up one record at a time. */
function freshReads(reads: PresenceState['reads'], documentId: string, now: number): (id: string) => string | undefined {
  return (id) => {
    const mark = reads.get(readKey(documentId, id));
    return isFreshRead(mark, now) ? mark.origin : undefined;
  };
}

/** In how many ms the first highlight or read mark on screen runs out, so the roll repaints without it. */
function nextExpiry(shownIds: Iterable<string>, lastChanges: ReadonlyMap<string, RecordChange>, reads: PresenceState['reads'], documentId: string, now: number): number | undefined {
  let soonest: number | undefined;
  const consider = (left: number) => (soonest = soonest === undefined ? left : Math.min(soonest, left));
  for (const id of shownIds) {
    const change = lastChanges.get(id);
    if (isFreshChange(change, now)) consider(change.at + HIGHLIGHT_MS - now);
    const mark = reads.get(readKey(documentId, id));
    if (isFreshRead(mark, now)) consider(mark.at + READ_MARK_MS - now);
  }
  return soonest;
}

export function PianoRoll() {
  const { song, view, actions, player } = useMusic();
  const presence = usePresenceStore();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const ctx = canvas.getContext('2d')!;
    let size: RollSize = { width: 0, height: 0 };
    let gesture: Gesture | undefined;
    let frame = 0;
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;

    const grid = (): Grid => ({ meter: songMeter(song.getState()), step: gridStepOf(song.getState(), view.getState().grid) });

    const scene = (now: number): RollScene => {
      const s = song.getState();
      const v = view.getState();
      const playback = player?.getState();
      const track = activeTrackOf(s, v);
      const preview = gesture && 'preview' in gesture ? gesture.preview : undefined;
      const box = gesture?.kind === 'box' ? rectBetween(gesture.from, gesture.to) : undefined;
      return {
        size,
        view: v.view,
        meter: songMeter(s),
        index: noteIndexOf(s.notes),
        trackIds: orderedTracks(s).map((t) => t.id),
        activeTrackId: track?.id,
        keyName: (pitch) => drumOrPitchName(pitch, track?.drums ?? false),
        selection: v.selection,
        preview,
        box,
        highlight: freshChanges(s.lastChanges, now),
        readBy: freshReads(presence.getState().reads, s.documentId, now),
        conductor: {
          tempos: sortedByTick(s.tempos),
          timeSigs: sortedByTick(s.timeSigs),
          keySigs: sortedByTick(s.keySigs),
          markers: sortedByTick(s.markers),
        },
        lyrics: lyricsOf(s, track),
        programs: programsOf(s, track),
        drums: track?.drums ?? false,
        playheadTick: playback?.tick ?? v.cursorTick,
        playing: playback?.playing ?? false,
        cursorTick: v.cursorTick,
        loop: playback?.loop ?? v.loop,
        gridStep: gridStepOf(s, v.grid),
      };
    };

    const paint = () => {
      frame = 0;
      if (size.width === 0 || size.height === 0) return;
      const started = performance.now();
      const now = Date.now();
      const current = scene(now);
      const dpr = window.devicePixelRatio || 1;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const roll = paintRoll(ctx, current);
      publishFrame(canvas, roll, current, performance.now() - started);
      const painted: PaintedNote[] = roll.notes;
      if (expiryTimer) clearTimeout(expiryTimer);
      const { conductor } = current;
      const shown = [painted, conductor.tempos, conductor.timeSigs, conductor.keySigs, conductor.markers].flatMap((records) => records.map((r) => r.id));
      const expiry = nextExpiry(shown, song.getState().lastChanges, presence.getState().reads, song.getState().documentId, now);
      expiryTimer = expiry === undefined ? undefined : setTimeout(requestPaint, Math.max(0, expiry) + 16);
    };
    const requestPaint = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };

    /** The roll moved to the active track's notes (all the song's when it has no track). */
    const showTrackNotes = (state: MidiState) => {
      const track = activeTrackOf(state, view.getState());
      const notes = track ? trackNotes(noteIndexOf(state.notes), track.id).notes : [...state.notes.values()];
      view.setState({ view: viewOfNotes(view.getState().view, size, notes), centredFor: state.documentId });
    };
    /** The first time a song shows, the roll goes to its notes. */
    const positionOnce = (state: MidiState) => {
      if (state.status !== 'ready' || view.getState().centredFor === state.documentId || size.height === 0) return;
      showTrackNotes(state);
    };

    const resize = () => {
      const box = canvas.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      size = { width: box.width, height: box.height };
      canvas.width = Math.round(box.width * dpr);
      canvas.height = Math.round(box.height * dpr);
      positionOnce(song.getState());
      requestPaint();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);

    const setView = (next: RollScene['view']) => view.setState({ view: clampView(next, size) });

    // ---- pointer ------------------------------------------------------------------------------

    const local = (event: { clientX: number; clientY: number }) => {
      const box = canvas.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0 || gesture) return;
      const { x, y } = local(event);
      const s = song.getState();
      const v = view.getState();
      const rollView = v.view;
      const region = regionAt(x, y);
      if (region === 'ruler' || region === 'lane') {
        gesture = { kind: 'ruler', pointerId: event.pointerId, startX: x, pressTick: Math.max(0, tickOfX(rollView, x)), moved: false };
      } else if (region === 'grid') {
        const track = activeTrackOf(s, v);
        const index = noteIndexOf(s.notes);
        const additive = event.shiftKey || event.ctrlKey || event.metaKey;
        const hit = track ? noteAt(index, track.id, rollView, x, y) : undefined;
        if (hit) {
          if (additive) {
            actions.selectNotes([hit.note.id], true);
          } else {
            if (!v.selection.has(hit.note.id)) actions.selectNotes([hit.note.id]);
            const ids = new Set(selectedNotesOf(song.getState(), view.getState()).map((n) => n.id));
            const preview: RollPreview = { ids, dTick: 0, dPitch: 0, dDur: 0 };
            gesture =
              hit.part === 'end'
                ? { kind: 'resize', pointerId: event.pointerId, startX: x, grabbedId: hit.note.id, preview }
                : { kind: 'move', pointerId: event.pointerId, startX: x, startY: y, grabbedId: hit.note.id, moved: false, preview };
          }
        } else {
          const others = orderedTracks(s).map((t) => t.id).filter((id) => id !== track?.id);
          const ghost = noteAtAny(index, others, rollView, x, y);
          if (ghost) {
            // A click on another track's note makes that track the one being edited.
            actions.selectTrack(ghost.note.trackId);
            actions.selectNotes([ghost.note.id]);
          } else if (v.tool === 'select' || additive) {
            gesture = { kind: 'box', pointerId: event.pointerId, from: { x, y }, to: { x, y }, additive };
          } else {
            // Without a track the draw ends in a note-less toast that says to add one.
            actions.selectNone();
            const pitch = pitchOfY(rollView, y);
            const pressTick = Math.max(0, tickOfX(rollView, x));
            const note = drawnNote(grid(), pressTick, pressTick);
            gesture = { kind: 'draw', pointerId: event.pointerId, pitch, pressTick, preview: { ids: new Set(), dTick: 0, dPitch: 0, dDur: 0, drawn: { pitch, ...note, vel: v.velocity } } };
          }
        }
      }
      if (gesture && 'pointerId' in gesture) canvas.setPointerCapture(event.pointerId);
      canvas.focus();
      requestPaint();
    };

    const onPointerMove = (event: PointerEvent) => {
      const { x, y } = local(event);
      if (!gesture || !('pointerId' in gesture) || gesture.pointerId !== event.pointerId) {
        updateCursor(x, y);
        return;
      }
      const rollView = view.getState().view;
      const s = song.getState();
      switch (gesture.kind) {
        case 'draw': {
          const note = drawnNote(grid(), gesture.pressTick, Math.max(0, tickOfX(rollView, x)));
          gesture.preview = { ...gesture.preview, drawn: { ...gesture.preview.drawn!, ...note } };
          break;
        }
        case 'move': {
          const dx = x - gesture.startX;
          const dy = y - gesture.startY;
          if (!gesture.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
          gesture.moved = true;
          const grabbed = s.notes.get(gesture.grabbedId);
          const notes = [...gesture.preview.ids].flatMap((id) => s.notes.get(id) ?? []);
          if (!grabbed) return;
          const { dTick, dPitch } = moveDelta(grid(), grabbed, notes, dx / rollView.pxPerTick, -dy / rollView.keyHeight);
          gesture.preview = { ...gesture.preview, dTick, dPitch };
          break;
        }
        case 'resize': {
          const grabbed = s.notes.get(gesture.grabbedId);
          if (!grabbed) return;
          gesture.preview = { ...gesture.preview, dDur: resizeDelta(grid(), grabbed, tickOfX(rollView, x)) };
          break;
        }
        case 'box':
          gesture.to = { x, y };
          break;
        case 'ruler':
          if (Math.abs(x - gesture.startX) >= DRAG_THRESHOLD_PX) gesture.moved = true;
          if (gesture.moved) {
            const loop = loopRegion(grid(), gesture.pressTick, Math.max(0, tickOfX(rollView, x)));
            actions.setLoop(loop);
          }
          break;
      }
      requestPaint();
    };

    const finish = (sent: Promise<unknown>, preview: RollPreview) => {
      const shownUntilAnswered: Gesture = { kind: 'sent', preview };
      gesture = shownUntilAnswered;
      void sent.finally(() => {
        if (gesture === shownUntilAnswered) gesture = undefined;
        requestPaint();
      });
    };

    const onPointerUp = (event: PointerEvent) => {
      if (!gesture || !('pointerId' in gesture) || gesture.pointerId !== event.pointerId) return;
      const ended = gesture;
      gesture = undefined;
      if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
      const s = song.getState();
      const v = view.getState();
      switch (ended.kind) {
        case 'draw': {
          const { pitch, tick, dur } = ended.preview.drawn!;
          finish(actions.drawNote({ pitch, tick, dur }), ended.preview);
          break;
        }
        case 'move':
          if (ended.preview.dTick !== 0 || ended.preview.dPitch !== 0) finish(actions.moveSelection(ended.preview.dTick, ended.preview.dPitch), ended.preview);
          // A click (no drag) on a note of a larger selection keeps just that note.
          else if (!ended.moved && ended.preview.ids.size > 1) actions.selectNotes([ended.grabbedId]);
          break;
        case 'resize':
          if (ended.preview.dDur !== 0) finish(actions.resizeSelection(ended.preview.dDur), ended.preview);
          break;
        case 'box': {
          const track = activeTrackOf(s, v);
          const box: Rect = rectBetween(ended.from, ended.to);
          if (track) actions.selectNotes(notesInBox(noteIndexOf(s.notes), track.id, v.view, box).map((n) => n.id), ended.additive);
          break;
        }
        case 'ruler':
          if (!ended.moved) actions.seek(Math.round(ended.pressTick));
          break;
      }
      requestPaint();
    };

    const onPointerCancel = (event: PointerEvent) => {
      if (gesture && 'pointerId' in gesture && gesture.pointerId === event.pointerId) gesture = undefined;
      requestPaint();
    };

    const onDoubleClick = (event: MouseEvent) => {
      const { x, y } = local(event);
      // A double click on the ruler ends the loop.
      if (regionAt(x, y) === 'ruler') actions.setLoop(null);
    };

    const updateCursor = (x: number, y: number) => {
      const region = regionAt(x, y);
      let cursor = 'default';
      if (region === 'grid') {
        const s = song.getState();
        const v = view.getState();
        const track = activeTrackOf(s, v);
        const hit = track ? noteAt(noteIndexOf(s.notes), track.id, v.view, x, y) : undefined;
        cursor = hit ? (hit.part === 'end' ? 'ew-resize' : 'move') : v.tool === 'draw' ? 'crosshair' : 'default';
      } else if (region === 'ruler' || region === 'lane') {
        cursor = 'text';
      }
      if (canvas.style.cursor !== cursor) canvas.style.cursor = cursor;
    };

    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { x, y } = local(event);
      const current = view.getState().view;
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      if (event.ctrlKey || event.metaKey) setView(zoomTimeAt(current, Math.exp(-delta / WHEEL_ZOOM_PX), Math.max(KEYS_WIDTH, x)));
      else if (event.altKey) setView(zoomPitchAt(current, Math.exp(-delta / WHEEL_ZOOM_PX), y));
      else if (event.shiftKey) setView({ ...current, scrollTick: current.scrollTick + delta / current.pxPerTick });
      else setView({ ...current, scrollY: current.scrollY + delta, scrollTick: current.scrollTick + event.deltaX / current.pxPerTick });
    };

    canvas.addEventListener('pointerdown', onPointerDown);
    canvas.addEventListener('pointermove', onPointerMove);
    canvas.addEventListener('pointerup', onPointerUp);
    canvas.addEventListener('pointercancel', onPointerCancel);
    canvas.addEventListener('dblclick', onDoubleClick);
    canvas.addEventListener('wheel', onWheel, { passive: false });

    const unsubscribeSong = song.subscribe((state) => {
      positionOnce(state);
      requestPaint();
    });
    const unsubscribeView = view.subscribe((state, before) => {
      // A track picked (in the list, or by a link) brings its notes into view.
      if (state.activeTrackId !== before.activeTrackId && state.activeTrackId && size.height > 0) showTrackNotes(song.getState());
      requestPaint();
    });
    // A read mark comes and goes without the song changing.
    const unsubscribePresence = presence.subscribe((state, before) => {
      if (state.reads !== before.reads) requestPaint();
    });
    const unsubscribePlayer = player?.subscribe((state) => {
      // While playing, the view pages along with the playhead.
      const v = view.getState().view;
      const right = tickOfX(v, size.width - 24);
      if (state.playing && (state.tick > right || state.tick < v.scrollTick)) {
        setView({ ...v, scrollTick: Math.max(0, state.tick - (size.width - KEYS_WIDTH) * 0.1 / v.pxPerTick) });
      }
      requestPaint();
    });
    // The roll paints its colours itself: it takes the theme's now and again when it changes.
    const takeThemeColors = () => {
      readRollColors(themeColor);
      requestPaint();
    };
    const unsubscribeTheme = onThemeChange(takeThemeColors);
    takeThemeColors();

    return () => {
      observer.disconnect();
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('pointercancel', onPointerCancel);
      canvas.removeEventListener('dblclick', onDoubleClick);
      canvas.removeEventListener('wheel', onWheel);
      unsubscribeSong();
      unsubscribeView();
      unsubscribePresence();
      unsubscribePlayer?.();
      unsubscribeTheme();
      if (frame) cancelAnimationFrame(frame);
      if (expiryTimer) clearTimeout(expiryTimer);
    };
  }, [song, view, actions, player, presence]);

  return <canvas ref={canvasRef} className="piano-roll" data-testid="piano-roll" tabIndex={0} aria-label="Piano roll" />;
}
