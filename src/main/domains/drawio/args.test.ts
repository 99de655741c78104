import { describe, expect, it } from 'vitest';
import { RecordStore } from '../../kernel/records';
import { parseOp } from '../../fcp/grammar';
import { checkParams, readArgs } from './args';
import { createDrawioModel } from './index';
import type { DrawioRecord } from '../../../shared/drawio/model';
import { DrawioView } from './view';

const view = new DrawioView(new RecordStore<DrawioRecord>(createDrawioModel('T', {})));

function words(line: string) {
  return readArgs(parseOp(line), view).words.map((w) => (w.arrow ? `[${w.arrow}]` : w.quoted ? `"${w.text}"` : w.text));
}

describe('readArgs', () => {
  it('keeps words in order and splits glued arrows', () => {
    expect(words('connect A->B<->C--D')).toEqual(['A', '[->]', 'B', '[<->]', 'C', '[--]', 'D']);
    expect(words('connect A -> B')).toEqual(['A', '[->]', 'B']);
  });

  it('keeps type-qualified refs as words, in place, even when the grammar filed them as params', () => {
    expect(words('connect db:A -> db:B label:x')).toEqual(['db:A', '[->]', 'db:B']);
    expect(words('connect svc:A->db:B')).toEqual(['svc:A', '[->]', 'db:B']);
  });

  it('keeps quoted words whole and marked', () => {
    expect(words('add svc "Auth -> Service"')).toEqual(['svc', '"Auth -> Service"']);
  });

  it('recovers a param whose value holds an arrow', () => {
    const { words: w, params } = readArgs(parseOp('connect A -> B label:"in -> out" style:dashed'), view);
    expect(w.map((x) => x.text)).toEqual(['A', '->', 'B']);
    expect(params).toEqual({ label: 'in -> out', style: 'dashed' });
  });

  it('drops selectors', () => {
    expect(words('style @type:db bold')).toEqual(['bold']);
  });
});

describe('checkParams', () => {
  it('refuses unknown keys with a did-you-mean and the keys the verb takes', () => {
    const op = parseOp('add svc A them:blue');
    expect(() => checkParams(op, op.params, view, { allowed: ['theme', 'at'] })).toThrow('add does not take them:. Did you mean theme:?');
  });

  it('lets type keys through only for verbs that take refs', () => {
    const op = parseOp('connect db:A -> B');
    expect(() => checkParams(op, op.params, view, { allowed: [], refs: true })).not.toThrow();
    expect(() => checkParams(op, op.params, view, { allowed: [] })).toThrow('connect does not take db:');
  });

  it('refuses selectors where a verb takes none', () => {
    const op = parseOp('swap @all');
    expect(() => checkParams(op, op.params, view, { allowed: [] })).toThrow('swap does not take selectors (@all)');
  });
});
