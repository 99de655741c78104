/**
 * Reads 16-bit PCM WAV files and measures their loudness over time: how the tests and the
 * benchmark check a render (sound where notes are, silence where none, the right length) without
 * trusting the writer that made it.
 */

export interface PcmAudio {
  sampleRate: number;
  /** One array per channel, samples in -1..1. */
  channels: Float32Array[];
  seconds: number;
}

function fourCC(view: DataView, offset: number): string {
  return String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
}

/** Parses RIFF/WAVE with a PCM `fmt ` chunk of 16 bits; throws on anything else. */
export function readWav(bytes: Uint8Array): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || fourCC(view, 0) !== 'RIFF' || fourCC(view, 8) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  if (view.getUint32(4, true) + 8 !== bytes.length) throw new Error(`RIFF size ${view.getUint32(4, true) + 8} does not match the file size ${bytes.length}`);
  let format: { channels: number; sampleRate: number; bits: number } | undefined;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = fourCC(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (view.getUint16(body, true) !== 1) throw new Error('not PCM');
      format = { channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
      if (format.bits !== 16) throw new Error(`${format.bits}-bit samples; expected 16`);
    } else if (id === 'data') {
      if (!format) throw new Error('data before fmt');
      if (body + size > bytes.length) throw new Error('data chunk runs past the end of the file');
      const frames = size / (2 * format.channels);
      const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
      for (let frame = 0; frame < frames; frame++) {
        for (let c = 0; c < format.channels; c++) channels[c][frame] = view.getInt16(body + (frame * format.channels + c) * 2, true) / 32768;
      }
      return { sampleRate: format.sampleRate, channels, seconds: frames / format.sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Root mean square of every channel between two times (seconds). */
export function rmsBetween(audio: PcmAudio, fromSeconds: number, toSeconds: number): number {
  const from = Math.max(0, Math.floor(fromSeconds * audio.sampleRate));
  const to = Math.min(audio.channels[0].length, Math.ceil(toSeconds * audio.sampleRate));
  let sum = 0;
  let count = 0;
  for (const channel of audio.channels) {
    for (let i = from; i < to; i++) sum += channel[i] * channel[i];
    count += Math.max(0, to - from);
  }
  return count ? Math.sqrt(sum / count) : 0;
}

/** The first time at or after `fromSeconds` where a sample reaches `threshold`, or undefined. */
export function firstSoundAfter(audio: PcmAudio, fromSeconds: number, threshold = 0.01): number | undefined {
  for (let i = Math.floor(fromSeconds * audio.sampleRate); i < audio.channels[0].length; i++) {
    if (audio.channels.some((channel) => Math.abs(channel[i]) >= threshold)) return i / audio.sampleRate;
  }
  return undefined;
}
