import { describe, expect, it } from 'vitest';
import { errorReply, unwrapReply } from './ipc-contract';

describe('unwrapReply', () => {
  it('answers the result', () => {
    expect(unwrapReply({ result: { text: 'ok', isError: false } })).toEqual({ text: 'ok', isError: false });
    expect(unwrapReply({ result: null })).toBeNull();
  });

  it('throws the error as a plain object that keeps code and suggestion', () => {
    let thrown: unknown;
    try {
      unwrapReply({ error: { code: 'unknown_domain', message: 'no domain "midi"', suggestion: 'one of: drawio' } });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toEqual({ code: 'unknown_domain', message: 'no domain "midi"', suggestion: 'one of: drawio' });
    expect(thrown).not.toBeInstanceOf(Error);
  });

  it('throws internal_error for a reply of the wrong shape', () => {
    for (const reply of [undefined, null, 'text', {}, { error: 'x' }]) {
      expect(() => unwrapReply(reply)).toThrow(expect.objectContaining({ code: 'internal_error' }));
    }
  });
});

describe('errorReply', () => {
  it('carries the suggestion only when there is one', () => {
    expect(errorReply({ code: 'a', message: 'b' })).toEqual({ error: { code: 'a', message: 'b' } });
    expect(errorReply({ code: 'a', message: 'b', suggestion: 'c' })).toEqual({ error: { code: 'a', message: 'b', suggestion: 'c' } });
  });
});
