/**
 * The midi domain: songs edited through the verb DSL of midi-reference.md. One table of verbs,
 * one of queries, the card vocabulary, the model, the file format (Standard MIDI Files) and the
 * session action `load-soundfont`.
 */
import { commonQueries } from '../../fcp/common-queries';
import type { DocumentSummary, FcpDomain } from '../../fcp/domain';
import { ErrorCode, StudioError } from '../../kernel/errors';
import type { ResolvedPath } from '../../kernel/paths';
import { RENDER_WAV_TASK, renderAction, renderWavTask } from './audio/render-action';
import { soundFontAsset } from './audio/soundfont-file';
import { PREFIX_LEGEND, cardSections } from './card';
import { readMidiFile, writeMidiFile } from './midi-file';
import { DEFAULT_PPQN, DEFAULT_TEMPO } from '../../../shared/midi/records';
import { MAX_NAME_LENGTH, MAX_PPQN, MIN_PPQN, type MidiRecord, type MidiStore, type MidiTempoRecord } from './model';
import { midiQueries } from './queries';
import { INSPECT_SOUNDFONT_TASK, inspectSoundfont, loadSoundfontAction } from './soundfont';
import { indexOf } from './store-index';
import { parseIntIn, parseKey, parseTempo, parseTimeSig } from './values';
import { midiWarnings } from './warnings';
import { editingVerbs } from './verbs/editing';
import { noteVerbs } from './verbs/notes';
import { songVerbs } from './verbs/song';
import { trackVerbs } from './verbs/tracks';

export const midiVerbs = [...noteVerbs, ...trackVerbs, ...songVerbs, ...editingVerbs];

const NEW_PARAMS = ['tempo', 'time-sig', 'key', 'ppqn'];

/**
 * meta, and the tempo, time signature and key at 1.1 (every song has them, so a file always
 * carries them at tick 0 and reading it back adds nothing). Takes tempo: time-sig: key: ppqn:.
 */
export function createMidiModel(title: string, params: Record<string, string>): MidiRecord[] {
  for (const key of Object.keys(params)) {
    if (!NEW_PARAMS.includes(key)) throw new StudioError(ErrorCode.badParam, `a new song does not take ${key}:`, 'new "Title" tempo:120 time-sig:4/4 key:C-major ppqn:480');
  }
  if (title.length > MAX_NAME_LENGTH) throw new StudioError(ErrorCode.badParam, `a title has at most ${MAX_NAME_LENGTH} characters`, 'new "My Song"');
  const ppqn = params.ppqn !== undefined ? parseIntIn('ppqn', params.ppqn, MIN_PPQN, MAX_PPQN, String(DEFAULT_PPQN)) : DEFAULT_PPQN;
  if (ppqn % 8 !== 0) throw new StudioError(ErrorCode.badParam, `ppqn:${ppqn} is not a multiple of 8 (a 32nd note would not be a whole number of ticks)`, `ppqn:${Math.round(ppqn / 8) * 8 || 24}`);
  const bpm = params.tempo !== undefined ? parseTempo(params.tempo, 'tempo') : DEFAULT_TEMPO;
  const { numerator, denominator } = params['time-sig'] !== undefined ? parseTimeSig(params['time-sig'], 'time-sig') : { numerator: 4, denominator: 4 };
  const { key, mode } = params.key !== undefined ? parseKey(params.key) : { key: 'C', mode: 'major' as const };
  return [
    { id: 'meta', kind: 'meta', title, ppqn, nextOrder: 4 },
    { id: 'tp1', kind: 'tempo', tick: 0, bpm },
    { id: 'ts2', kind: 'timesig', tick: 0, numerator, denominator },
    { id: 'ks3', kind: 'keysig', tick: 0, key, mode },
  ];
}

/** `hash:3f2a1c tracks:2 notes:47`: the song's content hash (see store-index.ts) and its counts. */
export function midiDigest(store: MidiStore): string {
  const index = indexOf(store);
  return `hash:${index.hash()} tracks:${index.tracks.size} notes:${index.noteCount}`;
}

/** `2 tracks, 47 notes, 120 bpm`, for the project map (the tempo at the start of the song). */
export function midiSummary(store: MidiStore): DocumentSummary {
  const index = indexOf(store);
  const tracks = index.tracks.size;
  const notes = index.noteCount;
  const bpm = store.all<MidiTempoRecord>('tempo').sort((a, b) => a.tick - b.tick)[0]?.bpm ?? DEFAULT_TEMPO;
  return { summary: `${tracks} track${tracks === 1 ? '' : 's'}, ${notes} note${notes === 1 ? '' : 's'}, ${bpm} bpm`, counts: { tracks, notes } };
}

export const midiDomain: FcpDomain<MidiRecord> = {
  name: 'midi',
  title: 'MIDI song',
  fileExtension: '.mid',
  fileEncoding: 'binary',
  exampleFile: 'songs/demo.mid',
  channels: { assets: [soundFontAsset] },
  apps: [
    {
      view: 'roll',
      title: 'Piano roll',
      description: "The live song's notes track by track, the AI's edits marked; click to draw a note or select one, Play to hear it.",
      shownBy: ['midi'],
    },
  ],
  newParams: '[tempo:BPM] [time-sig:N/D] [key:K-mode] [ppqn:N]',
  verbs: midiVerbs,
  queries: [...midiQueries, ...commonQueries],
  sections: cardSections,
  prefixLegend: PREFIX_LEGEND,
  createModel: createMidiModel,
  titleOf: (store) => indexOf(store).meta.title,
  digest: midiDigest,
  warnings: midiWarnings,
  readFile: readMidiFile,
  writeFile: writeMidiFile,
  tasks: { [INSPECT_SOUNDFONT_TASK]: (file: ResolvedPath) => inspectSoundfont(file), [RENDER_WAV_TASK]: renderWavTask },
  sessionActions: [loadSoundfontAction, renderAction],
  summarize: midiSummary,
};
