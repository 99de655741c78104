/**
 * Songs as records for tests and benchmarks of playback and rendering (the midi domain's verbs
 * build the same records; these need no core).
 */
import type { MidiMetaRecord, MidiNoteRecord, MidiRecord, MidiTrackRecord } from './records';

export const TEST_PPQN = 480;

export function metaRecord(fields: Partial<MidiMetaRecord> = {}): MidiMetaRecord {
  return { id: 'meta', kind: 'meta', title: 'Test song', ppqn: TEST_PPQN, nextOrder: 100, ...fields };
}

export function trackRecord(id: string, channel: number, fields: Partial<MidiTrackRecord> = {}): MidiTrackRecord {
  return { id, kind: 'track', name: id, channel, program: 0, drums: channel === 10, mute: false, solo: false, order: channel, ...fields };
}

let noteCounter = 0;

export function noteRecord(trackId: string, pitch: number, tick: number, dur: number, vel = 100): MidiNoteRecord {
  return { id: `n${++noteCounter}`, kind: 'note', trackId, pitch, tick, dur, vel };
}

/**
 * A song of `minutes` at 120 bpm with `tracks` tracks (the last one drums on channel 10) playing
 * eighth notes, and longer notes on every other track: a dense arrangement for benchmarks.
 */
export function arrangement(minutes: number, tracks: number): MidiRecord[] {
  const records: MidiRecord[] = [metaRecord({ title: `${tracks}-track arrangement` }), { id: 't0', kind: 'tempo', tick: 0, bpm: 120 }];
  const eighth = TEST_PPQN / 2;
  const eighths = Math.floor(minutes * 60 * 4); // 120 bpm: 4 eighths a second
  const programs = [0, 33, 48, 25, 61, 73, 4];
  for (let t = 0; t < tracks; t++) {
    const drums = t === tracks - 1;
    const channel = drums ? 10 : t + 1 >= 10 ? t + 2 : t + 1;
    const id = `track-${t}`;
    records.push(trackRecord(id, channel, { program: drums ? 0 : programs[t % programs.length], drums, order: t }));
    const step = t % 2 === 0 ? 1 : 4; // eighths, or half notes
    for (let i = 0; i < eighths; i += step) {
      const pitch = drums ? [36, 42, 38, 42][i % 4] : 48 + t * 3 + ((i * 7) % 12);
      records.push(noteRecord(id, pitch, i * eighth, step * eighth - 10, 70 + ((i * 13) % 50)));
    }
  }
  return records;
}
