/**
 * The piano roll inside the chat: the live song's notes painted by the window's own roll painter
 * (renderer/src/features/midi/roll/paint.ts) on one track at a time, the AI's fresh edits marked
 * with its name. A click on the grid draws a note (the window's `note` op, on the bar grid), a
 * click on a note selects it (`@selected` for the AI), and Play plays the song (synth.ts).
 */
import { DEFAULT_PPQN } from '../../shared/midi/records';
import { drumOrPitchName } from '../../shared/midi/pitches';
import { noteOp, trackName } from '../../renderer/src/features/midi/model/ops';
import { noteIndexOf } from '../../renderer/src/features/midi/model/note-index';
import { snapTick } from '../../renderer/src/features/midi/model/timeline';
import { INITIAL_VIEW } from '../../renderer/src/features/midi/editor/view-store';
import { centredOnPitch, pitchOfY, regionAt, tickOfX, type RollSize, type RollView } from '../../renderer/src/features/midi/roll/geometry';
import { noteAt } from '../../renderer/src/features/midi/roll/hit-test';
import { paintRoll } from '../../renderer/src/features/midi/roll/paint';
import {
  applyMidiChanges,
  emptyMidiRecords,
  lyricsOf,
  orderedTracks,
  programsOf,
  songMeter,
  sortedByTick,
  type MidiRecords,
} from '../../renderer/src/features/midi/store/midi-store';
import { ChatView } from '../common/view-app';
import { ChatSynth } from './synth';
import './roll.css';

const canvas = document.getElementById('roll') as HTMLCanvasElement;
const ctx = canvas.getContext('2d')!;
const trackPicker = document.getElementById('track') as HTMLSelectElement;
const playButton = document.getElementById('play') as HTMLButtonElement;
const title = document.getElementById('title')!;

let song: MidiRecords = emptyMidiRecords();
let activeTrackId: string | undefined;
let selection = new Set<string>();
let roll: RollView = INITIAL_VIEW;
let centred = false;
const synth = new ChatSynth();

const view = new ChatView({
  domain: 'midi',
  uri: 'ui://tandem/midi/roll',
  reset(records, name) {
    song = applyMidiChanges(emptyMidiRecords(), records, []);
    title.textContent = name;
    centred = false;
  },
  apply(changes) {
    for (const change of changes) song = applyMidiChanges(song, change.put ?? [], change.removed ?? []);
  },
  draw,
});

const size = (): RollSize => ({ width: canvas.clientWidth, height: canvas.clientHeight });
const activeTrack = () => (activeTrackId && song.tracks.get(activeTrackId)) || orderedTracks(song)[0];

function draw(): void {
  const tracks = orderedTracks(song);
  const track = activeTrack();
  activeTrackId = track?.id;
  trackPicker.replaceChildren(...tracks.map((t) => new Option(t.name || `Track ${t.order + 1}`, t.id, false, t.id === track?.id)));
  if (song.meta?.title) title.textContent = song.meta.title;
  const { width, height } = size();
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  if (!centred && track) {
    const pitches = [...song.notes.values()].filter((n) => n.trackId === track.id).map((n) => n.pitch);
    roll = centredOnPitch({ ...INITIAL_VIEW, pxPerTick: 24 / (song.meta?.ppqn ?? DEFAULT_PPQN) }, { width, height }, pitches.length ? Math.round(pitches.reduce((a, b) => a + b) / pitches.length) : 60);
    centred = true;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const painted = paintRoll(ctx, {
    size: { width, height },
    view: roll,
    meter: songMeter(song),
    index: noteIndexOf(song.notes),
    trackIds: tracks.map((t) => t.id),
    activeTrackId: track?.id,
    keyName: (pitch) => drumOrPitchName(pitch, track?.drums ?? false),
    selection,
    highlight: (id) => view.freshMark(id),
    readBy: () => undefined,
    conductor: { tempos: sortedByTick(song.tempos), timeSigs: sortedByTick(song.timeSigs), keySigs: sortedByTick(song.keySigs), markers: sortedByTick(song.markers) },
    lyrics: lyricsOf(song, track),
    programs: programsOf(song, track),
    drums: track?.drums ?? false,
    playheadTick: 0,
    playing: synth.playing,
    cursorTick: 0,
    loop: null,
    gridStep: song.meta?.ppqn ?? DEFAULT_PPQN,
  });
  // What was painted, for a person's assistive tools and the tests: each note with who last changed it.
  canvas.dataset.notes = JSON.stringify(painted.notes.map((n) => ({ id: n.id, pitch: n.pitch, tick: n.tick, x: n.x, y: n.y, w: n.w, h: n.h, by: n.highlightedBy })));
}

canvas.addEventListener('click', (event) => {
  const rect = canvas.getBoundingClientRect();
  const [x, y] = [event.clientX - rect.left, event.clientY - rect.top];
  const track = activeTrack();
  if (!track || regionAt(x, y) !== 'grid') return;
  const hit = noteAt(noteIndexOf(song.notes), track.id, roll, x, y);
  if (hit) {
    selection = selection.has(hit.note.id) ? new Set() : new Set([hit.note.id]);
    draw();
    void view.select([...selection]);
    return;
  }
  const meter = songMeter(song);
  const beat = meter.ppqn;
  const note = { pitch: pitchOfY(roll, y), tick: snapTick(meter, Math.max(0, tickOfX(roll, x)), beat, 'floor'), dur: beat, vel: 96 };
  void view.callAsPerson('midi', { ops: [noteOp(trackName(orderedTracks(song), track), note, meter)] });
});

trackPicker.addEventListener('change', () => {
  activeTrackId = trackPicker.value;
  centred = false;
  draw();
});

playButton.addEventListener('click', async () => {
  if (synth.playing) {
    await synth.stop();
    playButton.textContent = 'Play';
    return;
  }
  const notes = await synth.play(song);
  playButton.textContent = notes ? 'Stop' : 'Play';
  playButton.dataset.scheduled = String(notes);
});

new ResizeObserver(() => draw()).observe(canvas);

void view.connect();
