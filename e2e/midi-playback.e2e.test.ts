/**
 * Playback in real Chromium: the studio's player (Tone.js clock, SoundFont synth in an
 * AudioWorklet, the default General MIDI SoundFont fetched from the core under the studio's CSP)
 * makes sound where the song has notes and none where it has none, hears an edit made while it
 * plays without stopping, and goes silent on stop. Listened to on the audio thread (the harness's
 * level meter), so a busy machine cannot leave gaps in what was heard.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MidiRecord } from '../src/shared/midi/records';
import { defaultSoundFontPath } from '../src/main/domains/midi/audio/soundfont-file';
import { metaRecord, noteRecord, trackRecord } from '../src/shared/midi/test-song';
import { launchChromium, newBrowserContext } from './support/browser';
import { Disposables } from './support/disposables';
import { buildPlaybackHarness, openPlaybackHarness, type PlaybackHarness } from './support/playback-harness';
import { tempWorkspace } from './support/studio-server';

/** Analyser RMS above this is sound, below SILENT silence (the synth's silence is exactly 0). */
const LOUD = 0.005;
const SILENT = 0.0005;
/** 120 bpm, ppqn 480: a quarter note is 0.5 s. */
const QUARTER = 480;

const suite = new Disposables();
const perTest = new Disposables();
let browser: Browser | Error = new Error('Chromium was not launched');
let harnessDir: string | Error = new Error('the harness was not built');
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium(suite).catch((error: Error) => error);
  harnessDir = await buildPlaybackHarness(suite).catch((error: Error) => error);
}, 60_000);
afterEach(() => perTest.disposeAll());
afterAll(() => suite.disposeAll());

async function open(records: MidiRecord[], options: { soundFont?: string; workspace?: string } = {}): Promise<PlaybackHarness> {
  if (browser instanceof Error) throw browser;
  if (harnessDir instanceof Error) throw harnessDir;
  context = await newBrowserContext(perTest, browser);
  return openPlaybackHarness(perTest, context, harnessDir, records, options);
}

type Level = { time: number; rms: number };

/** The loudest and the average level between two audio times. */
function loudness(levels: Level[], from: number, to: number): { max: number; mean: number; samples: number } {
  const window = levels.filter((l) => l.time >= from && l.time < to);
  return {
    max: Math.max(0, ...window.map((l) => l.rms)),
    mean: window.reduce((sum, l) => sum + l.rms, 0) / Math.max(1, window.length),
    samples: window.length,
  };
}

/** The levels heard up to audio time `until`, once it has passed. */
async function waitAudio(harness: PlaybackHarness, until: number): Promise<Level[]> {
  await harness.page.waitForFunction((t) => window.playback.levels(t).length > 0, until, { timeout: 20_000, polling: 20 });
  return harness.page.evaluate(() => window.playback.levels());
}

const piano = trackRecord('piano', 1, { program: 0 });

describe('playback in Chromium', () => {
  it('sounds where the notes are and is silent where there are none', async () => {
    // C4 for the first eighth, then nothing until beat 7 (3 s), then E4.
    const harness = await open([metaRecord(), piano, noteRecord('piano', 60, 0, QUARTER / 2), noteRecord('piano', 64, 6 * QUARTER, QUARTER)]);
    const { at } = await harness.page.evaluate(() => window.playback.play(0));
    const levels = await waitAudio(harness, at + 3.8);
    // The song starts a few ms after play(): look inside the notes, away from their edges.
    const first = loudness(levels, at + 0.05, at + 0.25);
    const gap = loudness(levels, at + 2.0, at + 2.95);
    const second = loudness(levels, at + 3.1, at + 3.45);
    // Every render quantum (128 frames, under 3 ms) was measured.
    expect(first.samples).toBeGreaterThan(50);
    expect(gap.samples).toBeGreaterThan(250);
    expect(first.max).toBeGreaterThan(LOUD);
    expect(gap.max).toBeLessThan(SILENT);
    expect(second.max).toBeGreaterThan(LOUD);
    expect(await harness.page.evaluate(() => window.playback.state().playing)).toBe(true);
    expect(harness.pageErrors).toEqual([]);
  });

  it('hears a note added while it plays, without stopping, and the playhead keeps moving', async () => {
    const records: MidiRecord[] = [metaRecord(), piano, noteRecord('piano', 60, 0, QUARTER / 2)];
    const harness = await open(records);
    const { at } = await harness.page.evaluate(() => window.playback.play(0));
    await waitAudio(harness, at + 0.8);
    // 0.8 s in, the AI adds G4 at beat 5 (2 s): it must be heard this time round.
    const edited = [...records, noteRecord('piano', 67, 4 * QUARTER, QUARTER)];
    await harness.page.evaluate((r) => window.playback.edit(r), edited);
    const levels = await waitAudio(harness, at + 2.6);
    expect(loudness(levels, at + 1.3, at + 1.95).max).toBeLessThan(SILENT);
    expect(loudness(levels, at + 2.05, at + 2.4).max).toBeGreaterThan(LOUD);
    // It never stopped: playing all along, the playhead only moving forward.
    const during = await harness.page.evaluate((since) => window.playback.states(since), at + 0.1);
    expect(during.every((l) => l.playing)).toBe(true);
    for (let i = 1; i < during.length; i++) expect(during[i].tick).toBeGreaterThanOrEqual(during[i - 1].tick);
    expect(during[during.length - 1].tick).toBeGreaterThan(4 * QUARTER);
    expect(harness.pageErrors).toEqual([]);
  });

  it('stop silences a sounding note at once (no hanging note), and play starts again', async () => {
    // A long string note: without an all-notes-off it would sound for 8 s.
    const strings = trackRecord('strings', 2, { program: 48 });
    const harness = await open([metaRecord(), strings, noteRecord('strings', 60, 0, 16 * QUARTER)]);
    const { at } = await harness.page.evaluate(() => window.playback.play(0));
    await waitAudio(harness, at + 0.6);
    const stoppedAt = await harness.page.evaluate(() => {
      window.playback.stop();
      return window.playback.audioTime();
    });
    const levels = await waitAudio(harness, stoppedAt + 1.2);
    expect(loudness(levels, at + 0.2, at + 0.55).max).toBeGreaterThan(LOUD);
    // A hanging string note stays above LOUD for its 8 s. What is left after a stop is at most the
    // effects' tail (reverb, chorus), ten times quieter at once and silent well within a second.
    expect(loudness(levels, stoppedAt + 0.2, stoppedAt + 1.2).max).toBeLessThan(LOUD / 5);
    expect(loudness(levels, stoppedAt + 0.7, stoppedAt + 1.2).max).toBeLessThan(SILENT);
    expect(await harness.page.evaluate(() => window.playback.state())).toMatchObject({ playing: false, tick: 0 });

    const again = await harness.page.evaluate(() => window.playback.play());
    const after = await waitAudio(harness, again.at + 0.5);
    expect(loudness(after, again.at + 0.2, again.at + 0.5).max).toBeGreaterThan(LOUD);
    expect(harness.pageErrors).toEqual([]);
  });

  it('plays a program change at its tick: a marimba note dies away, the same note after a change to an organ holds', async () => {
    // Marimba (12) decays to silence within a second; a church organ (19) sounds as long as it is held.
    // The second note comes 4 s in, so the windows keep a wide berth: a starved audio thread can sound
    // the first note up to half a second late and then catch up (the synth's clock makes up its lag),
    // which brought the second note into a window a second after the first.
    const keys = trackRecord('keys', 1, { program: 12 });
    const song: MidiRecord[] = [metaRecord(), keys, noteRecord('keys', 60, 0, 4 * QUARTER), noteRecord('keys', 60, 8 * QUARTER, 4 * QUARTER)];
    const change: MidiRecord = { id: 'pc1', kind: 'program', trackId: 'keys', program: 19, tick: 8 * QUARTER };
    const heard: { first: number; late: number; held: number }[] = [];
    for (const records of [song, [...song, change]]) {
      const harness = await open(records);
      const { at } = await harness.page.evaluate(() => window.playback.play(0));
      const levels = await waitAudio(harness, at + 6.0);
      heard.push({ first: loudness(levels, at + 0.05, at + 0.6).max, late: loudness(levels, at + 2.2, at + 3.4).max, held: loudness(levels, at + 5.0, at + 5.9).max });
      expect(harness.pageErrors).toEqual([]);
      await perTest.disposeAll();
    }
    const [unchanged, changed] = heard;
    for (const run of heard) {
      expect(run.first).toBeGreaterThan(LOUD);
      expect(run.late).toBeLessThan(LOUD);
    }
    expect(unchanged.held).toBeLessThan(LOUD);
    expect(changed.held).toBeGreaterThan(LOUD);
  });

  it('loops a region: the note in it comes round again', async () => {
    const harness = await open([metaRecord(), piano, noteRecord('piano', 72, QUARTER, QUARTER / 2), noteRecord('piano', 48, 8 * QUARTER, QUARTER)]);
    // A one-second loop over the first two beats: C5 at 0.5 s, 1.5 s, 2.5 s; C3 (beat 9) never.
    await harness.page.evaluate((end) => window.playback.setLoop(0, end), 2 * QUARTER);
    const { at } = await harness.page.evaluate(() => window.playback.play(0));
    const levels = await waitAudio(harness, at + 2.9);
    for (const start of [0.5, 1.5, 2.5]) expect(loudness(levels, at + start + 0.05, at + start + 0.2).max).toBeGreaterThan(LOUD);
    const ticks = (await harness.page.evaluate((since) => window.playback.states(since), at + 0.1)).map((s) => s.tick);
    expect(Math.max(...ticks)).toBeLessThanOrEqual(2 * QUARTER);
    expect(harness.pageErrors).toEqual([]);
  });

  it("plays with the song's own SoundFont (load-soundfont), and reports one that is not a SoundFont without stopping", async () => {
    const workspace = tempWorkspace(perTest, 'soundfont');
    mkdirSync(join(workspace, 'sounds'));
    copyFileSync(defaultSoundFontPath(), join(workspace, 'sounds', 'gm.sf3'));
    writeFileSync(join(workspace, 'sounds', 'broken.sf2'), 'this is no SoundFont');
    const records: MidiRecord[] = [metaRecord({ soundfont: 'sounds/gm.sf3' }), piano, noteRecord('piano', 60, 0, 8 * QUARTER)];
    const harness = await open(records, { workspace });
    expect(await harness.page.evaluate(() => window.playback.soundFontRequests())).toEqual(['sounds/gm.sf3']);
    const { at } = await harness.page.evaluate(() => window.playback.play(0));
    await waitAudio(harness, at + 0.4);

    // load-soundfont changed the song's SoundFont to a file that is not one.
    await harness.page.evaluate((r) => window.playback.edit(r), [metaRecord({ soundfont: 'sounds/broken.sf2' }), ...records.slice(1)]);
    await harness.page.waitForFunction(() => window.playback.state().error !== undefined, undefined, { timeout: 10_000 });
    const state = await harness.page.evaluate(() => window.playback.state());
    expect(state.error).toMatch(/sounds\/broken\.sf2.*not a SoundFont/);
    expect(state.playing).toBe(true);
    const levels = await waitAudio(harness, at + 1.5);
    expect(loudness(levels, at + 1.0, at + 1.5).max).toBeGreaterThan(LOUD);
    expect(await harness.page.evaluate(() => window.playback.soundFontRequests())).toEqual(['sounds/gm.sf3', 'sounds/broken.sf2']);
    expect(harness.pageErrors).toEqual([]);
  });
});
