import { describe, expect, it } from 'vitest';
import { StudioError } from '../kernel/errors';
import type { ToolDomain } from '../tool-domain/domain';
import { countersDomain } from '../tool-domain/testing/counters-domain';
import { echoDomain } from './test-fixtures';
import { LazyCancellation } from './call-cancellation';
import { buildOffer, createOfferServer, findOfferedResource, parseToolsetList, selectToolsets, toolCallAnswer } from './toolsets';

const both = { fcp: [echoDomain], tool: [countersDomain] };
const names = (items: readonly { name: string }[]) => items.map((i) => i.name);

describe('toolsets', () => {
  it('selects toolsets by name or all, and names the valid ones for an unknown one', () => {
    const other = { ...echoDomain, name: 'midi' };
    expect(names(selectToolsets([echoDomain, other]))).toEqual(['echo', 'midi']);
    expect(names(selectToolsets([echoDomain, other], ['midi']))).toEqual(['midi']);
    expect(names(selectToolsets([echoDomain, other], ['midi', 'all']))).toEqual(['echo', 'midi']);
    expect(parseToolsetList(' echo, midi ,')).toEqual(['echo', 'midi']);
    let error: unknown;
    try {
      selectToolsets([echoDomain, other], ['ehco']);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ code: 'unknown_toolset', suggestion: '--toolsets echo,midi' });
    expect((error as StudioError).message).toContain('"ehco"');
    expect((error as StudioError).message).toContain('toolsets: echo, midi (or all)');
  });

  it('offers both kinds of domain from their tables, picked by name', () => {
    const offer = buildOffer(both);
    expect(offer.toolsets).toEqual(['echo', 'counters']);
    expect(names(offer.tools)).toEqual(['echo', 'echo_query', 'echo_session', 'echo_help', ...names(countersDomain.tools)]);
    expect(offer.resources.map((r) => [r.domain, r.spec.uri])).toEqual([
      ['counters', 'counters://all'],
      ['counters', 'counters://counter/{name}'],
    ]);
    expect(offer.prompts.map((p) => p.spec.name)).toEqual(['counters-review']);
    const counters = buildOffer(both, { toolsets: ['counters'] });
    expect(counters.tools.every((t) => t.domain === 'counters')).toBe(true);
    const echo = buildOffer(both, { toolsets: ['echo'] });
    expect([echo.resources, echo.prompts]).toEqual([[], []]);
  });

  it('drops every write tool of every toolset in read-only mode, and keeps resources and prompts', () => {
    const offer = buildOffer(both, { readOnly: true });
    expect(names(offer.tools)).toEqual(['echo_query', 'echo_help', 'counters_list', 'counters_wait', 'counters_total']);
    expect(offer.resources).toHaveLength(2);
    expect(offer.prompts).toHaveLength(1);
  });

  it('says how a cut-off call may be sent again, and answers errors in each tool\'s own shape', () => {
    const byName = new Map(buildOffer(both).tools.map((t) => [t.name, t]));
    const policies = Object.fromEntries([...byName].map(([name, t]) => [name, t.resend]));
    expect(policies).toEqual({
      echo: 'request-id',
      echo_query: 'safe',
      echo_session: 'request-id',
      echo_help: 'safe',
      counters_list: 'safe',
      counters_bump: 'never',
      // Removing a counter twice removes nothing more (idempotentHint).
      counters_reset: 'safe',
      counters_wait: 'safe',
      counters_total: 'safe',
    });
    expect(byName.get('counters_bump')!.checkHint).toBe('counters_list shows where things stand');
    const bump = byName.get('counters_bump')!;
    const answer = bump.errorResult(new StudioError(bump.codes.invalidInput, 'bad', 'counters_bump({})'));
    expect(answer.isError).toBe(true);
    expect(JSON.parse((answer.content[0] as { text: string }).text)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: 'bad', suggestion: 'counters_bump({})' } });
    const echo = byName.get('echo')!;
    expect(echo.errorResult(new StudioError(echo.codes.invalidInput, 'bad', 'echo({})')).content).toEqual([{ type: 'text', text: '! bad [bad_arguments]\n  try: echo({})' }]);
  });

  it('finds the resource a URI names, fixed or by template', () => {
    const offer = buildOffer(both);
    expect(findOfferedResource(offer, 'counters://all')?.spec.name).toBe('counters-all');
    expect(findOfferedResource(offer, 'counters://counter/visits')?.spec.name).toBe('counters-one');
    expect(findOfferedResource(offer, 'counters://other')).toBeUndefined();
  });

  it('refuses two domains with one name, or one tool name twice', () => {
    expect(() => buildOffer({ fcp: [echoDomain], tool: [{ ...countersDomain, name: 'echo' } as ToolDomain<any>] })).toThrow(
      'two domains define the same toolset name: echo',
    );
    const twin = { ...countersDomain, name: 'twin', resources: [], prompts: [] } as ToolDomain<any>;
    expect(() => buildOffer({ fcp: [], tool: [countersDomain, twin] })).toThrow(/the same tool name: counters_list, counters_bump/);
  });

  it('checks the arguments of a call unless its runner forwards them to a server that checks them', async () => {
    const offer = buildOffer({ fcp: [echoDomain], tool: [] });
    const received: Record<string, unknown>[] = [];
    let forwarding = false;
    const answer = toolCallAnswer(
      createOfferServer(offer, {
        callTool: async (_tool, args) => (received.push(args), { content: [{ type: 'text', text: 'ran' }] }),
        forwardsArguments: (tool) => forwarding && tool.name === 'echo',
      }),
    )!;
    const call = (name: string, args: Record<string, unknown>) => answer({ name, arguments: args }, new LazyCancellation(), async () => undefined);
    const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
    expect(text(await call('echo', { ops: 'say hi' }))).toMatch(/^! bad arguments for echo: ops: .*\[bad_arguments\]/);
    forwarding = true;
    expect(text(await call('echo', { ops: 'say hi' }))).toBe('ran');
    expect(received).toEqual([{ ops: 'say hi' }]);
    // Another tool of the same server is still checked here.
    expect(text(await call('echo_query', { q: 5 }))).toMatch(/^! bad arguments for echo_query: q: .*\[bad_arguments\]/);
    // An unknown tool is refused here whatever the runner does.
    expect(text(await call('ehco', {}))).toMatch(/unknown_tool/);
  });
});
