import { describe, expect, it } from 'vitest';
import { parsePickFileRequest } from './pick-file-request';

describe('parsePickFileRequest', () => {
  it('accepts a domain and open or save', () => {
    expect(parsePickFileRequest({ domain: 'drawio', mode: 'open' })).toEqual({ ok: true, request: { domain: 'drawio', mode: 'open' } });
    expect(parsePickFileRequest({ domain: 'drawio', mode: 'save' })).toEqual({ ok: true, request: { domain: 'drawio', mode: 'save' } });
  });

  it.each([
    undefined,
    null,
    'drawio',
    [],
    {},
    { domain: 'drawio' },
    { domain: 'drawio', mode: 'delete' },
    { domain: '', mode: 'open' },
    { domain: 'x'.repeat(65), mode: 'open' },
    { domain: 'drawio', mode: 'open', path: '/etc/passwd' },
    { domain: 42, mode: 'open' },
  ])('refuses %j as bad_request with a suggestion', (payload) => {
    const result = parsePickFileRequest(payload);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('bad_request');
    expect(result.error.message).toMatch(/^invalid pickFile request: /);
    expect(result.error.suggestion).toContain('pickFile("drawio", "open")');
  });
});
