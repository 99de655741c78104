/**
 * Open and save of a 10,000-cell diagrams.net file (issue 6): time of each, and the peak memory
 * of a process that does both. Each run is a child process of its own, so the memory figure is
 * that of opening one file and nothing else (`--child FILE` runs the measured part).
 * Then open and save of every file of the diagrams.net corpus (issue 19): the slowest and the
 * mean, and how many come back unchanged (compared with an independent parser).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateRawSync } from 'node:zlib';
import { readDrawioFile, writeDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import { differences, outline } from '../src/main/domains/drawio/testing/mxfile-outline';
import { corpusFiles } from '../src/main/testing/corpora';

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

interface ChildFigures {
  readMs: number;
  writeMs: number;
  baselineMb: number;
  peakMb: number;
  records: number;
}

/** The measured part, in a process of its own: read the file, write it back, report. */
function runChild(path: string): void {
  const baselineMb = process.resourceUsage().maxRSS / 1024;
  const text = readFileSync(path, 'utf8');
  let start = performance.now();
  const records = readDrawioFile(text, 'bench.drawio');
  const readMs = performance.now() - start;
  start = performance.now();
  writeDrawioFile(records);
  const writeMs = performance.now() - start;
  const figures: ChildFigures = { readMs, writeMs, baselineMb, peakMb: process.resourceUsage().maxRSS / 1024, records: records.length };
  process.stdout.write(JSON.stringify(figures));
}

export async function fileBench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-file-'));
  try {
    for (const compressed of [false, true]) {
      const path = join(dir, compressed ? 'compressed.drawio' : 'plain.drawio');
      writeFileSync(path, diagramsNetFile(10_000, compressed));
      const child = spawnSync(process.execPath, ['--import', 'tsx', __filename, '--child', path], { encoding: 'utf8', cwd: join(__dirname, '..') });
      if (child.status !== 0) throw new Error(`the file bench child failed:\n${child.stderr}`);
      const figures = JSON.parse(child.stdout) as ChildFigures;
      const kind = compressed ? 'compressed' : 'plain';
      report(`open a 10,000-cell diagrams.net file (${kind})`, `${figures.readMs.toFixed(0)} ms (${figures.records} records)`, '< 1 s');
      report(`save it back (${kind})`, `${figures.writeMs.toFixed(0)} ms`, '< 1 s');
      report(`  peak memory of open + save (${kind})`, `${figures.peakMb.toFixed(0)} MB (process alone ${figures.baselineMb.toFixed(0)} MB)`, '< 300 MB');
    }
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

if (process.argv[2] === '--child') runChild(process.argv[3]);
