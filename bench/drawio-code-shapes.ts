/**
 * The shapes diagrams.net draws in code (issue 20), drawn as markup by codeShapeMarkup in Node, as
 * the canvas and the export draw them: every such cell of every page of the drawio corpus, a
 * number of times over; the time per shape and the markup it writes. Printed, never asserted.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readDrawioFile } from '../src/main/domains/drawio/file/drawio-file';
import { fileStyleText } from '../src/shared/drawio/model';
import { corpusFiles } from '../src/main/testing/corpora';
import { styleEntries } from '../src/shared/drawio/stencils';
import { codeShapeMarkup, codeShapeName } from '../src/shared/drawio/render/code-shapes';

type Report = (name: string, figure: string, target: string) => void;

const ROUNDS = 50;

export function codeShapeBench(report: Report): void {
  const cells: Array<{ style: Map<string, string>; w: number; h: number }> = [];
  for (const file of corpusFiles('drawio', ['.xml', '.drawio'])) {
    for (const record of readDrawioFile(readFileSync(file, 'utf8'), file)) {
      if (record.kind !== 'shape' && record.kind !== 'group') continue;
      const style = styleEntries(fileStyleText(record.file) ?? '');
      if (codeShapeName(style) === undefined) continue;
      const box = record.kind === 'shape' ? { w: record.w, h: record.h } : { w: record.frame?.w ?? 200, h: record.frame?.h ?? 200 };
      cells.push({ style, ...box });
    }
  }
  const drawAll = () => {
    let characters = 0;
    for (const { style, w, h } of cells) characters += codeShapeMarkup(style, { w, h, fill: '#ffffff', stroke: '#000000', gradientId: 'g' })?.length ?? 0;
    return characters;
  };
  // A warm-up pass first, so the figure is the steady state rather than the JIT's first pass.
  drawAll();
  let characters = 0;
  const start = performance.now();
  for (let round = 0; round < ROUNDS; round++) characters += drawAll();
  const perShape = ((performance.now() - start) * 1000) / (ROUNDS * cells.length);
  report(`code shapes of the corpus (${cells.length} cells)`, `${perShape.toFixed(1)} µs per shape, ${Math.round(characters / ROUNDS / cells.length)} chars`, '< 50 µs per shape');
}
