/** The Context view's reading of answers and records, and the rules editor's draft. */
import { describe, expect, it } from 'vitest';
import { UNREADABLE_ANSWER, applyRecordChanges } from '../../stores/tool-domain-store';
import { blueprintsOf, contextEnvelope, draftOf, saveArguments, withName } from './model';

const text = (t: string, isError = false) => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError } : {}) });

describe('the context envelope', () => {
  it('reads data, the contract\'s error envelope, and anything else as unreadable', () => {
    expect(contextEnvelope(text('{"saved":"logic64-state.json"}'))).toEqual({ ok: true, data: { saved: 'logic64-state.json' } });
    expect(contextEnvelope(text('{"error":{"code":"INVALID_PARAMS","message":"bad","suggestion":"fix"}}', true))).toEqual({
      ok: false,
      error: { code: 'INVALID_PARAMS', message: 'bad', suggestion: 'fix' },
    });
    expect(contextEnvelope(text('! no tool "x" [unknown_tool]', true))).toMatchObject({ ok: false, error: { code: UNREADABLE_ANSWER } });
    // An error flag without the envelope is not a success.
    expect(contextEnvelope(text('{"a":1}', true))).toMatchObject({ ok: false, error: { code: UNREADABLE_ANSWER } });
  });
});

describe('the records', () => {
  it('lists the blueprint log newest first', () => {
    const records = applyRecordChanges({}, [1, 3, 2].map((n) => ({ id: `blueprint:${n}`, kind: 'blueprint', n })), []);
    expect(blueprintsOf({ records }).map((b) => b.n)).toEqual([3, 2, 1]);
  });
});

describe('the rules draft', () => {
  it('adds names once (in any case), and saves directories without blank rows', () => {
    const draft = draftOf({ stack: { forbidden: ['Redux', { name: 'MongoDB', instead: 'supabase-postgres' }], allowed: ['zod'] }, directories: { lib: 'lib' } });
    expect(withName(draft.forbidden, 'redux')).toEqual(draft.forbidden);
    expect(withName(draft.forbidden, ' mongodb ')).toEqual(draft.forbidden);
    expect(withName(draft.allowed, '   ')).toEqual(['zod']);
    expect(withName(draft.allowed, ' date-fns ')).toEqual(['zod', 'date-fns']);
    const edited = { ...draft, directories: [...draft.directories, { kind: 'actions', path: ' app/_actions ' }, { kind: '', path: 'x' }] };
    expect(saveArguments(edited)).toEqual({
      forbidden: ['Redux', { name: 'MongoDB', instead: 'supabase-postgres' }],
      allowed: ['zod'],
      required: [],
      directories: { lib: 'lib', actions: 'app/_actions' },
    });
    expect(draftOf(undefined)).toEqual({ forbidden: [], allowed: [], required: [], directories: [] });
  });
});
