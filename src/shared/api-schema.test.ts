import { describe, expect, it } from 'vitest';
import { API_LIMITS, ApiCallError, parseApiCall, parseRequestEnvelope } from './api-schema';

function refusal(payload: unknown): ApiCallError {
  try {
    parseApiCall(payload);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiCallError);
    return err as ApiCallError;
  }
  throw new Error(`accepted ${JSON.stringify(payload)}`);
}

describe('parseApiCall', () => {
  it('accepts every call of the contract as it is', () => {
    const calls = [
      { method: 'info' },
      { method: 'snapshot', domain: 'drawio' },
      { method: 'mutate', domain: 'drawio', ops: ['add svc A', 'add db B'] },
      { method: 'query', domain: 'drawio', q: '' },
      { method: 'session', domain: 'drawio', action: 'save as:diagrams/a' },
      { method: 'listFiles', domain: 'drawio' },
      { method: 'callTool', domain: 'testenv', tool: 'preflight_run', args: { projectPath: 'api', suites: ['smoke'] } },
      { method: 'callTool', domain: 'testenv', tool: 'preflight_status' },
    ];
    for (const call of calls) expect(parseApiCall(call)).toEqual(call);
  });

  it('checks a tool call\'s shape and the size of its arguments, and leaves their content to the tool', () => {
    expect(refusal({ method: 'callTool', domain: 'testenv' }).message).toContain('tool: expected a string, got nothing');
    expect(refusal({ method: 'callTool', domain: 'testenv', tool: 'x', args: ['a'] }).message).toContain('args: expected an object');
    const huge = { blob: 'x'.repeat(API_LIMITS.maxToolArgsChars) };
    expect(refusal({ method: 'callTool', domain: 'testenv', tool: 'x', args: huge }).message).toContain(`args: at most ${API_LIMITS.maxToolArgsChars} characters of JSON`);
  });

  it('names the field, with code bad_request and an example call to try', () => {
    const notStrings = refusal({ method: 'mutate', domain: 'drawio', ops: ['add svc A', 7] });
    expect(notStrings.code).toBe('bad_request');
    expect(notStrings.message).toBe('invalid call: ops[1]: expected a string, got a number');
    expect(notStrings.suggestion).toBe('{"method":"mutate","domain":"drawio","ops":["add svc AuthService theme:blue"]}');

    expect(refusal({ method: 'mutate', domain: 'drawio', ops: 'add svc A' }).message).toContain('ops: expected an array, got a string');
    expect(refusal({ method: 'mutate', domain: 'drawio', ops: [] }).message).toContain('ops: needs at least 1 item');
    expect(refusal({ method: 'query', domain: 'drawio' }).message).toContain('q: expected a string, got nothing (the field is missing)');
    expect(refusal({ method: 'explode' }).message).toContain('method: unknown method "explode"; one of snapshot, mutate, query, session, listFiles, info, callTool');
    expect(refusal({ domain: 'drawio' }).message).toContain('method: missing');
    expect(refusal({ method: 'info', extra: 1, more: 2 }).message).toContain('extra, more: unknown fields');
    expect(refusal(null).message).toContain('call: expected an object, got null');
    expect(refusal('info').message).toContain('call: expected an object, got a string');
    expect(refusal([]).message).toContain('call: expected an object, got an array');
    expect(refusal({ method: 'snapshot', domain: '' }).message).toContain('domain: must not be empty');
  });

  it('bounds every size', () => {
    const tooMany = Array.from({ length: API_LIMITS.maxOps + 1 }, () => 'add svc A');
    expect(refusal({ method: 'mutate', domain: 'drawio', ops: tooMany }).message).toContain(`ops: at most ${API_LIMITS.maxOps} items`);
    expect(parseApiCall({ method: 'mutate', domain: 'drawio', ops: tooMany.slice(1) })).toBeTruthy();
    const longOp = 'x'.repeat(API_LIMITS.maxOpChars + 1);
    expect(refusal({ method: 'mutate', domain: 'drawio', ops: ['add svc A', longOp] }).message).toContain(`ops[1]: at most ${API_LIMITS.maxOpChars} characters`);
    expect(refusal({ method: 'query', domain: 'drawio', q: 'x'.repeat(API_LIMITS.maxQueryChars + 1) }).message).toContain('q: at most');
    expect(refusal({ method: 'session', domain: 'drawio', action: 'x'.repeat(API_LIMITS.maxActionChars + 1) }).message).toContain('action: at most');
    expect(refusal({ method: 'info', domain: 'x' }).message).toContain('domain: unknown field');
    expect(refusal({ method: 'snapshot', domain: 'd'.repeat(API_LIMITS.maxDomainChars + 1) }).message).toContain('domain: at most');
  });
});

describe('parseRequestEnvelope', () => {
  it('reads {id, call} and refuses anything else, naming the field', () => {
    expect(parseRequestEnvelope({ id: 3, call: { method: 'info' } })).toEqual({ id: 3, call: { method: 'info' } });
    expect(parseRequestEnvelope({ id: 'a1', call: 5 })).toEqual({ id: 'a1', call: 5 });
    expect(() => parseRequestEnvelope({ call: {} })).toThrow('invalid message: id: expected a whole number (0 or more) or a string of 1 to 64 characters, got nothing (the field is missing)');
    expect(() => parseRequestEnvelope({ id: -1, call: {} })).toThrow('invalid message: id: must be 0 or more');
    expect(() => parseRequestEnvelope({ id: 1, call: {}, extra: true })).toThrow(/extra: unknown field/);
    expect(() => parseRequestEnvelope([1])).toThrow(/message: expected an object/);
  });
});
