/**
 * How a client finds the core that owns a workspace: `<workspace>/.tandem/endpoint.json`, trusted
 * only while the process it names runs. Plain Node and no SQLite, so that the stdio bridge of the
 * Claude Desktop bundle (plain JavaScript, no native module) finds cores as the studio's bridge does.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const RUNTIME_DIR = '.tandem';

export interface EndpointInfo {
  pid: number;
  /** Local socket path (unix) or named pipe (Windows). */
  socket: string;
  /** Base URL of the HTTP endpoint, e.g. http://127.0.0.1:43123 (MCP at `${url}/mcp`). */
  url: string;
  token: string;
}

/** `--workspace DIR`, else TANDEM_WORKSPACE, else ~/Tandem; always absolute. */
export function resolveWorkspaceDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(flag || env.TANDEM_WORKSPACE || join(homedir(), 'Tandem'));
}

/**
 * Whether a process still runs. A zombie (exited, not yet reaped: common for a detached core whose
 * parent is gone, in containers whose PID 1 never reaps) answers kill(pid, 0) but is dead.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform === 'linux') {
    const stat = procStat(pid);
    return stat !== undefined && !isEnded(stat.state);
  }
  return true;
}

/** A zombie (Z) or a dying process (X) runs no more. */
const isEnded = (state: string) => state === 'Z' || state === 'X';

/** The state letter, parent and process group of a process, from /proc/PID/stat (Linux); undefined when it is gone. */
export function procStat(pid: number | string): { state: string; parent: number; group: number } | undefined {
  try {
    // "pid (comm) STATE PPID PGRP ...": comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent), group: Number(group) };
  } catch {
    return undefined;
  }
}

/** Whether any process of group `group` still runs (zombies do not count, as for isAlive). */
export function isGroupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  return readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    const stat = procStat(entry);
    return stat !== undefined && stat.group === group && !isEnded(stat.state);
  });
}

export function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function endpointFile(dir: string): string {
  return join(resolve(dir), RUNTIME_DIR, 'endpoint.json');
}

/** The endpoint of the core that owns `dir`, if one has announced itself and is still alive. */
export function readEndpoint(dir: string): EndpointInfo | undefined {
  const info = readJson<EndpointInfo>(endpointFile(dir));
  return info && isAlive(info.pid) ? info : undefined;
}
