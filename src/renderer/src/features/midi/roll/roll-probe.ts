/**
 * What the piano roll painted last, for the e2e tests and the benchmarks: the active track's notes
 * on screen with their rectangles, and when the frame was painted. A read of the canvas model, so a
 * test can tell a note is drawn (and where) without reading pixels.
 */
import type { PaintedLyric, PaintedNote, PaintedRoll, RollScene } from './paint';

export interface RollFrame {
  /** Counts frames from 1. */
  frame: number;
  /** `performance.timeOrigin + performance.now()` when it was painted. */
  paintedAt: number;
  /** How long painting it took (ms). */
  paintMs: number;
  activeTrackId?: string;
  notes: readonly PaintedNote[];
  /** Its lyrics on screen, with where they are painted. */
  lyrics: readonly PaintedLyric[];
  /** The canvas size in CSS px and its position on the page. */
  bounds: { left: number; top: number; width: number; height: number };
  view: RollScene['view'];
  playheadTick: number;
  loop: RollScene['loop'];
}

declare global {
  interface Window {
    /** The last frame the piano roll painted (see roll-probe.ts). */
    tandemMusicRoll?: RollFrame;
  }
}

/** Fired on `window` right after each paint, inside the animation frame that shows it. */
export const ROLL_PAINTED_EVENT = 'tandem-roll-painted';

let frame = 0;

export function publishFrame(canvas: HTMLCanvasElement, { notes, lyrics }: PaintedRoll, scene: RollScene, paintMs: number): void {
  const box = canvas.getBoundingClientRect();
  window.tandemMusicRoll = {
    frame: ++frame,
    paintedAt: performance.timeOrigin + performance.now(),
    paintMs,
    activeTrackId: scene.activeTrackId,
    notes,
    lyrics,
    bounds: { left: box.left, top: box.top, width: box.width, height: box.height },
    view: scene.view,
    playheadTick: scene.playheadTick,
    loop: scene.loop,
  };
  canvas.dataset.notesPainted = String(notes.length);
  window.dispatchEvent(new Event(ROLL_PAINTED_EVENT));
}
