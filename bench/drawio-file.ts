/**
 * Open and save of a 10,000-cell diagrams.net file (issue 6), each beside its reference measured in
 * the same run (issue 23): a bare fast-xml-parser parse of the same file (attributes read, its
 * defaults otherwise; a compressed page inflated first, as any reader must). In a process of its
 * own, runs alternated (`--child-times FILE`); the peak memory of a process that opens and saves
 * once and does nothing else (`--child-memory FILE`); then through a real `tandem serve`.
 * Then open and save of every file of the diagrams.net corpus (issue 19): the slowest and the
 * mean, and how many come back unchanged (compared with an independent parser).
 * `tsx bench/drawio-file.ts` alone prints these figures only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { readDrawioFile, writeDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import { differences, outline } from '../src/main/domains/drawio/testing/mxfile-outline';
import { corpusFiles } from '../src/main/testing/corpora';
import { call, peakRssMb, serve } from './core';

type Report = (name: string, figure: string, target: string) => void;

const STYLES = [
  'rounded=1;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;',
  'shape=cylinder3;whiteSpace=wrap;html=1;boundedLbl=1;backgroundOutline=1;size=15;fillColor=#d5e8d4;strokeColor=#82b366;',
  'rhombus;whiteSpace=wrap;html=1;fontStyle=1;',
  'shape=note;whiteSpace=wrap;html=1;backgroundOutline=1;darkOpacity=0.05;',
  'sketch=0;outlineConnect=0;fontColor=#232F3E;fillColor=#8C4FFF;strokeColor=none;verticalLabelPosition=bottom;verticalAlign=top;aspect=fixed;shape=mxgraph.aws4.lambda;',
];

/**
 * A diagrams.net page of `cells` cells: swimlanes of 20 shapes each (rich labels, several
 * shape kinds, custom data on some), and about as many edges as shapes, half with waypoints.
 */
export function diagramsNetModel(cells: number): string {
  const out: string[] = ['<mxGraphModel dx="1434" dy="782" grid="1" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" pageWidth="1169" pageHeight="827" math="0" shadow="0"><root><mxCell id="0"/><mxCell id="1" parent="0"/>'];
  const shapes = Math.floor(cells / 2.05);
  const lanes = Math.ceil(shapes / 20);
  let written = 2;
  for (let lane = 0; lane < lanes; lane++) {
    out.push(`<mxCell id="lane-${lane}" value="Lane ${lane}" style="swimlane;startSize=30;html=1;" vertex="1" parent="1"><mxGeometry x="${(lane % 10) * 1100}" y="${Math.floor(lane / 10) * 700}" width="1060" height="660" as="geometry"/></mxCell>`);
    written++;
  }
  for (let i = 0; i < shapes; i++) {
    const lane = Math.floor(i / 20);
    const x = 20 + (i % 5) * 200;
    const y = 50 + Math.floor((i % 20) / 5) * 150;
    const label = i % 3 === 0 ? `&lt;b&gt;Service&lt;/b&gt; ${i}&lt;br&gt;&lt;i&gt;tier ${i % 4}&lt;/i&gt;` : `Node ${i}`;
    const cell = `<mxCell style="${STYLES[i % STYLES.length]}" vertex="1" parent="lane-${lane}"><mxGeometry x="${x}" y="${y}" width="120" height="60" as="geometry"/></mxCell>`;
    out.push(i % 7 === 0 ? `<object label="${label}" tooltip="owner ${i % 9}" cost="${i}" id="n-${i}">${cell}</object>` : cell.replace('<mxCell ', `<mxCell id="n-${i}" value="${label}" `));
    written++;
  }
  for (let i = 0; written < cells; i++, written++) {
    const source = i % shapes;
    const target = (i * 7 + 1) % shapes;
    const points = i % 2 === 0 ? `<Array as="points"><mxPoint x="${100 + (i % 50) * 20}" y="${200 + (i % 30) * 10}"/></Array>` : '';
    out.push(`<mxCell id="e-${i}" value="${i % 4 === 0 ? 'calls' : ''}" style="edgeStyle=orthogonalEdgeStyle;rounded=0;orthogonalLoop=1;jettySize=auto;html=1;endArrow=${i % 3 === 0 ? 'diamondThin' : 'block'};" edge="1" parent="1" source="n-${source}" target="n-${target}"><mxGeometry relative="1" as="geometry">${points}</mxGeometry></mxCell>`);
  }
  out.push('</root></mxGraphModel>');
  return out.join('');
}

export function diagramsNetFile(cells: number, compressed: boolean): string {
  const model = diagramsNetModel(cells);
  const content = compressed ? deflateRawSync(Buffer.from(encodeURIComponent(model), 'utf8')).toString('base64') : model;
  return `<mxfile host="app.diagrams.net" version="24.7.5"><diagram id="bench-page" name="Services">${content}</diagram></mxfile>\n`;
}

/** The reference: what a bare parse of the file takes (a compressed page is inflated and parsed). */
export function bareParse(text: string): unknown {
  const parser = new XMLParser({ ignoreAttributes: false });
  const parsed = parser.parse(text) as { mxfile?: { diagram?: { '#text'?: string } } };
  const content = parsed.mxfile?.diagram?.['#text'];
  if (typeof content !== 'string') return parsed;
  return parser.parse(decodeURIComponent(inflateRawSync(Buffer.from(content, 'base64')).toString('utf8')));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const times = (mine: number, reference: number) => `${(mine / reference).toFixed(1)}x`;

interface MemoryFigures {
  baselineMb: number;
  peakMb: number;
  records: number;
}

interface TimeFigures {
  bareMs: number;
  readMs: number;
  writeMs: number;
}

/** Runs of each, alternated, in the time child; the figure is the median. */
const TIME_RUNS = 7;

/** The measured parts, each in a process of its own, answering JSON on stdout. */
function runChild(mode: string, path: string): void {
  const baselineMb = process.resourceUsage().maxRSS / 1024;
  const text = readFileSync(path, 'utf8');
  if (mode === '--child-memory') {
    const records = readDrawioFile(text, 'bench.drawio');
    writeDrawioFile(records);
    const figures: MemoryFigures = { baselineMb, peakMb: process.resourceUsage().maxRSS / 1024, records: records.length };
    process.stdout.write(JSON.stringify(figures));
    return;
  }
  const runs: Record<keyof TimeFigures, number[]> = { bareMs: [], readMs: [], writeMs: [] };
  for (let run = 0; run < TIME_RUNS; run++) {
    let start = performance.now();
    bareParse(text);
    runs.bareMs.push(performance.now() - start);
    start = performance.now();
    const records = readDrawioFile(text, 'bench.drawio');
    runs.readMs.push(performance.now() - start);
    start = performance.now();
    writeDrawioFile(records);
    runs.writeMs.push(performance.now() - start);
  }
  const figures: TimeFigures = { bareMs: median(runs.bareMs), readMs: median(runs.readMs), writeMs: median(runs.writeMs) };
  process.stdout.write(JSON.stringify(figures));
}

function child<T>(mode: string, path: string): T {
  const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, mode, path], { encoding: 'utf8', cwd: join(__dirname, '..') });
  if (run.status !== 0) throw new Error(`the file bench child failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/** Opens through `tandem serve`, alternated with a bare parse here (the reference). */
const SERVE_RUNS = 5;

async function serveBench(report: Report, dir: string, files: Array<{ kind: string; name: string }>): Promise<void> {
  const core = await serve(dir);
  try {
    const client = await core.connect('bench');
    const baseline = peakRssMb(core.child.pid!);
    for (const { kind, name } of files) {
      const text = readFileSync(join(dir, name), 'utf8');
      const opens: number[] = [];
      const bare: number[] = [];
      const saves: number[] = [];
      await call(client, 'drawio_session', { action: `open ${name} discard:true` });
      for (let run = 0; run < SERVE_RUNS; run++) {
        let start = performance.now();
        bareParse(text);
        bare.push(performance.now() - start);
        start = performance.now();
        await call(client, 'drawio_session', { action: `open ${name} discard:true` });
        opens.push(performance.now() - start);
        start = performance.now();
        await call(client, 'drawio_session', { action: `save as:copy-${name}` });
        saves.push(performance.now() - start);
      }
      const [open, reference, save] = [median(opens), median(bare), median(saves)];
      report(`  through tandem serve: open (${kind})`, `${open.toFixed(0)} ms, ${times(open, reference)} a bare parse`, '<= 3x');
      report(`  through tandem serve: save (${kind})`, `${save.toFixed(0)} ms, ${times(save, open)} the open`, '<= 2x');
    }
    report('  through tandem serve: core peak memory', `${baseline.toFixed(0)} → ${peakRssMb(core.child.pid!).toFixed(0)} MB`, 'no higher than before');
    await client.close();
  } finally {
    await core.stop();
  }
}

export async function fileBench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-file-'));
  try {
    const files: Array<{ kind: string; name: string }> = [];
    for (const compressed of [false, true]) {
      const kind = compressed ? 'compressed' : 'plain';
      const name = `${kind}.drawio`;
      const path = join(dir, name);
      writeFileSync(path, diagramsNetFile(10_000, compressed));
      files.push({ kind, name });
      const memory = child<MemoryFigures>('--child-memory', path);
      const figures = child<TimeFigures>('--child-times', path);
      report(`bare fast-xml-parser parse of it (${kind})`, `${figures.bareMs.toFixed(0)} ms (the reference)`, '-');
      report(`open a 10,000-cell diagrams.net file (${kind})`, `${figures.readMs.toFixed(0)} ms, ${times(figures.readMs, figures.bareMs)} a bare parse (${memory.records} records)`, '<= 2x');
      report(`save it back (${kind})`, `${figures.writeMs.toFixed(0)} ms, ${times(figures.writeMs, figures.readMs)} the open`, '<= 2x');
      report(`  peak memory of open + save (${kind})`, `${memory.peakMb.toFixed(0)} MB (process alone ${memory.baselineMb.toFixed(0)} MB)`, '< 300 MB');
    }
    await serveBench(report, dir, files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  corpusBench(report);
}

/** Runs per corpus file: the figure of a file is its fastest, so a stray pause does not count. */
const CORPUS_RUNS = 5;

export function corpusBench(report: Report): void {
  const files = corpusFiles('drawio', ['.drawio', '.xml']);
  const times: Array<{ name: string; ms: number }> = [];
  let unchanged = 0;
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    let best = Infinity;
    let saved = '';
    for (let run = 0; run < CORPUS_RUNS; run++) {
      const start = performance.now();
      saved = writeDrawioFile(readDrawioFile(text, basename(path)));
      best = Math.min(best, performance.now() - start);
    }
    times.push({ name: basename(path), ms: best });
    if (differences(outline(text), outline(saved)).length === 0) unchanged++;
  }
  const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a));
  const mean = times.reduce((sum, t) => sum + t.ms, 0) / times.length;
  report(`open + save of each diagrams.net corpus file (${files.length})`, `mean ${mean.toFixed(1)} ms, slowest ${slowest.ms.toFixed(1)} ms (${slowest.name})`, '< 1 s each');
  report('  corpus files unchanged after a save', `${unchanged} of ${files.length}`, `${files.length} of ${files.length}`);
}

if (process.argv[2]?.startsWith('--child-')) runChild(process.argv[2], process.argv[3]);
else if (require.main === module) {
  void fileBench((name, figure, target) => console.log(`${name.padEnd(46)} ${figure.padEnd(34)} target: ${target}`));
}
