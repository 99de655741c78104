import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { D2SyntaxError } from './d2-common';
import { d2Environment, installedNativeD2, NativeD2 } from './d2-native';
import { isAlive, waitFor } from '../../mcp/test-fixtures';

const { binary } = installedNativeD2();
/** D2 run as the studio ran it before any process was started ahead: fresh, with its own --salt. */
const freshRun = (source: string, theme: number, salt?: string) =>
  execFileSync(binary, ['--no-xml-tag', '--bundle=false', '--layout=dagre', `--theme=${theme}`, ...(salt ? [`--salt=${salt}`] : []), '-', '-'], { input: source, env: d2Environment() })
    .toString('utf8')
    .replace(/\n$/, '');

const sources = [
  'a: Gateway\nb: Payments\nq: Events {shape: queue}\na -> b -> q\nq -> a: notifies {style.stroke-dash: 3}\n',
  'user: Customer {shape: person}\nshop: Web Shop {\n  api: API\n  db: Orders {shape: cylinder}\n  api -> db: reads and writes\n}\nuser -> shop.api: orders\n',
  'vars: {d2-config: {pad: 12; sketch: true}}\nx -> y: sketched\n',
];

describe('a lone diagram drawn by the process started ahead', () => {
  it('is the drawing a fresh process makes with the salt, theme by theme; a process dead meanwhile is replaced', async () => {
    const d2 = await NativeD2.start(binary);
    try {
      for (const [i, source] of sources.entries()) {
        for (const [theme, salt] of [[0, undefined], [0, `s${i}0`], [200, `s${i}1`], [200, `s${i}1`]] as const) {
          expect(await d2.render(source, { theme, salt }), `source ${i}, theme ${theme}, salt ${salt}`).toBe(freshRun(source, theme, salt));
        }
      }
      // One waits for the next diagram; killed, the next is drawn all the same, by a fresh process.
      const waiting = await waitFor(() => d2.standbyProcessId, 10_000, 'a process started ahead');
      process.kill(waiting, 'SIGKILL');
      await waitFor(() => !isAlive(waiting), 10_000, 'the process to end');
      expect(await d2.render(sources[0], { theme: 200, salt: 'late' })).toBe(freshRun(sources[0], 200, 'late'));
      // A syntax error is the same answer from it, at the same line.
      const error = await d2.render('a -> b\nc: {shape: nosuch}\n', { theme: 200 }).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(D2SyntaxError);
      expect((error as D2SyntaxError).line).toBe(2);
      const next = await waitFor(() => d2.standbyProcessId, 10_000, 'a process started ahead');
      await d2.close();
      // Left alone it would wait for its input for good.
      await waitFor(() => !isAlive(next), 10_000, 'the process started ahead to be killed');
    } finally {
      await d2.close();
    }
  }, 120_000);
});
