/**
 * Playback and render figures of issue 7, printed, never asserted:
 * - Play pressed to first sound, with the SoundFont loaded: the studio's player in Chromium (the
 *   playback harness), from play() to the page hearing from its level meter (an AudioWorklet on
 *   the output) the first render quantum that is not silent.
 * - An edit made during playback to being in the schedule: from the song changing in the page to
 *   the player having re-read it (the look-ahead scheduler plays from the new song from then on).
 * - Offline render of a 3-minute, 8-track song with the default General MIDI SoundFont.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { renderSongToWav } from '../src/main/domains/midi/audio/offline-render';
import { defaultSoundFont } from '../src/main/domains/midi/audio/soundfont-file';
import type { MidiRecord } from '../src/shared/midi/records';
import { arrangement, metaRecord, noteRecord, trackRecord } from '../src/shared/midi/test-song';
import { launchChromium, newBrowserContext } from '../e2e/support/browser';
import { Disposables } from '../e2e/support/disposables';
import { buildPlaybackHarness, openPlaybackHarness } from '../e2e/support/playback-harness';
import type { BenchReporting } from './ui';

const PLAY_RUNS = 15;
const EDIT_RUNS = 30;

function stats(out: BenchReporting, samples: number[]): string {
  return `p50 ${out.percentile(samples, 50).toFixed(1)} ms p95 ${out.percentile(samples, 95).toFixed(1)} ms`;
}

async function playToSound(out: BenchReporting, page: Page): Promise<void> {
  const samples: number[] = [];
  for (let run = 0; run < PLAY_RUNS; run++) {
    const took = await page.evaluate(async () => {
      await window.playback.quiet();
      const since = window.playback.now();
      await window.playback.play(0);
      const heard = await window.playback.firstSoundAfter(since);
      window.playback.stop();
      return heard;
    });
    if (took !== undefined) samples.push(took);
  }
  out.report('play pressed to first sound (SoundFont loaded)', samples.length ? stats(out, samples) : 'no sound heard', '< 100 ms');
}

async function editToSchedule(out: BenchReporting, page: Page, song: MidiRecord[], label: string): Promise<void> {
  await page.evaluate((records) => window.playback.edit(records), song);
  await page.evaluate(() => window.playback.play(0));
  const samples: number[] = [];
  for (let run = 0; run < EDIT_RUNS; run++) {
    const edited = [...song, noteRecord('piano', 60 + (run % 12), 9600 + run * 480, 240)];
    const took = await page.evaluate(async (records) => {
      window.playback.edit(records);
      return window.playback.editScheduledAfter();
    }, edited);
    if (took !== undefined) samples.push(took);
    await page.waitForTimeout(37);
  }
  await page.evaluate(() => window.playback.stop());
  out.report(`edit during playback to in the schedule (${label})`, samples.length ? stats(out, samples) : 'never read', '< 20 ms');
}

async function offlineRender(out: BenchReporting): Promise<void> {
  const song = arrangement(3, 8);
  const notes = song.filter((r) => r.kind === 'note').length;
  await renderSongToWav(song.slice(0, 20), defaultSoundFont()); // loads and caches the SoundFont
  let best = { wall: Infinity, cpu: Infinity };
  for (let run = 0; run < 2; run++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await renderSongToWav(song, defaultSoundFont());
    const cpu = process.cpuUsage(cpuStart);
    const wall = performance.now() - start;
    if (wall < best.wall) best = { wall, cpu: (cpu.user + cpu.system) / 1000 };
  }
  out.report(`offline render, 3-minute 8-track song (${notes} notes)`, `best ${(best.wall / 1000).toFixed(2)} s (${(best.cpu / 1000).toFixed(2)} s of CPU)`, '< 5 s');
}

export async function audioBench(out: BenchReporting): Promise<void> {
  const disposables = new Disposables();
  try {
    const browser = await launchChromium(disposables);
    const harnessDir = await buildPlaybackHarness(disposables);
    const context = await newBrowserContext(disposables, browser);
    const piano = trackRecord('piano', 1);
    const short: MidiRecord[] = [metaRecord(), piano, noteRecord('piano', 60, 0, 480), noteRecord('piano', 64, 480, 480)];
    const { page } = await openPlaybackHarness(disposables, context, harnessDir, short);
    await playToSound(out, page);
    const big = arrangement(2, 8);
    await editToSchedule(out, page, big, `${big.filter((r) => r.kind === 'note').length}-note song`);
  } finally {
    await disposables.disposeAll();
  }
  await offlineRender(out);
  // The figures above are wall-clock times on a machine that may be shared: say how busy it was.
  out.report('  machine load average while measuring', `${loadavg()[0].toFixed(1)} on ${cpus().length} cores`, '-');
}
