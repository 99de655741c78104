import { describe, expect, it } from 'vitest';
import { keepNewest } from './bounded';

describe('keepNewest', () => {
  it('drops the oldest items down to the limit and returns the last one dropped', () => {
    const items = [1, 2, 3, 4, 5];
    expect(keepNewest(items, 2)).toBe(3);
    expect(items).toEqual([4, 5]);
    items.push(6);
    expect(keepNewest(items, 2)).toBe(4);
    expect(items).toEqual([5, 6]);
  });

  it('leaves a list within its limit as it is', () => {
    const items = ['a', 'b'];
    expect(keepNewest(items, 2)).toBeUndefined();
    expect(keepNewest([], 0)).toBeUndefined();
    expect(items).toEqual(['a', 'b']);
  });
});
