import { describe, expect, it } from 'vitest';
import { StudioError } from '../kernel/errors';
import { parseOp, splitOps, tokenize } from './grammar';

describe('tokenize', () => {
  it('splits on whitespace and keeps quoted runs whole', () => {
    expect(tokenize('add  svc "Auth Service"\tx').map((t) => t.text)).toEqual(['add', 'svc', 'Auth Service', 'x']);
  });

  it('decodes escapes inside quotes', () => {
    const [tok] = tokenize(String.raw`"say \"hi\" \\ next\nline \u00e9"`);
    expect(tok.text).toBe('say "hi" \\ next\nline é');
    expect(tok.quoted).toBe(true);
  });

  it('accepts single quotes and keeps the other quote inside', () => {
    expect(tokenize(`'it"s'`)[0].text).toBe('it"s');
  });

  it('rejects an unclosed quote with a parse error and a fix', () => {
    try {
      tokenize('label A "unfinished');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(StudioError);
      expect((err as StudioError).code).toBe('parse_error');
      expect((err as StudioError).message).toContain('column 9');
      expect((err as StudioError).suggestion).toBe('close it: "unfinished"');
    }
  });

  it('rejects a malformed \\u escape', () => {
    expect(() => tokenize(String.raw`"\u12"`)).toThrow(/four hex digits/);
  });
});

describe('parseOp', () => {
  it('lowercases the verb and sorts positionals, params and selectors', () => {
    const op = parseOp('STYLE UserDB @type:db fill:#ff0000 bold');
    expect(op.verb).toBe('style');
    expect(op.positionals).toEqual(['UserDB', 'bold']);
    expect(op.params).toEqual({ fill: '#ff0000' });
    expect(op.selectors).toEqual([{ kind: 'type', value: 'db', negated: false, raw: '@type:db' }]);
  });

  it('keeps a quoted token that looks like a param as a positional', () => {
    const op = parseOp('label A "key:not-a-param"');
    expect(op.positionals).toEqual(['A', 'key:not-a-param']);
    expect(op.params).toEqual({});
  });

  it('reads key:"quoted value" as one param', () => {
    expect(parseOp('connect A -> B label:"data flow"').params).toEqual({ label: 'data flow' });
  });

  it('reads an arrow inside a quoted param value as part of the value', () => {
    const op = parseOp('connect A -> B label:"in -> out"');
    expect(op.params).toEqual({ label: 'in -> out' });
    expect(op.positionals).toEqual(['A', '->', 'B']);
  });

  it('splits key:value at the first colon only', () => {
    expect(parseOp('add box X url:http://x:80/').params.url).toBe('http://x:80/');
  });

  it('keeps arrows as positionals in order, glued or spaced', () => {
    expect(parseOp('connect A -> B <-> C -- D').positionals).toEqual(['A', '->', 'B', '<->', 'C', '--', 'D']);
    expect(parseOp('connect db:A->db:B').positionals).toEqual(['db:A->db:B']);
  });

  it('parses negated selectors with values', () => {
    expect(parseOp('remove @not:type:db @recent:3').selectors).toEqual([
      { kind: 'type', value: 'db', negated: true, raw: '@not:type:db' },
      { kind: 'recent', value: '3', negated: false, raw: '@recent:3' },
    ]);
  });

  it('lets a later duplicate key win', () => {
    expect(parseOp('add svc A theme:blue theme:red').params.theme).toBe('red');
  });

  it('rejects an empty op', () => {
    expect(() => parseOp('   ')).toThrow(StudioError);
  });
});

describe('splitOps', () => {
  it('splits op strings on newlines and drops blank lines between them', () => {
    expect(splitOps(['add svc A\n\nadd svc B\r\nadd db C', 'title "T"'])).toEqual(['add svc A', 'add svc B', 'add db C', 'title "T"']);
  });

  it('keeps a wholly blank op so that it is reported as empty', () => {
    expect(splitOps(['\n'])).toEqual(['\n']);
  });
});
