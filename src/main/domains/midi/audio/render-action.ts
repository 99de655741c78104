/**
 * `render as:PATH.wav`, a session action of the midi domain: the song rendered offline with its
 * SoundFont (the one `load-soundfont` chose, or the default General MIDI one) into a WAV inside
 * the workspace, so an AI, a CI job or a person without speakers gets the sound too. The render
 * runs as a domain task in a worker thread (RENDER_WAV_TASK), never on the core's event loop, and
 * the file is written atomically. It changes nothing in the song, so it leaves no history entry.
 */
import { extname } from 'node:path';
import type { MidiRecord } from '../../../../shared/midi/records';
import { writeFileAtomic } from '../../../core/files';
import type { SessionActionSpec } from '../../../fcp/domain';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { ResolvedPath } from '../../../kernel/paths';
import { defaultSoundFont } from './soundfont-file';

export const RENDER_WAV_TASK = 'renderWav';
const EXAMPLE = 'render as:renders/song.wav';

export interface RenderWavInput {
  records: MidiRecord[];
  soundFont: ResolvedPath;
  out: ResolvedPath;
}

export interface RenderWavOutput {
  bytes: number;
  seconds: number;
  sampleRate: number;
  /** The loudest sample before the file was scaled to avoid clipping (1 is full scale). */
  peak: number;
}

/** The worker's half: renders and writes the file (the old one, or the new one, never a torn one). */
export async function renderWavTask(input: RenderWavInput): Promise<RenderWavOutput> {
  // Loaded here, in the worker, when a song is rendered: the synth stays out of the core's start.
  const { renderSongToWav } = await import('./offline-render');
  const title = input.records.find((r) => r.kind === 'meta')?.title;
  const render = await renderSongToWav(input.records, input.soundFont, title);
  try {
    writeFileAtomic(input.out.abs, render.wav);
  } catch (err) {
    throw new StudioError(ErrorCode.io, `cannot write ${input.out.rel}: ${(err as Error).message}`);
  }
  return { bytes: render.wav.byteLength, seconds: render.seconds, sampleRate: render.sampleRate, peak: render.peak };
}

/** `1:02.5` */
function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
}

export const renderAction: SessionActionSpec<MidiRecord> = {
  name: 'render',
  syntax: 'render as:PATH.wav',
  summary: 'render the song offline with its SoundFont into a WAV file in the workspace (44.1 kHz, 16-bit stereo)',
  async handler(op, ctx) {
    const target = op.params.as;
    const extra = [...op.positionals, ...Object.keys(op.params).filter((k) => k !== 'as')];
    if (!target) throw new StudioError(ErrorCode.missingArg, 'render needs the file to write: as:PATH.wav', EXAMPLE);
    if (extra.length) throw new StudioError(ErrorCode.badParam, `render takes only as:PATH.wav, not ${extra.join(' ')}`, EXAMPLE);
    const out = ctx.resolvePath(target, '.wav');
    const records = ctx.store.snapshot();
    const path = records.find((r) => r.kind === 'meta')?.soundfont;
    const soundFont = path ? ctx.resolvePath(path, extname(path).toLowerCase()) : defaultSoundFont();
    const input: RenderWavInput = { records, soundFont, out };
    const result = (await ctx.offload(RENDER_WAV_TASK, input)) as RenderWavOutput;
    const clipped = result.peak > 1 ? `, scaled down ${(20 * Math.log10(result.peak / 0.99)).toFixed(1)} dB to avoid clipping` : '';
    return [
      `!rendered ${out.rel} (${duration(result.seconds)}, ${result.sampleRate / 1000} kHz 16-bit stereo, ${(result.bytes / 1048576).toFixed(1)} MB, SoundFont ${soundFont.rel}${clipped})`,
    ];
  },
};
