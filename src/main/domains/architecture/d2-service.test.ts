import { afterAll, describe, expect, it } from 'vitest';
import { D2Service, D2SyntaxError, parseD2Error, themeId } from './d2-service';
import { isAlive, waitFor } from '../../mcp/test-fixtures';
import { DiagramCache } from './diagrams';

const d2 = new D2Service();
afterAll(() => d2.close());

describe('D2 in its own process', () => {
  it('renders SVG markup that holds the shapes\' labels', async () => {
    await d2.start();
    const svg = await d2.render('api: Payment API\ndb: Ledger Store {shape: cylinder}\napi -> db: writes entries\n', { layout: 'dagre' });
    expect(svg.startsWith('<svg')).toBe(true);
    for (const label of ['Payment API', 'Ledger Store', 'writes entries']) expect(svg).toContain(label);
  }, 120_000);

  it('answers concurrent requests each with its own result', async () => {
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    const svgs = await Promise.all(names.map((name) => d2.render(`${name.toLowerCase()}: ${name} Node`)));
    svgs.forEach((svg, i) => {
      expect(svg).toContain(`${names[i]} Node`);
      for (const other of names.filter((n) => n !== names[i])) expect(svg).not.toContain(`${other} Node`);
    });
  }, 120_000);

  it('answers a caller before the background renders queued ahead of it', async () => {
    await d2.start();
    const finished: string[] = [];
    const note = (name: string) => (svg: string) => {
      expect(svg).toContain(name);
      finished.push(name);
    };
    const background = ['Early', 'Middle', 'Late'].map((name) => d2.render(`x: ${name}`, {}, true).then(note(name)));
    const caller = d2.render('y: Caller').then(note('Caller'));
    await Promise.all([...background, caller]);
    expect(finished[0]).toBe('Caller');
    expect(finished.slice(1)).toEqual(['Early', 'Middle', 'Late']);
  }, 120_000);

  it('renders a diagram a caller asks for at once, even when it waits in the background already', async () => {
    const cache = new DiagramCache(d2);
    const config = { theme: 'neutral-default', layout: 'dagre' as const };
    const finished: string[] = [];
    const names = ['One', 'Two', 'Three', 'Four'];
    const background = names.map((name) => cache.render(`n: ${name}`, config, true).then(() => finished.push(name)));
    const asked = await cache.render('n: Four', config);
    finished.push('asked');
    expect('svg' in asked && asked.svg).toContain('Four');
    await Promise.all(background);
    expect(finished.indexOf('asked')).toBeLessThan(finished.indexOf('Two'));
    expect(cache.peek('n: Four', config)).toEqual(asked);
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
});

describe('closing D2', () => {
  it('refuses what is waiting and what D2 is working on, and leaves no worker behind', async () => {
    const own = new D2Service();
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
    const own = new D2Service();
    const starting = own.start();
    const pid = await waitFor(() => own.processId, 10_000, "D2's process");
    await own.close();
    await expect(starting).rejects.toThrow('the studio is closing');
    expect(isAlive(pid)).toBe(false);
  }, 120_000);
});

describe('a D2 process that dies', () => {
  it('is replaced: the next request starts a fresh one', async () => {
    const own = new D2Service();
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
