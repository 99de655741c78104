import { describe, expect, it } from 'vitest';
import { ExecOutput, LogLines, MAX_EXEC_OUTPUT } from './docker-streams';

/** A frame of Docker's multiplexed stream: stream 1 (stdout) or 2 (stderr). */
const frame = (stream: 1 | 2, text: string | Buffer) => {
  const payload = typeof text === 'string' ? Buffer.from(text) : text;
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
};

describe('an exec output', () => {
  it('keeps stdout and stderr in the order they came, frames split across chunks', () => {
    const out = new ExecOutput();
    const stream = Buffer.concat([frame(1, 'one\n'), frame(2, 'two\n'), frame(1, 'three')]);
    for (let i = 0; i < stream.length; i += 5) out.push(stream.subarray(i, i + 5));
    expect(out.text()).toBe('one\ntwo\nthree');
    expect(out.truncated).toBe(false);
  });

  it('keeps at most MAX_EXEC_OUTPUT bytes and says it cut the rest', () => {
    const out = new ExecOutput();
    out.push(frame(1, Buffer.alloc(MAX_EXEC_OUTPUT - 10, 'a')));
    out.push(frame(2, 'b'.repeat(20)));
    out.push(frame(1, 'c'));
    expect(out.text()).toHaveLength(MAX_EXEC_OUTPUT);
    expect(out.text().endsWith('b'.repeat(10))).toBe(true);
    expect(out.truncated).toBe(true);
  });

  it('reads a log the same way, cut into lines', () => {
    const lines = new LogLines(true);
    expect(lines.push(Buffer.concat([frame(1, 'a\nb'), frame(2, 'c\r\n')]))).toEqual(['a', 'bc']);
    expect(lines.push(frame(1, 'd'))).toEqual([]);
    expect(lines.end()).toEqual(['d']);
  });
});
