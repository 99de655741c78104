import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MidiRecord } from '../../../../shared/midi/records';
import { metaRecord, noteRecord, trackRecord } from '../../../../shared/midi/test-song';
import { StudioError } from '../../../kernel/errors';
import { EMPTY_SONG, RENDER_TAIL_SECONDS, renderSongToWav } from './offline-render';
import { defaultSoundFont } from './soundfont-file';
import { firstSoundAfter, readWav, rmsBetween } from './wav-reader';

/** Louder than this is sound; quieter is silence (16-bit dither-free silence is exactly 0). */
const SOUND = 0.005;
const SILENCE = 0.0005;

const scratch = mkdtempSync(join(tmpdir(), 'tandem-render-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function render(records: MidiRecord[]) {
  const result = await renderSongToWav(records, defaultSoundFont(), 'Test');
  return { ...result, audio: readWav(result.wav) };
}

/** 120 bpm, ppqn 480: a quarter note is 0.5 s. */
const piano = trackRecord('piano', 1, { program: 0 });

describe('renderSongToWav with the default General MIDI SoundFont', () => {
  it('sounds where the notes are, is silent between them, and lasts the song plus the release tail', async () => {
    // C4 for 0-0.5 s, nothing until 4 s, then E4 for 4-4.5 s.
    const { audio, songSeconds, seconds } = await render([metaRecord(), piano, noteRecord('piano', 60, 0, 480), noteRecord('piano', 64, 3840, 480)]);
    expect(audio.sampleRate).toBe(44_100);
    expect(audio.channels).toHaveLength(2);
    expect(songSeconds).toBeCloseTo(4.5, 6);
    expect(audio.seconds).toBeCloseTo(4.5 + RENDER_TAIL_SECONDS, 3);
    expect(seconds).toBeCloseTo(audio.seconds, 6);

    expect(rmsBetween(audio, 0.05, 0.45)).toBeGreaterThan(SOUND);
    expect(rmsBetween(audio, 2.5, 3.95)).toBeLessThan(SILENCE);
    expect(rmsBetween(audio, 4.05, 4.45)).toBeGreaterThan(SOUND);
    const secondOnset = firstSoundAfter(audio, 2.5)!;
    expect(secondOnset).toBeGreaterThanOrEqual(3.99);
    expect(secondOnset).toBeLessThan(4.05);
  });

  it('times notes with the tempo map: after a change to 60 bpm a beat lasts a second', async () => {
    const { audio, songSeconds } = await render([
      metaRecord(),
      { id: 't1', kind: 'tempo', tick: 0, bpm: 120 },
      { id: 't2', kind: 'tempo', tick: 1920, bpm: 60 },
      piano,
      noteRecord('piano', 60, 0, 240),
      // Two beats into the 60 bpm part: 2 s + 2 s.
      noteRecord('piano', 67, 1920 + 960, 480),
    ]);
    expect(songSeconds).toBeCloseTo(5, 6);
    const onset = firstSoundAfter(audio, 2.5)!;
    expect(onset).toBeGreaterThanOrEqual(3.99);
    expect(onset).toBeLessThan(4.05);
  });

  it('plays drums on channel 10 and leaves a muted track silent', async () => {
    const drums = trackRecord('drums', 10, { drums: true });
    const muted = trackRecord('strings', 2, { program: 48, mute: true });
    const { audio } = await render([
      metaRecord(),
      drums,
      muted,
      noteRecord('drums', 36, 0, 240),
      noteRecord('strings', 60, 1920, 1920),
      noteRecord('drums', 38, 3840, 240),
    ]);
    expect(rmsBetween(audio, 0, 0.2)).toBeGreaterThan(SOUND);
    expect(rmsBetween(audio, 2, 3.9)).toBeLessThan(SILENCE);
    expect(rmsBetween(audio, 4, 4.2)).toBeGreaterThan(SOUND);
  });

  it('plays a program change at its tick: the same key on a marimba dies away, after a change to an organ it holds', async () => {
    // Marimba (12) decays to silence within a second; a church organ (19) sounds as long as it is held.
    const marimba = trackRecord('keys', 1, { program: 12 });
    const song = [metaRecord(), marimba, noteRecord('keys', 60, 0, 1920), noteRecord('keys', 60, 1920, 1920)];
    const change: MidiRecord = { id: 'pc1', kind: 'program', trackId: 'keys', program: 19, tick: 1920 };
    const unchanged = (await render(song)).audio;
    const changed = (await render([...song, change])).audio;
    for (const audio of [unchanged, changed]) {
      expect(rmsBetween(audio, 0.05, 0.3)).toBeGreaterThan(SOUND);
      expect(rmsBetween(audio, 1.2, 1.9)).toBeLessThan(SILENCE);
    }
    // Held 1 to 1.9 s into the second note: only the organ still sounds.
    expect(rmsBetween(unchanged, 3.0, 3.9)).toBeLessThan(SILENCE);
    expect(rmsBetween(changed, 3.0, 3.9)).toBeGreaterThan(SOUND);
  });

  it('refuses a song without notes (or with every note muted) with empty_song', async () => {
    const error = await renderSongToWav([metaRecord(), piano], defaultSoundFont()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioError);
    expect((error as StudioError).code).toBe(EMPTY_SONG);
    expect((error as StudioError).suggestion).toMatch(/note /);
    const mutedOnly = await renderSongToWav([metaRecord(), { ...piano, mute: true }, noteRecord('piano', 60, 0, 480)], defaultSoundFont()).catch((e: unknown) => e);
    expect((mutedOnly as StudioError).code).toBe(EMPTY_SONG);
  });

  it('refuses a file that is not a SoundFont with file_invalid, naming it', async () => {
    const fake = { abs: join(scratch, 'fake.sf2'), rel: 'fonts/fake.sf2' };
    writeFileSync(fake.abs, 'RIFF\x10\x00\x00\x00WAVEfmt nothing here');
    const error = await renderSongToWav([metaRecord(), piano, noteRecord('piano', 60, 0, 480)], fake).catch((e: unknown) => e);
    expect((error as StudioError).code).toBe('file_invalid');
    expect((error as StudioError).message).toMatch(/fonts\/fake\.sf2 is not a SoundFont \(it is a RIFF "WAVE" file/);

    // The right header, a broken body: the synth's parser refuses it, and so do we.
    const broken = { abs: join(scratch, 'broken.sf2'), rel: 'broken.sf2' };
    writeFileSync(broken.abs, Buffer.concat([Buffer.from('RIFF'), Buffer.from([200, 0, 0, 0]), Buffer.from('sfbkLIST'), Buffer.alloc(40)]));
    const parseError = await renderSongToWav([metaRecord(), piano, noteRecord('piano', 60, 0, 480)], broken).catch((e: unknown) => e);
    expect((parseError as StudioError).code).toBe('file_invalid');
    expect((parseError as StudioError).message).toMatch(/broken\.sf2 is not a usable SoundFont/);

    const missing = { abs: join(scratch, 'none.sf2'), rel: 'none.sf2' };
    const notThere = await renderSongToWav([metaRecord(), piano, noteRecord('piano', 60, 0, 480)], missing).catch((e: unknown) => e);
    expect((notThere as StudioError).code).toBe('file_not_found');
  });
});
