import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../kernel/errors';
import { type LockRacer, startLockRacer, waitFor } from '../mcp/test-fixtures';
import { Workspace, resolveWorkspaceDir } from './workspace';

let dir: string;
let ws: Workspace | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-ws-'));
});
afterEach(() => {
  ws?.release();
  ws = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as StudioError).code;
  }
  return undefined;
}

describe('resolveWorkspaceDir', () => {
  it('prefers the flag, then TANDEM_WORKSPACE, then ~/Tandem', () => {
    expect(resolveWorkspaceDir('/a/b', { TANDEM_WORKSPACE: '/c' })).toBe('/a/b');
    expect(resolveWorkspaceDir(undefined, { TANDEM_WORKSPACE: '/c' })).toBe('/c');
    expect(resolveWorkspaceDir(undefined, {})).toMatch(/Tandem$/);
  });
});

describe('Workspace', () => {
  it('creates a private runtime folder and a lock naming this process', async () => {
    ws = await Workspace.acquire(join(dir, 'new-ws'));
    expect(statSync(ws.runtimeDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(ws.lockFile, 'utf8')).pid).toBe(process.pid);
  });

  it('refuses a second core while the first holds the lock, naming its pid', async () => {
    ws = await Workspace.acquire(dir);
    await expect(Workspace.acquire(dir)).rejects.toMatchObject({ code: 'workspace_locked', message: expect.stringContaining(`pid ${process.pid}`) });
  });

  it('takes over a stale lock left by a dead process', async () => {
    mkdirSync(join(dir, '.tandem'));
    writeFileSync(join(dir, '.tandem', 'core.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    ws = await Workspace.acquire(dir);
    expect(JSON.parse(readFileSync(ws.lockFile, 'utf8')).pid).toBe(process.pid);
  });

  it('decides by the lock alone, not by what core.lock says', async () => {
    // A core.lock naming a live process that holds nothing (say, a pid reused since a crash) does not block.
    mkdirSync(join(dir, '.tandem'));
    writeFileSync(join(dir, '.tandem', 'core.lock'), JSON.stringify({ pid: process.ppid }));
    ws = await Workspace.acquire(dir);
    expect(JSON.parse(readFileSync(ws.lockFile, 'utf8')).pid).toBe(process.pid);
    // Removing core.lock does not free the workspace.
    rmSync(ws.lockFile);
    await expect(Workspace.acquire(dir)).rejects.toMatchObject({ code: 'workspace_locked' });
    ws.release();
    ws = await Workspace.acquire(dir);
  });

  it('writes endpoint.json readable only by the owner and removes it on release', async () => {
    ws = await Workspace.acquire(dir);
    ws.writeEndpoint({ pid: process.pid, socket: ws.socketPath(), url: 'http://127.0.0.1:1', token: ws.token() });
    expect(statSync(Workspace.endpointFile(dir)).mode & 0o777).toBe(0o600);
    expect(Workspace.readEndpoint(dir)?.url).toBe('http://127.0.0.1:1');
    ws.release();
    expect(Workspace.readEndpoint(dir)).toBeUndefined();
  });

  it('keeps the same token across restarts', async () => {
    ws = await Workspace.acquire(dir);
    const token = ws.token();
    expect(token.length).toBeGreaterThanOrEqual(32);
    ws.release();
    ws = await Workspace.acquire(dir);
    expect(ws.token()).toBe(token);
  });

  it('uses a short socket path even for a deep workspace', async () => {
    ws = await Workspace.acquire(join(dir, 'x'.repeat(60), 'y'.repeat(60)));
    expect(Buffer.byteLength(ws.socketPath())).toBeLessThanOrEqual(96);
  });

  it('resolves paths inside the workspace and adds the extension', async () => {
    ws = await Workspace.acquire(dir);
    expect(ws.resolvePath('diagrams/a', '.drawio').rel).toBe('diagrams/a.drawio');
    expect(ws.resolvePath('./b.drawio', '.drawio').abs).toBe(join(ws.root, 'b.drawio'));
  });

  it('refuses paths outside the workspace, into .tandem, through links, or of another type', async () => {
    ws = await Workspace.acquire(dir);
    const w = ws;
    expect(codeOf(() => w.resolvePath('../escape.drawio', '.drawio'))).toBe('path_outside_workspace');
    expect(codeOf(() => w.resolvePath('/etc/passwd.drawio', '.drawio'))).toBe('path_outside_workspace');
    expect(codeOf(() => w.resolvePath('.tandem/studio.drawio', '.drawio'))).toBe('path_outside_workspace');
    symlinkSync(tmpdir(), join(dir, 'link'));
    expect(codeOf(() => w.resolvePath('link/x.drawio', '.drawio'))).toBe('path_outside_workspace');
    expect(codeOf(() => w.resolvePath('notes.txt', '.drawio'))).toBe('bad_param');
  });

  it('resolves any file or folder, the workspace itself included, when no extension is asked for', async () => {
    ws = await Workspace.acquire(dir);
    const w = ws;
    expect(w.resolvePath('projects/api')).toEqual({ abs: join(w.root, 'projects', 'api'), rel: 'projects/api' });
    expect(w.resolvePath(join(w.root, 'e2e.yaml')).rel).toBe('e2e.yaml');
    expect(w.resolvePath('.')).toEqual({ abs: w.root, rel: '.' });
    expect(w.resolvePath(w.root).rel).toBe('.');
    expect(codeOf(() => w.resolvePath('..'))).toBe('path_outside_workspace');
    expect(codeOf(() => w.resolvePath('.tandem'))).toBe('path_outside_workspace');
    symlinkSync(tmpdir(), join(dir, 'link'));
    expect(codeOf(() => w.resolvePath('link'))).toBe('path_outside_workspace');
    // A file path still never names the workspace itself.
    expect(codeOf(() => w.resolvePath('.', '.drawio'))).toBe('path_outside_workspace');
  });

  it('answers a missing file with the files that are there', async () => {
    ws = await Workspace.acquire(dir);
    writeFileSync(join(dir, 'arch.drawio'), '<mxfile/>');
    try {
      ws.checkReadable(ws.resolvePath('arhc.drawio', '.drawio'));
      expect.unreachable();
    } catch (err) {
      expect((err as StudioError).code).toBe('file_not_found');
      expect((err as StudioError).suggestion).toBe('open arch.drawio');
    }
  });
});

describe('workspace edge cases', () => {
  it('refuses a file as a workspace with a clear error', async () => {
    const file = join(dir, 'plain-file');
    writeFileSync(file, 'x');
    await expect(Workspace.acquire(file)).rejects.toMatchObject({ code: 'io_error', message: expect.stringContaining('it is a file') });
  });

  it('treats a zombie lock holder as dead', async () => {
    const { spawn } = await import('node:child_process');
    const { isAlive } = await import('./workspace');
    // sh starts a short child, then execs into a sleep that never reaps it: the child turns zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombiePid = Number(await new Promise<string>((r) => parent.stdout!.once('data', (d: Buffer) => r(d.toString()))));
    await new Promise((r) => setTimeout(r, 400));
    try {
      expect(() => process.kill(zombiePid, 0)).not.toThrow();
      expect(isAlive(zombiePid)).toBe(false);
      expect(isAlive(parent.pid!)).toBe(true);
      expect(isAlive(2 ** 22 + 4321)).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('tells whether a process group still runs, its zombies not counting', async () => {
    const { spawn } = await import('node:child_process');
    const { isGroupAlive } = await import('./workspace');
    // A group of its own: sh leaves a short child to turn zombie and waits in a sleep.
    const leader = spawn('sh', ['-c', 'sleep 0.05 & exec sleep 30'], { detached: true, stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 400));
    try {
      expect(isGroupAlive(leader.pid!)).toBe(true);
      process.kill(-leader.pid!, 'SIGKILL');
      const end = Date.now() + 5000;
      while (isGroupAlive(leader.pid!) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      expect(isGroupAlive(leader.pid!)).toBe(false);
      expect(isGroupAlive(2 ** 22 + 4321)).toBe(false);
    } finally {
      try {
        process.kill(-leader.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });
});

describe('the workspace lock across processes', () => {
  it('lets exactly one of many processes racing for a stale lock win, round after round', async () => {
    const racers: LockRacer[] = [];
    try {
      for (let i = 0; i < 8; i++) racers.push(startLockRacer(dir));
      for (let round = 0; round < 8; round++) {
        await waitFor(() => racers.every((r) => r.ready), 20_000, 'the racers to start');
        for (const racer of racers) racer.answers.length = 0;
        // All at once: each racer is idle, waiting for this line.
        for (const racer of racers) racer.go();
        const results = await waitFor(() => (racers.every((r) => r.answers.length > 0) ? racers.map((r) => r.answers[0]) : undefined), 10_000, 'every racer to answer');
        const winners = racers.filter((_, i) => results[i] === 'won');
        expect(winners, `round ${round}: ${results.join(', ')}`).toHaveLength(1);
        expect(results.filter((r) => r !== 'won')).toEqual(Array(racers.length - 1).fill('lost workspace_locked'));
        // The winner dies holding the lock: the next round races for a stale one.
        const [winner] = winners;
        winner.child.kill('SIGKILL');
        await new Promise((r) => winner.child.once('exit', r));
        racers.splice(racers.indexOf(winner), 1, startLockRacer(dir));
      }
    } finally {
      for (const racer of racers) racer.child.kill('SIGKILL');
    }
  }, 120_000);
});
