/**
 * The midi figures of issue 7 for the core: a 1,000-op midi batch, writing and reading a
 * 100,000-note .mid, and `piano-roll` / `events` on a 10,000-note track; and of issue 19: open and
 * save of every file of the MIDI corpus (slowest, mean), and how many come back unchanged.
 * Printed, not asserted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openStudio } from '../src/main/host/domains';
import { Workspace } from '../src/main/core/workspace';
import { midiDomain } from '../src/main/domains/midi';
import { readMidiFile, writeMidiFile } from '../src/main/domains/midi/midi-file';
import { compareMidiFiles } from '../src/main/domains/midi/smf-compare';
import { corpusFiles } from '../src/main/testing/corpora';
import { FcpDocument } from '../src/main/fcp/document';
import { time } from './timing';

type Report = (name: string, figure: string, target: string) => void;
type Percentile = (samples: number[], p: number) => number;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** `count` notes on `track`, walking up and down three octaves, a sixteenth apart. */
function noteOps(track: string, count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => `note ${track} midi:${36 + ((from + i) % 36)} at:tick:${(from + i) * 120} dur:sixteenth vel:${40 + (i % 80)}`);
}

async function song(notes: number, tracks = 1): Promise<FcpDocument<any>> {
  const doc = FcpDocument.create(midiDomain, { title: 'bench' });
  await doc.applyBatch(Array.from({ length: tracks }, (_, t) => `track add T${t}`), 'bench');
  const perTrack = Math.ceil(notes / tracks);
  for (let t = 0; t < tracks; t++) {
    for (let from = 0; from < perTrack; from += 5000) {
      const answer = await doc.applyBatch(noteOps(`T${t}`, Math.min(5000, perTrack - from), from), 'bench');
      if (!answer.ok) throw new Error(answer.text);
    }
  }
  return doc;
}

async function batchBench(report: Report, percentile: Percentile): Promise<void> {
  const ops = ['track add Piano', ...noteOps('Piano', 999)];
  const docTimes: number[] = [];
  for (let run = -2; run < 5; run++) {
    const doc = FcpDocument.create(midiDomain, { title: 'bench' });
    const took = await time(() => doc.applyBatch(ops, 'bench'));
    if (run >= 0) docTimes.push(took);
  }
  report('1,000-op midi batch (document)', `median ${ms(percentile(docTimes, 50))}`, '< 20 ms');

  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-midi-'));
  const ws = await Workspace.acquire(dir);
  const studio = await openStudio(ws);
  const midi = studio.fcp('midi');
  const studioTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    await midi.session('new "bench" discard:true', 'bench');
    studioTimes.push(await time(() => midi.mutate(ops, 'bench')));
  }
  report('1,000-op midi batch (studio, journaled)', `median ${ms(percentile(studioTimes, 50))}`, '< 20 ms');
  await studio.close();
  ws.release();
  rmSync(dir, { recursive: true, force: true });
}

async function fileBench(report: Report, percentile: Percentile): Promise<void> {
  const doc = await song(100_000, 8);
  const records = doc.store.snapshot();
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-midi-'));
  const file = join(dir, 'big.mid');
  const writes: number[] = [];
  const reads: number[] = [];
  for (let run = -1; run < 5; run++) {
    const write = await time(() => writeFileSync(file, writeMidiFile(records)));
    const read = await time(() => readMidiFile(new Uint8Array(readFileSync(file)), 'big.mid'));
    if (run >= 0) {
      writes.push(write);
      reads.push(read);
    }
  }
  const total = percentile(writes, 50) + percentile(reads, 50);
  report('write + read a 100,000-note .mid', `${ms(total)} (write ${ms(percentile(writes, 50))}, read ${ms(percentile(reads, 50))})`, '< 300 ms');
  rmSync(dir, { recursive: true, force: true });
}

async function queryBench(report: Report, percentile: Percentile): Promise<void> {
  const doc = await song(10_000);
  for (const q of ['piano-roll T0 1-16', 'events T0', 'events T0 100.1-120.4']) {
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) samples.push(await time(() => doc.query(q)));
    report(`${q} on a 10,000-note track`, `p50 ${ms(percentile(samples, 50))} p95 ${ms(percentile(samples, 95))}`, '< 10 ms');
  }
}

/** Open (read) and save (write) of each corpus file, the best of a few runs each; and whether it came back with the same events. */
async function corpusBench(report: Report): Promise<void> {
  const files = corpusFiles('midi', ['.mid']);
  const took: { name: string; ms: number }[] = [];
  let unchanged = 0;
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(file));
    let best = Infinity;
    let saved: Uint8Array = bytes;
    for (let run = 0; run < 3; run++) best = Math.min(best, await time(() => (saved = writeMidiFile(readMidiFile(bytes, basename(file))))));
    took.push({ name: basename(file), ms: best });
    const diff = compareMidiFiles(bytes, saved);
    if (diff.header.length === 0 && diff.tracks.length === 0) unchanged++;
  }
  const slowest = took.reduce((a, b) => (b.ms > a.ms ? b : a));
  const mean = took.reduce((sum, t) => sum + t.ms, 0) / took.length;
  report(`open + save of every MIDI corpus file (${files.length})`, `slowest ${ms(slowest.ms)} (${slowest.name}), mean ${ms(mean)}`, '< 300 ms');
  report('MIDI corpus files unchanged after open + save', `${unchanged} of ${files.length}`, `${files.length} of ${files.length}`);
}

export async function midiBench(report: Report, percentile: Percentile): Promise<void> {
  await batchBench(report, percentile);
  await fileBench(report, percentile);
  await corpusBench(report);
  await queryBench(report, percentile);
}
