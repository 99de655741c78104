/**
 * Paints the piano roll on a canvas: the rows and the bar/beat grid, the loop region, the other
 * tracks' notes as ghosts, the active track's notes coloured by velocity and its lyrics under
 * them, what a gesture is doing,
 * the highlight of someone else's fresh edit with their name, the playhead, the keyboard, the ruler
 * and the conductor lane. Only the window on screen is drawn (see model/note-index.ts).
 *
 * Answers what it painted of the active track: the canvas model the tests and benchmarks read.
 */
import type {
  MidiKeySigRecord,
  MidiMarkerRecord,
  MidiNoteRecord,
  MidiProgramRecord,
  MidiTempoRecord,
  MidiTextRecord,
  MidiTimeSigRecord,
} from '../../../../../shared/midi/records';
import { originColor } from '../../../common/origin';
import type { RecordChange } from '../../../stores/document-store';
import { programLabel } from '../model/instruments';
import { forEachNoteIn, trackNotes, type NoteIndex } from '../model/note-index';
import { isBlackKey, velocityColor } from '../model/pitch';
import { pitchName } from '../../../../../shared/midi/pitches';
import { gridDensity, gridLines } from '../model/timeline';
import type { Meter } from '../../../../../shared/midi/meter';
import type { LoopRegion } from '../playback/player-api';
import {
  HEADER_HEIGHT,
  KEYS_WIDTH,
  LANE_HEIGHT,
  RULER_HEIGHT,
  visiblePitches,
  visibleTicks,
  xOfTick,
  yOfPitch,
  type Rect,
  type RollSize,
  type RollView,
} from './geometry';

/** What a gesture in progress shows: the selection moved or resized, or the note being drawn. */
export interface RollPreview {
  ids: ReadonlySet<string>;
  dTick: number;
  dPitch: number;
  dDur: number;
  drawn?: { pitch: number; tick: number; dur: number; vel: number };
}

export interface Conductor {
  tempos: readonly MidiTempoRecord[];
  timeSigs: readonly MidiTimeSigRecord[];
  keySigs: readonly MidiKeySigRecord[];
  markers: readonly MidiMarkerRecord[];
}

export interface RollScene {
  size: RollSize;
  view: RollView;
  meter: Meter;
  index: NoteIndex;
  /** Every track, in display order; the active one is drawn over the others. */
  trackIds: readonly string[];
  activeTrackId?: string;
  /** Names the keys (drum names on a drum track). */
  keyName(pitch: number): string;
  selection: ReadonlySet<string>;
  preview?: RollPreview;
  box?: Rect;
  /** The fresh change by someone else of a record (a note, a conductor event), if any. */
  highlight(id: string): RecordChange | undefined;
  /** The AI client that just read a note, if any (presence). */
  readBy(id: string): string | undefined;
  conductor: Conductor;
  /** The active track's lyrics, by tick. */
  lyrics: readonly MidiTextRecord[];
  /** The active track's instrument changes after its start, and whether it is a drum track (their names are kits). */
  programs: readonly MidiProgramRecord[];
  drums: boolean;
  playheadTick: number;
  playing: boolean;
  cursorTick: number;
  loop: LoopRegion | null;
  gridStep: number;
}

export interface PaintedNote {
  id: string;
  pitch: number;
  tick: number;
  dur: number;
  vel: number;
  x: number;
  y: number;
  w: number;
  h: number;
  selected: boolean;
  /** Who made the change highlighted on it. */
  highlightedBy?: string;
  /** Which AI client just read it. */
  readBy?: string;
}

/** A lyric as painted: under the note of the active track that starts at its tick, else on the roll's bottom line. */
export interface PaintedLyric {
  id: string;
  text: string;
  tick: number;
  /** The note it is under, if one starts at its tick. */
  noteId?: string;
  /** Where its text starts (left, middle), in canvas px. */
  x: number;
  y: number;
}

/** What one paint drew of the active track. */
export interface PaintedRoll {
  notes: PaintedNote[];
  lyrics: PaintedLyric[];
}

/** The roll's colours: the light theme's until readRollColors takes the theme's from app/theme.css. */
const COLORS = {
  whiteRow: '#ffffff',
  blackRow: '#f1f3f6',
  octaveLine: '#d9dee4',
  bar: '#9aa3ad',
  beat: '#d3d8de',
  step: '#eceef1',
  loop: 'rgba(59, 111, 216, 0.07)',
  loopRuler: 'rgba(59, 111, 216, 0.35)',
  ghost: 'rgba(120, 130, 145, 0.28)',
  noteBorder: 'rgba(20, 30, 45, 0.55)',
  selected: '#1f2933',
  playhead: '#d8453b',
  cursor: '#3b6fd8',
  header: '#f7f8fa',
  headerLine: '#e3e6ea',
  text: '#1f2933',
  muted: '#66717d',
  keyText: '#66717d',
  whiteKey: '#ffffff',
  blackKey: '#2d333b',
  box: 'rgba(59, 111, 216, 0.12)',
  boxLine: '#3b6fd8',
  lyric: '#7a3db8',
};

/** Which CSS custom property (app/theme.css, one value per theme) gives each of the roll's colours. */
const THEME_PROPERTIES: Partial<Record<keyof typeof COLORS, string>> = {
  whiteRow: '--roll-white-row',
  blackRow: '--roll-black-row',
  octaveLine: '--roll-octave-line',
  bar: '--roll-bar',
  beat: '--roll-beat',
  step: '--roll-step',
  noteBorder: '--roll-note-border',
  selected: '--roll-selected',
  header: '--roll-header',
  headerLine: '--line',
  text: '--text',
  muted: '--muted',
  whiteKey: '--roll-white-key',
  keyText: '--roll-key-text',
  blackKey: '--roll-black-key',
  lyric: '--roll-lyric',
};

/** Takes the theme's colours (read gives a custom property's value; an empty one keeps the colour). */
export function readRollColors(read: (property: string) => string): void {
  for (const [key, property] of Object.entries(THEME_PROPERTIES) as [keyof typeof COLORS, string][]) {
    const value = read(property);
    if (value) COLORS[key] = value;
  }
}

const FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function paintRows(ctx: CanvasRenderingContext2D, scene: RollScene): void {
  const { view, size } = scene;
  const { low, high } = visiblePitches(view, size);
  for (let pitch = low; pitch <= high; pitch++) {
    const y = yOfPitch(view, pitch);
    ctx.fillStyle = isBlackKey(pitch) ? COLORS.blackRow : COLORS.whiteRow;
    ctx.fillRect(KEYS_WIDTH, y, size.width - KEYS_WIDTH, view.keyHeight);
    if (pitch % 12 === 0) {
      ctx.fillStyle = COLORS.octaveLine;
      ctx.fillRect(KEYS_WIDTH, y + view.keyHeight - 1, size.width - KEYS_WIDTH, 1);
    }
  }
}

function paintGrid(ctx: CanvasRenderingContext2D, scene: RollScene, top: number, bottom: number, withSteps: boolean): void {
  const { view, size, meter } = scene;
  const { from, to } = visibleTicks(view, size);
  const density = gridDensity(meter, view.pxPerTick, withSteps ? scene.gridStep : 0);
  for (const line of gridLines(meter, from, to, density)) {
    ctx.fillStyle = line.level === 'bar' ? COLORS.bar : line.level === 'beat' ? COLORS.beat : COLORS.step;
    ctx.fillRect(Math.round(xOfTick(view, line.tick)), top, 1, bottom - top);
  }
}

function paintLoop(ctx: CanvasRenderingContext2D, scene: RollScene): void {
  if (!scene.loop) return;
  const x0 = Math.max(KEYS_WIDTH, xOfTick(scene.view, scene.loop.startTick));
  const x1 = xOfTick(scene.view, scene.loop.endTick);
  if (x1 <= x0) return;
  ctx.fillStyle = COLORS.loop;
  ctx.fillRect(x0, HEADER_HEIGHT, x1 - x0, scene.size.height - HEADER_HEIGHT);
  ctx.fillStyle = COLORS.loopRuler;
  ctx.fillRect(x0, 0, x1 - x0, 5);
}

function noteRect(view: RollView, tick: number, dur: number, pitch: number): { x: number; y: number; w: number; h: number } {
  const x = xOfTick(view, tick);
  return { x, y: yOfPitch(view, pitch) + 1, w: Math.max(2, dur * view.pxPerTick - 1), h: Math.max(2, view.keyHeight - 2) };
}

function paintGhosts(ctx: CanvasRenderingContext2D, scene: RollScene, from: number, to: number): void {
  ctx.fillStyle = COLORS.ghost;
  ctx.beginPath();
  for (const trackId of scene.trackIds) {
    if (trackId === scene.activeTrackId) continue;
    forEachNoteIn(trackNotes(scene.index, trackId), from, to, (note) => {
      const r = noteRect(scene.view, note.tick, note.dur, note.pitch);
      ctx.rect(r.x, r.y, r.w, r.h);
    });
  }
  ctx.fill();
}

/** Where a note shows while a gesture moves or resizes it. */
function shown(note: MidiNoteRecord, preview: RollPreview | undefined): { tick: number; pitch: number; dur: number } {
  if (!preview || !preview.ids.has(note.id)) return note;
  return { tick: note.tick + preview.dTick, pitch: note.pitch + preview.dPitch, dur: Math.max(1, note.dur + preview.dDur) };
}

/** Velocities share a colour four at a time: no eye tells them apart, and a zoomed-out roll fills 32 paths, not 127. */
const VELOCITY_SHADE = 4;
const VELOCITY_COLORS = Array.from({ length: 128 / VELOCITY_SHADE }, (_, shade) => velocityColor(Math.max(1, shade * VELOCITY_SHADE + VELOCITY_SHADE / 2)));

/** Notes narrower or lower than this (px) are drawn without a border: at that size it would hide the colour. */
const BORDER_MIN_PX = 4;

/**
 * The active track's notes: filled by velocity, one path per velocity, then the borders in one
 * stroke, so a zoomed-out roll with thousands of notes costs a few draw calls, not thousands.
 */
function paintNotes(ctx: CanvasRenderingContext2D, scene: RollScene, from: number, to: number): PaintedNote[] {
  const painted: PaintedNote[] = [];
  if (!scene.activeTrackId) return painted;
  const { view, preview } = scene;
  // A moved note may come from outside the window: widen it by how far the gesture moves notes.
  const reach = preview ? Math.abs(preview.dTick) + Math.abs(preview.dDur) : 0;
  const { low, high } = visiblePitches(view, scene.size);
  forEachNoteIn(trackNotes(scene.index, scene.activeTrackId), from - reach, to + reach, (note) => {
    const at = shown(note, preview);
    if (at.pitch < low - 1 || at.pitch > high + 1 || at.tick >= to || at.tick + at.dur <= from) return;
    const r = noteRect(view, at.tick, at.dur, at.pitch);
    const change = scene.highlight(note.id);
    const readBy = scene.readBy(note.id);
    painted.push({ id: note.id, pitch: at.pitch, tick: at.tick, dur: at.dur, vel: note.vel, ...r, selected: scene.selection.has(note.id), highlightedBy: change?.origin, ...(readBy ? { readBy } : {}) });
  });

  const byShade = new Map<number, PaintedNote[]>();
  for (const note of painted) {
    const shade = Math.min(VELOCITY_COLORS.length - 1, Math.floor(note.vel / VELOCITY_SHADE));
    const group = byShade.get(shade);
    if (group) group.push(note);
    else byShade.set(shade, [note]);
  }
  for (const [shade, group] of byShade) {
    ctx.fillStyle = VELOCITY_COLORS[shade];
    ctx.beginPath();
    for (const n of group) ctx.rect(n.x, n.y, n.w, n.h);
    ctx.fill();
  }
  const outline = (notes: readonly PaintedNote[], color: string, width: number) => {
    if (notes.length === 0) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    for (const n of notes) ctx.rect(n.x + 0.5, n.y + 0.5, n.w - 1, n.h - 1);
    ctx.stroke();
  };
  outline(painted.filter((n) => !n.selected && n.w >= BORDER_MIN_PX && n.h >= BORDER_MIN_PX), COLORS.noteBorder, 1);
  outline(painted.filter((n) => n.selected), COLORS.selected, 2);
  const labelled: Array<{ x: number; y: number; origin: string }> = [];
  for (const n of painted) {
    if (!n.highlightedBy) continue;
    ctx.strokeStyle = originColor(n.highlightedBy);
    ctx.lineWidth = 2;
    ctx.strokeRect(n.x - 2, n.y - 2, n.w + 4, n.h + 4);
    labelled.push({ x: n.x, y: n.y, origin: n.highlightedBy });
  }
  // What an AI client read: dashed, unlike the solid outline of an edit.
  const read: Array<{ x: number; y: number; origin: string }> = [];
  ctx.setLineDash([4, 3]);
  for (const n of painted) {
    if (!n.readBy || n.highlightedBy) continue;
    ctx.strokeStyle = originColor(n.readBy);
    ctx.lineWidth = 2;
    ctx.strokeRect(n.x - 3, n.y - 3, n.w + 6, n.h + 6);
    read.push({ x: n.x, y: n.y, origin: n.readBy });
  }
  ctx.setLineDash([]);

  if (preview?.drawn) {
    const d = preview.drawn;
    const r = noteRect(view, d.tick, d.dur, d.pitch);
    ctx.globalAlpha = 0.6;
    ctx.fillStyle = velocityColor(d.vel);
    ctx.fillRect(r.x, r.y, r.w, r.h);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = COLORS.selected;
    ctx.lineWidth = 1;
    ctx.strokeRect(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1);
  }
  paintOriginTags(ctx, labelled);
  paintOriginTags(ctx, read, 'read by ');
  return painted;
}

/** One tag per origin, over the first of its fresh notes: who just made (or read) this. */
function paintOriginTags(ctx: CanvasRenderingContext2D, labelled: ReadonlyArray<{ x: number; y: number; origin: string }>, prefix = ''): void {
  const seen = new Set<string>();
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  for (const { x, y, origin } of labelled) {
    if (seen.has(origin)) continue;
    seen.add(origin);
    const text = prefix + origin;
    const width = ctx.measureText(text).width + 10;
    const top = Math.max(HEADER_HEIGHT, y - 18);
    ctx.fillStyle = originColor(origin);
    ctx.fillRect(x, top, width, 15);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(text, x + 5, top + 8);
  }
}

function paintKeyboard(ctx: CanvasRenderingContext2D, scene: RollScene): void {
  const { view, size } = scene;
  const { low, high } = visiblePitches(view, size);
  ctx.fillStyle = COLORS.whiteKey;
  ctx.fillRect(0, HEADER_HEIGHT, KEYS_WIDTH, size.height - HEADER_HEIGHT);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  for (let pitch = low; pitch <= high; pitch++) {
    const y = yOfPitch(view, pitch);
    if (isBlackKey(pitch)) {
      ctx.fillStyle = COLORS.blackKey;
      ctx.fillRect(0, y, KEYS_WIDTH * 0.6, view.keyHeight);
    } else {
      ctx.fillStyle = COLORS.octaveLine;
      ctx.fillRect(0, y + view.keyHeight - 1, KEYS_WIDTH, 1);
    }
    const name = scene.keyName(pitch);
    const labelled = pitch % 12 === 0 || (view.keyHeight >= 12 && name !== pitchName(pitch));
    if (labelled && view.keyHeight >= 8) {
      ctx.fillStyle = isBlackKey(pitch) ? '#ffffff' : COLORS.keyText;
      ctx.fillText(name, 4, y + view.keyHeight / 2, KEYS_WIDTH - 8);
    }
  }
  ctx.fillStyle = COLORS.headerLine;
  ctx.fillRect(KEYS_WIDTH - 1, HEADER_HEIGHT, 1, size.height - HEADER_HEIGHT);
}

function paintRuler(ctx: CanvasRenderingContext2D, scene: RollScene): void {
  const { view, size, meter } = scene;
  ctx.fillStyle = COLORS.header;
  ctx.fillRect(0, 0, size.width, HEADER_HEIGHT);
  paintGrid(ctx, scene, RULER_HEIGHT - 6, RULER_HEIGHT, false);
  const { from, to } = visibleTicks(view, size);
  const density = gridDensity(meter, view.pxPerTick, 0, 28);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = COLORS.text;
  for (const line of gridLines(meter, from, to, { ...density, beats: false, step: 0 })) {
    ctx.fillText(String(line.bar), xOfTick(view, line.tick) + 3, RULER_HEIGHT / 2);
  }
  ctx.fillStyle = COLORS.headerLine;
  ctx.fillRect(0, RULER_HEIGHT, size.width, 1);
  ctx.fillRect(0, HEADER_HEIGHT - 1, size.width, 1);
}

/** Lane labels and lyrics closer than this (px) to the one before would overlap: the later one is left out at this zoom. */
const LABEL_GAP_PX = 4;

/** The conductor lane: tempo, time signature, key and the active track's instrument changes along the top, markers below. */
function paintLane(ctx: CanvasRenderingContext2D, scene: RollScene): void {
  const { view, size, conductor } = scene;
  const row1 = RULER_HEIGHT + LANE_HEIGHT * 0.28;
  const row2 = RULER_HEIGHT + LANE_HEIGHT * 0.74;
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  // Where each row is free again: a label that would overlap the one before it is left out at this zoom.
  const freeFrom = new Map<number, number>();
  const label = (tick: number, text: string, y: number, color: string, highlighted?: RecordChange) => {
    const x = xOfTick(view, tick);
    if (x > size.width || x < KEYS_WIDTH - 200 || x < (freeFrom.get(y) ?? -Infinity)) return;
    ctx.fillStyle = highlighted ? originColor(highlighted.origin) : color;
    ctx.fillRect(x, y - 6, 2, 12);
    ctx.fillText(text, x + 5, y);
    freeFrom.set(y, x + 5 + ctx.measureText(text).width + LABEL_GAP_PX);
  };
  // Events at one tick share a label, so they never print over each other.
  const top = new Map<number, { parts: string[]; id: string }>();
  const add = (tick: number, text: string, id: string) => {
    const at = top.get(tick);
    if (at) at.parts.push(text);
    else top.set(tick, { parts: [text], id });
  };
  for (const t of conductor.tempos) add(t.tick, `♩=${Math.round(t.bpm * 100) / 100}`, t.id);
  for (const t of conductor.timeSigs) add(t.tick, `${t.numerator}/${t.denominator}`, t.id);
  for (const k of conductor.keySigs) add(k.tick, k.mode === 'minor' ? `${k.key}m` : k.key, k.id);
  for (const p of scene.programs) add(p.tick, `♪ ${programLabel(p.program, p.channel === undefined ? scene.drums : p.channel === 10)}`, p.id);
  for (const [tick, { parts, id }] of [...top].sort((a, b) => a[0] - b[0])) label(tick, parts.join('  '), row1, COLORS.muted, scene.highlight(id));
  for (const m of conductor.markers) label(m.tick, m.text, row2, COLORS.cursor, scene.highlight(m.id));
}

/**
 * The active track's lyrics in the window, each under the lowest note that starts at its tick (its
 * syllable), or on the bottom line of the roll where no note starts there.
 */
function paintLyrics(ctx: CanvasRenderingContext2D, scene: RollScene, notes: readonly PaintedNote[], from: number, to: number): PaintedLyric[] {
  const painted: PaintedLyric[] = [];
  if (scene.lyrics.length === 0) return painted;
  const lowestAt = new Map<number, PaintedNote>();
  for (const note of notes) {
    const at = lowestAt.get(note.tick);
    if (!at || note.pitch < at.pitch) lowestAt.set(note.tick, note);
  }
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = COLORS.lyric;
  let freeFrom = -Infinity;
  for (const lyric of scene.lyrics) {
    if (lyric.tick < from || lyric.tick >= to) continue;
    const text = lyric.text.replace(/[\r\n/\\]+/g, ' ').trim();
    if (!text) continue;
    const note = lowestAt.get(lyric.tick);
    const x = note ? note.x : xOfTick(scene.view, lyric.tick);
    if (x < freeFrom) continue;
    const y = note ? note.y + note.h + 7 : scene.size.height - 8;
    ctx.fillText(text, x, y);
    freeFrom = x + ctx.measureText(text).width + LABEL_GAP_PX;
    painted.push({ id: lyric.id, text, tick: lyric.tick, x, y, ...(note ? { noteId: note.id } : {}) });
  }
  return painted;
}

function paintLine(ctx: CanvasRenderingContext2D, scene: RollScene, tick: number, color: string, dashed: boolean): void {
  const x = Math.round(xOfTick(scene.view, tick));
  if (x < KEYS_WIDTH || x > scene.size.width) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = dashed ? 1 : 2;
  ctx.setLineDash(dashed ? [4, 3] : []);
  ctx.beginPath();
  ctx.moveTo(x + 0.5, dashed ? HEADER_HEIGHT : 0);
  ctx.lineTo(x + 0.5, scene.size.height);
  ctx.stroke();
  ctx.setLineDash([]);
  if (!dashed) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(x - 5, 0);
    ctx.lineTo(x + 6, 0);
    ctx.lineTo(x + 0.5, 7);
    ctx.fill();
  }
}

export function paintRoll(ctx: CanvasRenderingContext2D, scene: RollScene): PaintedRoll {
  const { size, view } = scene;
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(KEYS_WIDTH, HEADER_HEIGHT, size.width - KEYS_WIDTH, size.height - HEADER_HEIGHT);
  ctx.clip();
  paintRows(ctx, scene);
  paintGrid(ctx, scene, HEADER_HEIGHT, size.height, true);
  paintLoop(ctx, scene);
  const { from, to } = visibleTicks(view, size);
  paintGhosts(ctx, scene, from, to);
  const painted = paintNotes(ctx, scene, from, to);
  const lyrics = paintLyrics(ctx, scene, painted, from, to);
  if (scene.box) {
    ctx.fillStyle = COLORS.box;
    ctx.fillRect(scene.box.x, scene.box.y, scene.box.w, scene.box.h);
    ctx.strokeStyle = COLORS.boxLine;
    ctx.lineWidth = 1;
    ctx.strokeRect(scene.box.x + 0.5, scene.box.y + 0.5, scene.box.w, scene.box.h);
  }
  ctx.restore();
  paintKeyboard(ctx, scene);
  ctx.save();
  ctx.beginPath();
  ctx.rect(KEYS_WIDTH, 0, size.width - KEYS_WIDTH, HEADER_HEIGHT);
  ctx.clip();
  paintRuler(ctx, scene);
  paintLoop(ctx, { ...scene, size: { ...size, height: HEADER_HEIGHT } });
  paintLane(ctx, scene);
  ctx.restore();
  ctx.fillStyle = COLORS.header;
  ctx.fillRect(0, 0, KEYS_WIDTH, HEADER_HEIGHT);
  ctx.save();
  ctx.beginPath();
  ctx.rect(KEYS_WIDTH, 0, size.width - KEYS_WIDTH, size.height);
  ctx.clip();
  if (!scene.playing || scene.cursorTick !== scene.playheadTick) paintLine(ctx, scene, scene.cursorTick, COLORS.cursor, true);
  paintLine(ctx, scene, scene.playheadTick, COLORS.playhead, false);
  ctx.restore();
  return { notes: painted, lyrics };
}
