/**
 * The D2 arrow reader held to D2 itself: for loko's own diagrams (the corpus) and for sources that
 * use D2's grammar in other ways, the connections it reads are those D2's compile finds.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import type { D2 } from '@terrastruct/d2';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../testing/corpora';
import { d2Arrows } from './d2-arrows';

let d2: D2;
beforeAll(async () => {
  const mod = await import('@terrastruct/d2');
  d2 = new mod.D2();
}, 60_000);

/** D2's connections: `source -> target: label`, quotes around odd segments dropped (the reader gives segments bare). */
async function d2Connections(source: string): Promise<string[]> {
  const compiled = await d2.compile({ fs: { index: source }, inputPath: 'index', options: { layout: 'dagre' } });
  const bare = (id: string) => id.replace(/"/g, '');
  return compiled.diagram.connections.map((c) => `${bare(c.src)} -> ${bare(c.dst)}: ${c.label}`);
}

const read = (source: string) => d2Arrows(source).map((a) => `${a.source} -> ${a.target}: ${a.label ?? ''}`);

const CORPUS_DIAGRAMS = execFileSync('find', [corpusPath('loko'), '-name', '*.d2'], { encoding: 'utf8' })
  .trim()
  .split('\n')
  .sort()
  .map((file) => [relative(corpusPath('loko'), file), file]);

const OWN_SOURCES: Record<string, string> = {
  chains: 'a -> b -> c: both\nc <- d: back\ne <-> f; g -- h\n',
  'nested maps and the parent': 'cloud: Cloud {\n  api: API\n  db: DB {shape: cylinder}\n  api -> db: reads\n  api -> _.user: answers\n  inner: {\n    x -> _.db\n  }\n}\nuser: User\n',
  'labels of every kind, maps on arrows': 'a -> b: "quoted: with colon"\nb -> c: plain words # a comment\nc -> d: |md\n  # a -> z in markdown\n|\nd -> e: {\n  style.stroke-dash: 3\n  label: in map\n}\n',
  'comments, strings and other boards step over': '# x -> y\n"""\nblock -> comment\n"""\nq: "not -> an arrow"\nlayers: {\n  l: {\n    p -> r\n  }\n}\nvars: {\n  v: 1\n}\nclasses: { c: { style.fill: red } }\nm -> n\n(m -> n)[0].style.stroke: red\n',
  'qualified loko ids and dotted paths': 'payment-service/api/auth -> payment-service/api/users: checks\nsys.api -> sys.db\n"quoted id" -> other\n',
};

describe('the D2 arrow reader', () => {
  it.each(CORPUS_DIAGRAMS)('reads the arrows of loko\'s %s as D2 does', async (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const expected = await d2Connections(source);
    expect(expected.length).toBeGreaterThan(0);
    expect(read(source)).toEqual(expected);
  });

  it.each(Object.entries(OWN_SOURCES))('reads %s as D2 does', async (_name, source) => {
    expect(read(source)).toEqual(await d2Connections(source));
  });

  it('gives each arrow its line, and reads broken source without throwing', () => {
    expect(d2Arrows('a\n\nb -> c\n  d -> e: x\n').map((a) => a.line)).toEqual([3, 4]);
    expect(() => d2Arrows('a -> {\n"unclosed\n|md never\n')).not.toThrow();
    expect(d2Arrows('* -> b\n')).toEqual([]);
    // What no statement starts with is stepped over with its line, and the reading goes on.
    expect(d2Arrows(']\n:x\n.\n}\n[a]\na -> b {\n:\n}\nc -> d\n').map((a) => `${a.source}>${a.target}`)).toEqual(['a>b', 'c>d']);
  });

  it('ends on any source: 3,000 random ones made of D2\'s punctuation', () => {
    let seed = 19;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'ab-><.:;{}[]()"\'|#_* \n\\`';
    for (let n = 0; n < 3000; n++) {
      const source = Array.from({ length: Math.floor(random() * 120) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      for (const arrow of d2Arrows(source)) {
        expect(arrow.source.length * arrow.target.length, JSON.stringify(source)).toBeGreaterThan(0);
        expect(arrow.line).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
