import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRelativePath } from './workspace-path';

let base: string;
let workspace: string;
let outside: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'tandem-pick-')));
  workspace = join(base, 'workspace');
  outside = join(base, 'elsewhere');
  mkdirSync(join(workspace, 'diagrams'), { recursive: true });
  mkdirSync(join(workspace, '.tandem'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(workspace, 'diagrams', 'arch.drawio'), '<mxfile/>');
  writeFileSync(join(outside, 'secret.drawio'), '<mxfile/>');
  symlinkSync(outside, join(workspace, 'link-out'));
  symlinkSync(join(workspace, 'diagrams'), join(base, 'link-in'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('workspaceRelativePath', () => {
  it('answers a file inside the workspace as a relative path with forward slashes', () => {
    expect(workspaceRelativePath(workspace, join(workspace, 'diagrams', 'arch.drawio'), '.drawio')).toEqual({ ok: true, path: 'diagrams/arch.drawio' });
  });

  it('accepts a new file for saving, in a folder that does not exist yet', () => {
    expect(workspaceRelativePath(workspace, join(workspace, 'new', 'deep', 'plan.drawio'), '.drawio')).toEqual({ ok: true, path: 'new/deep/plan.drawio' });
  });

  it('adds the extension when the name has none, and accepts it in any case', () => {
    expect(workspaceRelativePath(workspace, join(workspace, 'diagrams', 'plan'), '.drawio')).toEqual({ ok: true, path: 'diagrams/plan.drawio' });
    expect(workspaceRelativePath(workspace, join(workspace, 'PLAN.DRAWIO'), '.drawio')).toEqual({ ok: true, path: 'PLAN.DRAWIO' });
  });

  it('refuses a file outside the workspace with a code, a message and a suggestion', () => {
    const result = workspaceRelativePath(workspace, join(outside, 'secret.drawio'), '.drawio');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('path_outside_workspace');
    expect(result.error.message).toContain('outside the workspace');
    expect(result.error.message).toContain(workspace);
    expect(result.error.suggestion).toContain('--workspace');
  });

  it('refuses the workspace folder itself and its parent', () => {
    expect(workspaceRelativePath(workspace, workspace, '.drawio').ok).toBe(false);
    expect(workspaceRelativePath(workspace, join(workspace, '..', 'x.drawio'), '.drawio').ok).toBe(false);
  });

  it('refuses a path that leads out through a link', () => {
    const result = workspaceRelativePath(workspace, join(workspace, 'link-out', 'secret.drawio'), '.drawio');
    expect(result).toMatchObject({ ok: false, error: { code: 'path_outside_workspace' } });
    if (!result.ok) expect(result.error.message).toContain('through a link');
  });

  it('accepts a path outside that leads into the workspace through a link', () => {
    expect(workspaceRelativePath(workspace, join(base, 'link-in', 'arch.drawio'), '.drawio')).toEqual({ ok: true, path: 'diagrams/arch.drawio' });
  });

  it("refuses the studio's runtime folder", () => {
    const result = workspaceRelativePath(workspace, join(workspace, '.tandem', 'x.drawio'), '.drawio');
    expect(result).toMatchObject({ ok: false, error: { code: 'path_outside_workspace' } });
    if (!result.ok) expect(result.error.message).toContain('.tandem/');
  });

  it('refuses a file of another type', () => {
    expect(workspaceRelativePath(workspace, join(workspace, 'notes.txt'), '.drawio')).toMatchObject({
      ok: false,
      error: { code: 'bad_param', message: 'notes.txt is not a .drawio file' },
    });
  });
});
