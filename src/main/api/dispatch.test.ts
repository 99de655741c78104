/** The one dispatcher of the renderer's API, on a real Studio and Workspace. */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../shared/change-feed';
import type { ApiAnswer } from '../../shared/tandem-api';
import type { Studio } from '../core/studio';
import { toolDomains as registeredToolDomains } from '../host/domains';
import { makeTemporaryDir, temporaryWorkspace } from '../testing/temporary-studio';
import { InFlightCalls } from '../core/in-flight-calls';
import { countersDomain } from '../tool-domain/testing/counters-domain';
import { STUDIO_CLOSING, handleApiCall, handleApiPayload } from './dispatch';
import { listWorkspaceFiles } from '../core/list-files';
import { appearanceFile, openAppearanceStore } from '../core/appearance-store';

describe('handleApiCall / handleApiPayload', () => {
  const temp = temporaryWorkspace('tandem-dispatch-');
  let studio: Studio;

  beforeEach(async () => {
    studio = await temp.open();
  });

  it('runs edits and actions as the person, and reports them so on the change feed', async () => {
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    const ctx = { host: 'electron' as const };
    const edit = await handleApiCall(studio, { method: 'mutate', domain: 'drawio', ops: ['add svc Api'] }, ctx);
    expect((edit as { result: ApiAnswer }).result.isError).toBe(false);
    await handleApiCall(studio, { method: 'session', domain: 'drawio', action: 'checkpoint one' }, ctx);
    expect(events.map((e) => [e.kind, e.origin])).toEqual([
      ['batch', 'person'],
      ['checkpoint', 'person'],
    ]);
    expect(await handleApiCall(studio, { method: 'info' }, ctx)).toEqual({ result: { workspace: temp.workspaceOf(studio).root, domains: ['drawio', 'midi'], toolDomains: registeredToolDomains.map((d) => d.name), host: 'electron' } });
  });

  it('calls a tool domain\'s tools as the person, answering as an MCP client is answered', async () => {
    studio = await temp.reopen(studio, { toolDomains: [countersDomain] });
    const events: ChangeEvent[] = [];
    studio.subscribe((e) => events.push(e));
    const ctx = { host: 'browser' as const };
    const reply = await handleApiPayload(studio, { method: 'callTool', domain: 'counters', tool: 'counters_bump', args: { name: 'clicks', by: 2 } }, ctx);
    expect(reply).toMatchObject({ result: { structuredContent: { name: 'clicks', value: 2 } } });
    expect(events.map((e) => [e.domain, e.kind, e.origin, e.ops])).toEqual([['counters', 'tool', 'person', ['bump clicks +2']]]);
    expect((await handleApiCall(studio, { method: 'info' }, ctx)) as { result: unknown }).toMatchObject({ result: { toolDomains: ['counters'] } });
    // The tool's own checks answer in its envelope; unknown names are the API's errors.
    const bad = (await handleApiPayload(studio, { method: 'callTool', domain: 'counters', tool: 'counters_bump' }, ctx)) as { result: { isError: boolean; content: { text: string }[] } };
    expect(bad.result.isError).toBe(true);
    expect(JSON.parse(bad.result.content[0].text).error.code).toBe('INVALID_INPUT');
    expect(await handleApiPayload(studio, { method: 'callTool', domain: 'counters', tool: 'counters_bmup', args: {} }, ctx)).toMatchObject({
      error: { code: 'unknown_tool', suggestion: 'counters_bump' },
    });
    expect(await handleApiPayload(studio, { method: 'callTool', domain: 'drawio', tool: 'drawio' }, ctx)).toMatchObject({ error: { code: 'unknown_domain' } });
  });

  it('answers failures as {code, message, suggestion}, never by throwing', async () => {
    const ctx = { host: 'browser' as const };
    expect(await handleApiCall(studio, { method: 'query', domain: 'nonesuch', q: 'map' }, ctx)).toEqual({
      error: { code: 'unknown_domain', message: 'no domain "nonesuch" in this studio', suggestion: 'one of: drawio, midi' },
    });
    const invalid = await handleApiPayload(studio, { method: 'mutate', domain: 'drawio', ops: [{}] }, ctx);
    expect(invalid).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('ops[0]') } });
    const logs: string[] = [];
    const broken = { ...studio, workspace: studio.workspace, fcpDomains: studio.fcpDomains, snapshot: () => Promise.reject(new Error('disk on fire')) } as unknown as Studio;
    expect(await handleApiCall(broken, { method: 'snapshot', domain: 'drawio' }, { ...ctx, log: (m) => logs.push(m) })).toMatchObject({
      error: { code: 'internal_error', message: 'internal error: disk on fire' },
    });
    expect(logs[0]).toContain('disk on fire');
  });

  it('refuses new calls once the host is closing, and counts the running ones', async () => {
    const calls = new InFlightCalls();
    const ctx = { host: 'browser' as const, calls };
    const running = handleApiPayload(studio, { method: 'mutate', domain: 'drawio', ops: ['add svc Late'] }, ctx);
    expect(calls.count).toBe(1);
    const drained = calls.drain(10_000);
    expect(await handleApiPayload(studio, { method: 'info' }, ctx)).toEqual({ error: STUDIO_CLOSING });
    expect(await running).toMatchObject({ result: { isError: false } });
    await drained;
  });

  it('reads and chooses the studio-wide appearance, refusing a theme or a field it does not know', async () => {
    const env = { TANDEM_CONFIG_DIR: join(makeTemporaryDir('tandem-dispatch-appearance-'), 'tandem') };
    const ctx = { host: 'browser' as const, appearance: openAppearanceStore(() => undefined, env) };
    expect(await handleApiPayload(studio, { method: 'appearance' }, ctx)).toEqual({ result: { theme: 'system' } });
    expect(await handleApiPayload(studio, { method: 'appearance', theme: 'dark' }, ctx)).toEqual({ result: { theme: 'dark' } });
    expect(JSON.parse(readFileSync(appearanceFile(env), 'utf8'))).toEqual({ theme: 'dark' });
    const sepia = await handleApiPayload(studio, { method: 'appearance', theme: 'sepia' }, ctx);
    expect(sepia).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('theme'), suggestion: '{"method":"appearance","theme":"dark"}' } });
    expect(await handleApiPayload(studio, { method: 'appearance', theme: 'light', path: '/etc/passwd' }, ctx)).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('path: unknown field') } });
    expect(await handleApiPayload(studio, { method: 'appearance' }, ctx)).toEqual({ result: { theme: 'dark' } });
    expect(await handleApiPayload(studio, { method: 'appearance' }, { host: 'browser' })).toMatchObject({ error: { code: 'not_available' } });
  });
});

describe('listWorkspaceFiles', () => {
  const temp = temporaryWorkspace('tandem-list-');

  function touch(path: string): void {
    mkdirSync(join(temp.dir, path, '..'), { recursive: true });
    writeFileSync(join(temp.dir, path), '<mxfile/>');
  }

  it('lists the files of one extension, recursively, sorted, with forward slashes, skipping runtime and dependency folders', async () => {
    for (const path of ['b.drawio', 'a.DRAWIO', 'diagrams/z.drawio', 'diagrams/deep/er/x.drawio', 'notes.txt', 'x.drawio.bak']) touch(path);
    for (const path of ['.tandem/hidden.drawio', 'node_modules/pkg/a.drawio', '.git/b.drawio', 'sub/node_modules/c.drawio']) touch(path);
    mkdirSync(join(temp.dir, 'folder.drawio'));
    const outside = makeTemporaryDir('tandem-list-outside-');
    try {
      writeFileSync(join(outside, 'secret.drawio'), '');
      symlinkSync(outside, join(temp.dir, 'linked'));
      symlinkSync(join(outside, 'secret.drawio'), join(temp.dir, 'link.drawio'));
      const files = await listWorkspaceFiles(temp.dir, '.drawio');
      expect(files.map((f) => f.path)).toEqual(['a.DRAWIO', 'b.drawio', 'diagrams/deep/er/x.drawio', 'diagrams/z.drawio']);
      expect(files.every((f) => Number.isFinite(f.modifiedAt) && f.modifiedAt > 0)).toBe(true);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('stops at the bounds', async () => {
    for (let i = 0; i < 30; i++) touch(`f${String(i).padStart(2, '0')}.drawio`);
    for (let i = 0; i < 5; i++) touch(`d${i}/inner.drawio`);
    expect(await listWorkspaceFiles(temp.dir, '.drawio', { maxFiles: 10 })).toHaveLength(10);
    const topOnly = await listWorkspaceFiles(temp.dir, '.drawio', { maxFolders: 1 });
    expect(topOnly).toHaveLength(30);
    expect(topOnly.every((f) => !f.path.includes('/'))).toBe(true);
  });

  it('answers an empty list for a folder it cannot read', async () => {
    expect(await listWorkspaceFiles(join(temp.dir, 'missing'), '.drawio')).toEqual([]);
  });
});
