/**
 * The house's rules (DESIGN.md, "Where things live"), checked on the real source tree: the import
 * boundaries of .dependency-cruiser.cjs (no cycles, arrows point down only) and the size of a file.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO = join(__dirname, '..', '..', '..');
const CONFIG = join(REPO, '.dependency-cruiser.cjs');
const DEPCRUISE = join(REPO, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const run = promisify(execFile);

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** dependency-cruiser over `dir`'s src/ with the house's rules: the violations it finds. */
async function violations(dir: string): Promise<Violation[]> {
  const { stdout } = await run(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
    // It exits non-zero when it finds violations; the report is on stdout all the same.
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Most lines a source file may have; tests and generated files aside. */
const MAX_LINES = 600;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').includes('testing'));
}

describe('the house rules', () => {
  it('has no import cycle and no import against the layers in src/', async () => {
    const found = await violations(REPO);
    expect(found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 120_000);

  it('catches an import against the layers, and a cycle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-boundaries-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      write('src/main/core/studio.ts', "import { notes } from '../domains/notes/index';\nexport const studio = notes;\n");
      write('src/main/domains/notes/index.ts', "import { other } from '../other/index';\nexport const notes = other;\n");
      write('src/main/domains/other/index.ts', "import { notes } from '../notes/index';\nexport const other = 1;\nexport const back = notes;\n");
      // The renderer file reaches into the core (../../main/core/studio): held in a variable, so no
      // tool that rewrites import paths takes this string for an import of this test's own.
      const intoMain = '../../main/core/studio';
      write('src/renderer/src/view.ts', `import { studio } from '${intoMain}';\nexport const view = studio;\n`);
      write('tsconfig.json', '{"compilerOptions": {"module": "ESNext", "moduleResolution": "Bundler"}, "include": ["src"]}');
      const rules = new Set((await violations(dir)).map((v) => v.rule.name));
      expect(rules).toEqual(new Set(['low-layers-stay-low', 'no-domain-to-domain', 'no-cycles', 'renderer-not-main']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const lines = (path: string) => readFileSync(join(REPO, path), 'utf8').split('\n').length;
    const tooBig = sourceFiles(join(REPO, 'src')).filter((path) => lines(path) > MAX_LINES);
    expect(tooBig).toEqual([]);
  });
});
