import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mutationToolDescription } from '../fcp/reference-card';
import { fcpTools, toolResult } from './fcp-tools';
import { echoDomain } from './test-fixtures';

describe('FCP tool definitions', () => {
  it('gives each domain its four tools, the mutation tool described by the reference card', () => {
    const tools = fcpTools(echoDomain);
    expect(tools.map((t) => [t.name, t.kind])).toEqual([
      ['echo', 'mutate'],
      ['echo_query', 'query'],
      ['echo_session', 'session'],
      ['echo_help', 'help'],
    ]);
    expect(tools[0].description).toBe(mutationToolDescription(echoDomain));
    expect(tools[0].description).toContain('say TEXT');
    expect(Object.keys(tools[0].inputSchema)).toEqual(['ops']);
    expect(Object.keys(tools[1].inputSchema)).toEqual(['q']);
    expect(Object.keys(tools[2].inputSchema)).toEqual(['action']);
    expect(Object.keys(tools[3].inputSchema)).toEqual([]);
    expect(tools[1].description).toContain('map');
  });

  it('marks only query and help read-only', () => {
    const readOnly = Object.fromEntries(fcpTools(echoDomain).map((t) => [t.name, t.annotations.readOnlyHint]));
    expect(readOnly).toEqual({ echo: false, echo_query: true, echo_session: false, echo_help: true });
  });

  it('validates ops as an array of strings', () => {
    const input = z.object(fcpTools(echoDomain)[0].inputSchema);
    expect(input.safeParse({ ops: ['add svc A'] }).success).toBe(true);
    expect(input.safeParse({ ops: 'add svc A' }).success).toBe(false);
    expect(input.safeParse({ ops: [1] }).success).toBe(false);
  });

  it('turns an answer into text content with isError', () => {
    expect(toolResult({ text: '! nope [x]', isError: true })).toEqual({ content: [{ type: 'text', text: '! nope [x]' }], isError: true });
  });
});
