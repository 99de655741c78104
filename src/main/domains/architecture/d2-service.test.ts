import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { D2SyntaxError, parseD2Error, themeId } from './d2-common';
import { installedNativeD2, NativeD2, syntaxError } from './d2-native';
import { D2Service } from './d2-service';
import { isAlive, waitFor } from '../../mcp/test-fixtures';
import { BUILD_VERSION, DiagramCache, diagramHash, diagramSalt } from './diagrams';

const engines = { native: new D2Service(), wasm: new D2Service(undefined, { native: false }) };
afterAll(() => Promise.all(Object.values(engines).map((d2) => d2.close())));

describe.each(Object.keys(engines) as (keyof typeof engines)[])('D2, %s', (name) => {
  const d2 = engines[name];

  it('says which engine renders', async () => {
    expect(await d2.engine()).toBe(name === 'native' ? `D2 ${installedNativeD2().version}, native binary` : 'D2 WASM build');
    // ELK layouts: the WASM build, faster here than the binary's ELK once loaded; the binary's while it loads.
    expect(await d2.engine('elk')).toBe(name === 'native' ? `D2 WASM build (the native binary, D2 ${installedNativeD2().version}, while the WASM build loads)` : 'D2 WASM build');
  });

  it('renders SVG markup that holds the shapes\' labels', async () => {
    await d2.start();
    const svg = await d2.render('api: Payment API\ndb: Ledger Store {shape: cylinder}\napi -> db: writes entries\n', { layout: 'dagre' });
    expect(svg.startsWith('<svg')).toBe(true);
    for (const label of ['Payment API', 'Ledger Store', 'writes entries']) expect(svg).toContain(label);
  }, 120_000);

  it('answers concurrent requests each with its own result', async () => {
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    const svgs = await Promise.all(names.map((label) => d2.render(`${label.toLowerCase()}: ${label} Node`)));
    svgs.forEach((svg, i) => {
      expect(svg).toContain(`${names[i]} Node`);
      for (const other of names.filter((n) => n !== names[i])) expect(svg).not.toContain(`${other} Node`);
    });
  }, 120_000);

  it('answers a caller before the background renders still waiting', async () => {
    await d2.start();
    const finished: string[] = [];
    const note = (label: string) => (svg: string) => {
      expect(svg).toContain(label);
      finished.push(label);
    };
    // Three times what D2 renders at once: most wait, and the caller goes ahead of them.
    const background = Array.from({ length: (await d2.parallelism()) * 3 + 1 }, (_, i) => `Background${i}`);
    const behind = background.map((label) => d2.render(`x: ${label}`, {}, true).then(note(label)));
    const caller = d2.render('y: Caller').then(note('Caller'));
    await Promise.all([...behind, caller]);
    expect(finished.indexOf('Caller')).toBeLessThan(finished.indexOf(background.at(-1)!));
  }, 120_000);

  it('renders a diagram a caller asks for at once, even when it waits in the background already', async () => {
    const cache = new DiagramCache(d2);
    const config = { theme: 'neutral-default', layout: 'dagre' as const };
    const finished: string[] = [];
    const names = Array.from({ length: (await d2.parallelism()) * 3 + 2 }, (_, i) => `N${i}`);
    const asking = names.at(-1)!;
    const background = names.map((label) => cache.render(`n: ${label}`, config, true).then(() => finished.push(label)));
    const asked = await cache.render(`n: ${asking}`, config);
    finished.push('asked');
    expect('svg' in asked && asked.svg).toContain(asking);
    await Promise.all(background);
    expect(finished.indexOf('asked')).toBeLessThan(finished.indexOf(names.at(-2)!));
    expect(cache.peek(`n: ${asking}`, config)).toEqual(asked);
  }, 120_000);

  it('answers a syntax error with D2\'s message and the line, and goes on working', async () => {
    const error = await d2.check('a -> b\nc: {shape: nosuch}\n').catch((err) => err);
    expect(error).toBeInstanceOf(D2SyntaxError);
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/unknown shape/);
    const unclosed = await d2.check('a: {\n  b -> \n').catch((err) => err);
    expect(unclosed.line).toBe(1);
    expect(await d2.render('ok: Still Fine')).toContain('Still Fine');
  }, 120_000);

  it('reads no file a source imports (there are none to read)', async () => {
    const error = await d2.check('x: @/etc/hostname\n').catch((err) => err);
    expect(error).toBeInstanceOf(D2SyntaxError);
    expect(error.message).toBe('line 1: failed to import "/etc/hostname.d2": file does not exist');
  }, 120_000);
});

/** The same SVG from both engines, but for the release each names (the WASM build says v0.7.0-HEAD). */
const sameDrawing = (svg: string) => svg.replace(/ data-d2-version="[^"]*"/, '');

describe('the native binary and the WASM build', () => {
  const sources: [string, string, Parameters<D2Service['render']>[1]][] = [
    ['C4 shapes in a container', 'user: Customer {shape: person}\nshop: Web Shop {\n  api: API\n  db: Orders {shape: cylinder}\n  api -> db: reads and writes\n}\nuser -> shop.api: orders\n', {}],
    ['a theme by loko\'s name, and a salt', 'a: Gateway\nb: Payments\nq: Events {shape: queue}\na -> b -> q\nq -> a: notifies {style.stroke-dash: 3}\n', { theme: 'grape-soda', salt: 'abc12345' }],
    ['the source\'s own d2-config', 'vars: {d2-config: {pad: 12; sketch: true; theme-id: 4}}\nx -> y: sketched\n', {}],
    ['tables, classes, markdown and icons', 'users: {shape: sql_table\n  id: int {constraint: primary_key}\n  email: text\n}\nsvc: {shape: class\n  +run(): void\n}\nnote: |md\n  # Heading\n  - one **bold** item\n|\nweb: {icon: https://icons.terrastruct.com/essentials/087-display.svg}\nusers -> svc\n', {}],
    ['a grid and a sequence diagram', 'grid: {grid-rows: 2\n  a; b; c; d\n}\nseq: {shape: sequence_diagram\n  alice -> bob: hi\n  bob -> alice: hello\n}\n', { theme: 200 }],
  ];

  it.each(sources)('draw the same diagram: %s', async (_, source, options) => {
    const [native, wasm] = await Promise.all([engines.native.render(source, options), engines.wasm.render(source, options)]);
    expect(native).toContain('<svg');
    expect(sameDrawing(native)).toBe(sameDrawing(wasm));
  }, 120_000);

  it.each([
    ['a connection without its end and an open map', 'a -> \nb: {'],
    ['an unknown shape and a bad style', 'x: {shape: nosuch}\ny: {style.opacity: 7}\n'],
    ['an unknown layout keyword', 'a -> b\nb.style.fill: \n\nc: {near: nowhere}\n'],
  ])('answer the same syntax errors at the same lines: %s', async (_, source) => {
    const [native, wasm] = await Promise.all([engines.native.check(source).catch((err) => err), engines.wasm.check(source).catch((err) => err)]);
    expect(wasm).toBeInstanceOf(D2SyntaxError);
    expect(native).toBeInstanceOf(D2SyntaxError);
    expect({ message: native.message, line: native.line, column: native.column }).toEqual({ message: wasm.message, line: wasm.line, column: wasm.column });
  }, 120_000);

  it('reads the binary\'s error lines as the WASM build\'s', () => {
    const error = syntaxError('err: failed to compile -: -:3:4: arrays must be terminated with ]\nerr: -:2:1: connection missing destination\n');
    expect(error?.message).toBe('line 2: connection missing destination; line 3: arrays must be terminated with ]');
    expect(error?.line).toBe(2);
    expect(syntaxError('err: failed to compile -: something broke\n')).toBeUndefined();
    expect(syntaxError('success: successfully compiled - to -\n')).toBeUndefined();
  });
});

describe('a native binary that cannot be used', () => {
  const folder = mkdtempSync(join(tmpdir(), 'd2-broken-'));
  const script = (name: string, body: string) => {
    const file = join(folder, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };

  it.each([
    ['missing', join(folder, 'no-such-d2'), /native D2 at .*no-such-d2 does not start/],
    ['failing to start', script('fails', 'exit 3'), /does not start/],
  ])('%s: the WASM build renders, and the log says why', async (_, binary, why) => {
    const log: string[] = [];
    const d2 = new D2Service((line) => log.push(line), { native: binary });
    try {
      expect(await d2.render('fallback: Drawn All The Same')).toContain('Drawn All The Same');
      expect(await d2.engine()).toBe('D2 WASM build');
      expect(log.find((line) => why.test(line))).toMatch(/rendering with the WASM build/);
    } finally {
      await d2.close();
    }
  }, 120_000);

  it('breaking after it started: the request is rendered by the WASM build, and so are the later ones', async () => {
    const log: string[] = [];
    // Answers --version, then dies on every diagram.
    const d2 = new D2Service((line) => log.push(line), { native: script('breaks', 'if [ "$1" = --version ]; then echo v0.7.1; exit 0; fi\necho "panic: runtime error" >&2\nexit 2') });
    try {
      expect(await d2.engine()).toBe('D2 v0.7.1, native binary');
      // Several at once, more than run at once: every one drawn, the break said once.
      const labels = Array.from({ length: (await d2.parallelism()) + 3 }, (_, i) => `Broke Later ${i}`);
      const svgs = await Promise.all(labels.map((label) => d2.render(`late: ${label}`)));
      svgs.forEach((svg, i) => expect(svg).toContain(labels[i]));
      expect(log.filter((line) => line.includes('panic: runtime error'))).toEqual([expect.stringMatching(/using the WASM build from now on/)]);
      expect(await d2.engine()).toBe('D2 WASM build');
      // A syntax error is still D2's answer, not a failure of the engine.
      expect((await d2.check('a ->').catch((err) => err)).line).toBe(1);
    } finally {
      await d2.close();
    }
  }, 120_000);
});

describe('a source the native binary declines', () => {
  it('is drawn by the WASM build, and the binary goes on drawing the others', async () => {
    const log: string[] = [];
    const d2 = new D2Service((line) => log.push(line));
    try {
      expect(await d2.engine()).toBe(`D2 ${installedNativeD2().version}, native binary`);
      // The binary will not write a source with layers to standard output; the WASM build draws its root board.
      const layered = 'outside -> Root Board\nlayers: { inner: { Inner Board -> x } }';
      const wasm = new D2Service(undefined, { native: false });
      try {
        expect(await d2.render(layered)).toBe(await wasm.render(layered));
      } finally {
        await wasm.close();
      }
      expect(await d2.render('after: Still Native')).toContain('Still Native');
      expect(await d2.engine()).toBe(`D2 ${installedNativeD2().version}, native binary`);
      expect(log.filter((line) => line.includes('from now on'))).toEqual([]);
    } finally {
      await d2.close();
    }
  }, 120_000);
});

describe('closing D2', () => {
  it('refuses what is waiting and what D2 is working on, and leaves no worker behind', async () => {
    const own = new D2Service(undefined, { native: false });
    await own.start();
    const asked = [own.render('a: One'), own.render('b: Two', {}, true), own.check('c: Three')];
    const outcomes = Promise.allSettled(asked);
    await own.close();
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason.message).toBe('the studio is closing');
    }
    expect(own.processId).toBeUndefined();
    await expect(own.render('d: Four')).rejects.toThrow('the studio is closing');
  }, 120_000);

  it('kills D2\'s process even while D2 is still loading', async () => {
    const own = new D2Service(undefined, { native: false });
    const starting = own.start();
    const pid = await waitFor(() => own.processId, 10_000, "D2's process");
    await own.close();
    await expect(starting).rejects.toThrow('the studio is closing');
    expect(isAlive(pid)).toBe(false);
  }, 120_000);
});

describe('a D2 process that dies', () => {
  it('is replaced: the next request starts a fresh one', async () => {
    const own = new D2Service(undefined, { native: false });
    try {
      await own.start();
      const first = own.processId!;
      process.kill(first, 'SIGKILL');
      // Once the core has seen it end (its exit event), the service lets it go (D2's tuning, still
      // queued, may start the next one at once).
      await waitFor(() => own.processId !== first, 10_000, "the service to see D2's process end");
      expect(await own.render('b: Found Again')).toContain('Found Again');
      expect(own.processId).not.toBeUndefined();
    } finally {
      await own.close();
    }
  }, 120_000);
});

describe('ELK layouts', () => {
  const source = 'user: Customer {shape: person}\nshop: Web Shop {\n  api: API\n  db: Orders {shape: cylinder}\n  api -> db: reads and writes\n}\nuser -> shop.api: orders\n';

  it('are drawn the same by the native binary while the WASM build loads, and by the WASM build once warm', async () => {
    const log: string[] = [];
    const own = new D2Service((line) => log.push(line));
    try {
      // Nothing loaded yet: the binary draws it, and the WASM build starts loading for the next ones.
      const first = await own.render(source, { layout: 'elk', salt: 'e1' });
      expect(own.processId).toBeDefined();
      await own.start('elk');
      const warm = await own.render(source, { layout: 'elk', salt: 'e1' });
      expect(sameDrawing(first)).toBe(sameDrawing(warm));
      expect(first).toContain('data-d2-version="v0.7.1"');
      expect(warm).not.toContain('data-d2-version="v0.7.1"');
      expect(log.some((line) => /D2 \(WASM build\) loaded and warm/.test(line))).toBe(true);
    } finally {
      await own.close();
    }
  }, 120_000);
});

describe('ELK while the WASM build loads', () => {
  it('gives the binary as many requests as keep it busy, and leaves those asked beyond them (a build\'s, all at once) to the WASM build', async () => {
    // A binary that keeps its requests, busy with 2 at once, and a WASM build still loading.
    const held: (() => void)[] = [];
    const native = {
      version: 'v0',
      binary: 'fake',
      parallelism: 2,
      render: (source: string) => new Promise<string>((resolve) => held.push(() => resolve(`native ${source}`))),
      close: async () => undefined,
    };
    const start = vi.spyOn(NativeD2, 'start').mockResolvedValue(native as unknown as NativeD2);
    const own = new D2Service(undefined, { native: 'fake' });
    const wasm = (own as unknown as { wasm: { ready: boolean; start(): Promise<void>; render(source: string): Promise<string> } }).wasm;
    vi.spyOn(wasm, 'ready', 'get').mockReturnValue(false);
    vi.spyOn(wasm, 'start').mockResolvedValue(undefined);
    vi.spyOn(wasm, 'render').mockImplementation(async (source) => `wasm ${source}`);
    try {
      const drawn = ['a', 'b', 'c', 'd', 'e'].map((source) => own.render(source, { layout: 'elk' }));
      await waitFor(() => held.length === 2, 5_000, 'the binary to be asked');
      held.forEach((answer) => answer());
      expect(await Promise.all(drawn)).toEqual(['native a', 'native b', 'wasm c', 'wasm d', 'wasm e']);
      // Once the binary has answered, a caller's next request is the binary's again.
      const next = own.render('f', { layout: 'elk' });
      await waitFor(() => held.length === 3, 5_000, 'the binary to be asked again');
      held[2]();
      expect(await next).toBe('native f');
    } finally {
      start.mockRestore();
      await own.close();
    }
  });
});

describe('the render cache', () => {
  const config = { theme: 'neutral-default', layout: 'dagre' as const };
  const source = 'api: Orders API\ndb: Orders {shape: cylinder}\napi -> db: writes\n';

  it('answers the same source and config from what D2 drew, and anything else from D2 again', async () => {
    const cache = new DiagramCache(engines.native);
    expect(cache.peek(source, config)).toBeUndefined();
    const first = await cache.render(source, config);
    expect(await cache.render(source, config)).toBe(first);
    const variants = await Promise.all([cache.render(`${source}db -> api: reads\n`, config), cache.render(source, { ...config, theme: 'grape-soda' })]);
    for (const variant of variants) {
      expect('svg' in variant && variant.svg).toContain('Orders API');
      expect(variant).not.toEqual(first);
    }
    // A syntax error is an answer too, kept as one; the fixed source is drawn.
    const broken = await cache.render('a -> \nb: {', config);
    expect('error' in broken && broken.error.line).toBe(1);
    expect(await cache.render('a -> b\n', config)).toHaveProperty('svg');
    expect(cache.peek('a -> \nb: {', { ...config, theme: 'grape-soda' })).toBeUndefined();
  }, 120_000);

  it('keeps renders by D2\'s release as well, and draws each diagram with the salt it had before', async () => {
    const saltBefore = createHash('sha256').update(`${BUILD_VERSION}\0${config.theme}\0${config.layout}\0${source}`).digest('hex').slice(0, 8);
    expect(diagramSalt(source, config)).toBe(saltBefore);
    // The key holds the release: it is not the key a build of before wrote in its manifest.
    expect(diagramHash(source, config).slice(0, 8)).not.toBe(saltBefore);
    const cached = await new DiagramCache(engines.native).render(source, config);
    expect(cached).toEqual({ svg: await engines.native.render(source, { ...config, salt: saltBefore }) });
  }, 120_000);
});

describe('the WASM build\'s process', () => {
  it('exits once idle, and the next request loads it again', async () => {
    const log: string[] = [];
    const own = new D2Service((line) => log.push(line), { native: false, wasmIdleMs: 300 });
    try {
      expect(await own.render('a: Before The Rest')).toContain('Before The Rest');
      const pid = own.processId!;
      await waitFor(() => (own.processId === undefined ? true : undefined), 60_000, "D2's idle process to exit");
      await waitFor(() => (isAlive(pid) ? undefined : true), 10_000, "D2's process to be gone");
      expect(log.some((line) => /no request for 0.3 s, its process exits/.test(line))).toBe(true);
      expect(await own.render('b: After The Rest')).toContain('After The Rest');
      expect(own.processId).not.toBe(pid);
    } finally {
      await own.close();
    }
  }, 120_000);
});

describe('D2 helpers', () => {
  it('reads D2\'s error list and loko\'s theme names', () => {
    const error = parseD2Error('[{"errmsg":"index:3:4: arrays must be terminated with ]"},{"errmsg":"index:2:1: connection missing destination"}]');
    expect(error.line).toBe(2);
    expect(error.message).toBe('line 2: connection missing destination; line 3: arrays must be terminated with ]');
    expect(parseD2Error('something odd').line).toBeUndefined();
    expect(themeId('neutral-default')).toBe(0);
    expect(themeId('Dark Mauve')).toBe(200);
    expect(themeId(104)).toBe(104);
    expect(themeId('unknown')).toBe(0);
  });
});
