/**
 * The workspace folder a core owns, and its runtime folder `<workspace>/.tandem/`: the one-core
 * lock, the persisted HTTP token, endpoint.json (how clients find the core) and the database.
 * Every path a client names is resolved here, inside the workspace, or refused.
 *
 * The one-core lock is an operating-system lock on `core.lock.db` (core/exclusive-lock.ts), held
 * for the core's lifetime and dropped by the system when the core dies, however it dies. Beside it,
 * `core.lock` names the holder (pid, since) for people; it is written once the lock is held and
 * never used to decide who holds it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ErrorCode, StudioError } from '../kernel/errors';
import type { ResolvedPath } from '../kernel/paths';
import { RUNTIME_DIR, endpointFile, isAlive, readEndpoint, readJson } from './endpoint';
import type { EndpointInfo } from './endpoint';
import { ExclusiveLock, type ExclusiveLockOptions } from './exclusive-lock';

// Endpoint discovery lives apart (no SQLite), so the Claude Desktop bundle's bridge can use it.
export { RUNTIME_DIR, type EndpointInfo, isAlive, isGroupAlive, procStat, resolveWorkspaceDir } from './endpoint';
import { MAX_DOCUMENT_BYTES, checkReadable, writeFileAtomic } from './files';

/**
 * Unix socket paths are limited to 103 bytes (macOS; 107 on Linux), and the core binds its socket
 * at the path plus 4 bytes before renaming it into place (mcp/local-socket.ts). Longer workspace
 * paths use the temp dir.
 */
const MAX_SOCKET_PATH = 96;

/** `nativeBinding`: the better-sqlite3 build the lock uses (the same as the journal's). */
export type WorkspaceOptions = ExclusiveLockOptions;

export class Workspace {
  readonly runtimeDir: string;
  private lock?: ExclusiveLock;
  private released = false;

  private constructor(readonly root: string) {
    this.runtimeDir = join(root, RUNTIME_DIR);
  }

  /** Opens `dir` (creating it) and takes the one-core lock; throws workspace_locked if a live core holds it. */
  static async acquire(dir: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const root = resolve(dir);
    try {
      mkdirSync(root, { recursive: true });
      if (!statSync(root).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    } catch (err) {
      throw new StudioError(
        ErrorCode.io,
        `cannot use ${root} as a workspace: ${(err as NodeJS.ErrnoException).code === 'EEXIST' || (err as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'it is a file, not a folder' : (err as Error).message}`,
        '--workspace DIR with a folder of your own',
      );
    }
    const ws = new Workspace(realpathSync(root));
    mkdirSync(ws.runtimeDir, { recursive: true, mode: 0o700 });
    chmodSync(ws.runtimeDir, 0o700);
    await ws.takeLock(options);
    return ws;
  }

  static endpointFile(dir: string): string {
    return endpointFile(dir);
  }

  /** The journal, also read by a bridge that finds no core to ask whether a call was applied. */
  static databaseFile(dir: string): string {
    return join(resolve(dir), RUNTIME_DIR, 'studio.db');
  }

  /** The lock a bridge holds while it starts a core for `dir`, so that racing bridges start one between them. */
  static startLockFile(dir: string): string {
    return join(resolve(dir), RUNTIME_DIR, 'start.lock.db');
  }

  /** The endpoint of the core that owns `dir`, if one has announced itself and is still alive. */
  static readEndpoint(dir: string): EndpointInfo | undefined {
    return readEndpoint(dir);
  }

  /** Names the core holding the workspace, for people (and error messages); the lock itself is core.lock.db. */
  get lockFile(): string {
    return join(this.runtimeDir, 'core.lock');
  }

  /** Only the lock may open this file (see exclusive-lock.ts). */
  private get lockDatabase(): string {
    return join(this.runtimeDir, 'core.lock.db');
  }

  get databasePath(): string {
    return Workspace.databaseFile(this.root);
  }

  /** The HTTP bearer token: made once per workspace and kept, so client configs survive restarts. */
  token(): string {
    const file = join(this.runtimeDir, 'token');
    if (existsSync(file)) {
      const saved = readFileSync(file, 'utf8').trim();
      if (saved.length >= 32) return saved;
    }
    const token = randomBytes(32).toString('base64url');
    writeFileAtomic(file, token, 0o600);
    return token;
  }

  socketPath(): string {
    const hash = createHash('sha256').update(this.root).digest('hex').slice(0, 16);
    if (process.platform === 'win32') return `\\\\.\\pipe\\tandem-${hash}`;
    const inWorkspace = join(this.runtimeDir, 'core.sock');
    return Buffer.byteLength(inWorkspace) <= MAX_SOCKET_PATH ? inWorkspace : join(tmpdir(), `tandem-${hash}.sock`);
  }

  writeEndpoint(info: EndpointInfo): void {
    writeFileAtomic(Workspace.endpointFile(this.root), JSON.stringify(info, null, 2) + '\n', 0o600);
  }

  /** Removes endpoint.json and core.lock, then lets go of the lock (last, so no next core's files are touched). */
  release(): void {
    if (this.released) return;
    this.released = true;
    try {
      const endpoint = readJson<EndpointInfo>(Workspace.endpointFile(this.root));
      if (endpoint?.pid === process.pid) unlinkSync(Workspace.endpointFile(this.root));
      const holder = readJson<{ pid: number }>(this.lockFile);
      if (holder?.pid === process.pid) unlinkSync(this.lockFile);
    } finally {
      this.lock?.release();
    }
  }

  /**
   * Resolves a client's path inside the workspace: with `extension`, a file of that type (adding the
   * extension when it has none); without, any file or folder, the workspace itself included.
   * Refuses paths that leave the workspace (also through symlinks) or reach into `.tandem/`.
   */
  resolvePath(userPath: string, extension?: string): ResolvedPath {
    const example = extension === undefined ? 'projects/api' : `diagrams/architecture${extension}`;
    if (!userPath || userPath.includes('\0')) {
      throw new StudioError(ErrorCode.badParam, 'empty or invalid path', example);
    }
    let abs = resolve(this.root, userPath);
    const ext = extname(abs);
    if (extension !== undefined) {
      if (!ext) abs += extension;
      else if (ext.toLowerCase() !== extension) {
        throw new StudioError(ErrorCode.badParam, `"${userPath}" is not a ${extension} file`, `${userPath.slice(0, -ext.length)}${extension}`);
      }
    }
    const inside = (root: string, p: string) => {
      const rel = relative(root, p);
      if (rel === '') return extension === undefined;
      return !rel.startsWith('..') && !isAbsolute(rel);
    };
    if (!inside(this.root, abs)) {
      throw new StudioError(
        ErrorCode.pathOutsideWorkspace,
        `"${userPath}" is outside the workspace ${this.root}`,
        `a path inside it, e.g. ${example}`,
      );
    }
    const rel = relative(this.root, abs);
    if (rel.split(sep)[0] === RUNTIME_DIR) {
      throw new StudioError(ErrorCode.pathOutsideWorkspace, `"${userPath}" is inside the studio's runtime folder ${RUNTIME_DIR}/`, example);
    }
    // A symlink inside the workspace must not lead out of it.
    const realParent = this.nearestRealPath(dirname(abs));
    const real = existsSync(abs) ? realpathSync(abs) : join(realParent, basename(abs));
    if (!inside(this.root, real)) {
      throw new StudioError(ErrorCode.pathOutsideWorkspace, `"${userPath}" leads outside the workspace through a link`, example);
    }
    return { abs, rel: rel.split(sep).join('/') || '.' };
  }

  /** Throws file_not_found (naming files like it), bad_param for a folder, too_large past the limit. */
  checkReadable(file: ResolvedPath): void {
    checkReadable(file, MAX_DOCUMENT_BYTES, () => this.filesLike(file));
  }

  private async takeLock(options: WorkspaceOptions): Promise<void> {
    let lock: ExclusiveLock | undefined;
    try {
      lock = await ExclusiveLock.take(this.lockDatabase, options);
    } catch (err) {
      // A damaged lock file; anything else (say, an addon that does not load) goes up as it is.
      if (!String((err as { code?: unknown }).code).startsWith('SQLITE_')) throw err;
      throw new StudioError(ErrorCode.io, `cannot take the lock of workspace ${this.root}: ${(err as Error).message}`, `remove ${this.lockDatabase} while no Tandem core runs`);
    }
    if (!lock) {
      // core.lock only names the holder; right after a crash it may still name the dead one.
      const pid = readJson<{ pid: number }>(this.lockFile)?.pid;
      const holder = pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined;
      throw new StudioError(
        ErrorCode.workspaceLocked,
        `workspace ${this.root} is already open in another Tandem core${holder ? ` (pid ${holder})` : pid === process.pid ? ` (in this process, pid ${pid})` : ''}`,
        `use that core (tandem mcp --workspace ${this.root} connects to it), or stop ${holder ? `pid ${holder}` : 'it'}`,
      );
    }
    this.lock = lock;
    try {
      writeFileAtomic(this.lockFile, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), 0o600);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  private nearestRealPath(dir: string): string {
    let current = dir;
    while (!existsSync(current)) current = dirname(current);
    return join(realpathSync(current), relative(current, dir));
  }

  /** Up to three files with the same extension in the folder the client named, for suggestions. */
  private filesLike(file: ResolvedPath): string[] {
    const dir = dirname(file.abs);
    try {
      return readdirSync(dir)
        .filter((name) => extname(name).toLowerCase() === extname(file.abs).toLowerCase() && statSync(join(dir, name)).isFile())
        .slice(0, 3)
        .map((name) => relative(this.root, join(dir, name)).split(sep).join('/'));
    } catch {
      return [];
    }
  }
}
