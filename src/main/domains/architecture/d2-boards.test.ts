import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { drawnAsBoard, standaloneSvg } from './d2-boards';
import { D2SyntaxError, type D2RenderOptions } from './d2-common';
import { installedNativeD2, NativeD2 } from './d2-native';
import { corpusPath } from '../../testing/corpora';

const started = NativeD2.start(installedNativeD2().binary);
afterAll(async () => (await started).close());

/** Sources made here, using what D2 draws differently: shapes, text, icons, links, styles, root keys. */
const MADE: string[] = [
  'user: Customer {shape: person}\nshop: Web Shop {\n  api: API\n  db: Orders {shape: cylinder}\n  api -> db: reads and writes\n}\nuser -> shop.api: orders\n',
  'users: {shape: sql_table\n  id: int {constraint: primary_key}\n  email: text\n}\nsvc: {shape: class\n  +run(): void\n}\nnote: |md\n  # Heading\n  - one **bold** item\n|\nusers -> svc\n',
  'web: {icon: https://icons.terrastruct.com/essentials/087-display.svg}\nlogo: {shape: image; icon: https://example.com/logo.svg}\ndocs: Docs {link: ./docs/index.html; tooltip: read me}\nweb -> logo -> docs\n',
  'grid: {grid-rows: 2\n  a; b; c; d\n}\nseq: {shape: sequence_diagram\n  alice -> bob: hi\n  bob -> alice: hello\n}\n',
  'label: The Whole Shop\ndirection: right\nstyle.fill: "#fafafa"\nclasses: {hot: {style.fill: "#f88"}}\nvars: {owner: Payments Team}\nx: ${owner} {class: hot}\ny: Ünïcödé 字 → {near: top-center}\nx -> y: "}" {style.animated: true}\n',
  'vars: {d2-legend: {a: Service; b: Store {shape: cylinder}; a -> b: writes}}\na: Orders\nb: Ledger {shape: cylinder}\na -> b\n',
  '',
  'one: lonely shape',
];
/** Drawn alone whatever waits: D2's config (sources with boards of their own the binary does not draw to one SVG). */
const CONFIGURED = 'vars: {d2-config: {pad: 12; sketch: true; theme-id: 4}}\nx -> y: sketched\n';
const ALONE: string[] = ['a -> b\nlayers: {inner: {c -> d}}\n', CONFIGURED, 'x\nsteps: {1: {x -> y}}\n', 'x\nscenarios: {s: {x -> y}}\n'];
const CORPUS = readdirSync(corpusPath('loko'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.d2'))
  .sort()
  .map((file) => readFileSync(corpusPath('loko', file), 'utf8'));

/** Each source rendered alone, one after another (nothing else waits, so each run draws one). */
async function alone(d2: NativeD2, sources: string[], options: D2RenderOptions) {
  const answers: (string | Error)[] = [];
  for (const source of sources) answers.push(await d2.render(source, options).catch((err: Error) => err));
  return answers;
}

describe('D2 sources drawn as boards of one run', () => {
  it.each<[string, D2RenderOptions]>([
    ['the default theme, unsalted', {}],
    ['a theme by loko\'s name, salted', { theme: 'grape-soda', salt: 'abc12345' }],
    ['a dark theme, salted', { theme: 200, salt: '0f1e2d3c' }],
  ])('each SVG is the one drawn alone, byte for byte: %s', async (_, options) => {
    const d2 = await started;
    const sources = [...CORPUS, ...MADE, CONFIGURED];
    expect(CORPUS.length).toBeGreaterThan(0);
    const runsBefore = d2.runs;
    const together = await Promise.all(sources.map((source) => d2.render(source, { ...options })));
    const runsTogether = d2.runs - runsBefore;
    // Far fewer runs than diagrams: the ones drawn alone, and a run a core for the rest.
    expect(runsTogether).toBeLessThan(sources.length / 2);
    const apart = await alone(d2, sources, options);
    together.forEach((svg, i) => {
      // D2 draws nothing for an empty source.
      expect(svg.startsWith('<svg')).toBe(sources[i] !== '');
      expect(svg, `source ${i}`).toBe(apart[i]);
    });
  }, 240_000);

  it('a syntax error among them: each source gets its own answer, the error at its own line', async () => {
    const d2 = await started;
    const sources = ['a -> b: fine', 'x: {\n  shape: nosuch\n}\n', MADE[0], 'ok\nok -> \n', MADE[1]];
    const together = await Promise.all(sources.map((source) => d2.render(source).catch((err: Error) => err)));
    const apart = await alone(d2, sources, {});
    expect(together.map((answer) => answer instanceof D2SyntaxError)).toEqual([false, true, false, true, false]);
    together.forEach((answer, i) => {
      if (answer instanceof D2SyntaxError) {
        const single = apart[i] as D2SyntaxError;
        expect({ message: answer.message, line: answer.line, column: answer.column }).toEqual({ message: single.message, line: single.line, column: single.column });
      } else expect(answer).toBe(apart[i]);
    });
    expect((together[1] as D2SyntaxError).line).toBe(2);
    expect((together[3] as D2SyntaxError).line).toBe(2);
  }, 240_000);

  it('ELK and dagre requests waiting together are drawn each with its own layout', async () => {
    const d2 = await started;
    const requests: [string, D2RenderOptions][] = [
      ['p -> q -> r\np -> r', { layout: 'elk' }],
      ['s -> t', { layout: 'elk', salt: 'e1' }],
      ['p -> q -> r\np -> r', {}],
    ];
    const together = await Promise.all(requests.map(([source, options]) => d2.render(source, options)));
    for (const [i, [source, options]] of requests.entries()) expect(together[i]).toBe(await d2.render(source, options));
    expect(together[0]).not.toBe(together[2]);
  }, 240_000);

  it('leaves to a run of their own the sources that hold boards or set D2\'s config', () => {
    for (const source of ALONE) expect(drawnAsBoard(source)).toBe(false);
    for (const source of [...MADE, ...CORPUS]) expect(drawnAsBoard(source)).toBe(true);
  });

  it('gives a board the id of its lone drawing only where D2 writes it', () => {
    const board = '<svg xmlns="http://www.w3.org/2000/svg" data-d2-version="v0.7.1"><svg class="d2-123 d2-svg"><style>.d2-123 .fill-N1{}</style><text>d2-1234</text></svg></svg>';
    const drawn = standaloneSvg(board, 0, 'salt')!;
    const id = /class="(d2-\d+) d2-svg"/.exec(drawn)![1];
    expect(id).not.toBe('d2-123');
    expect(drawn).toBe(board.replaceAll(/d2-123(?!\d)/g, id));
    expect(drawn).toContain('<text>d2-1234</text>');
    expect(standaloneSvg('<svg>no id</svg>', 0)).toBeUndefined();
  });
});
