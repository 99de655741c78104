/**
 * The core's local socket: a unix socket only its owner can open (mode 0600), or a named pipe on
 * Windows. Each connection carries one MCP session as newline-delimited JSON-RPC.
 *
 * Nothing here deletes a socket that a live process answers on. A socket file is replaced only when
 * a connect to it proves nobody is there (ECONNREFUSED), and a core that stops removes the socket
 * file only if it is still the one it made. (Node removes the path it bound when its server closes,
 * whatever file is there by then; so the core binds a path of its own and renames the socket into
 * place, and removes the final path itself.)
 */
import { chmodSync, lstatSync, renameSync, unlinkSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { ErrorCode, StudioError } from '../kernel/errors';

const isWindowsPipe = (path: string) => path.startsWith('\\\\.\\pipe\\') || path.startsWith('\\\\?\\pipe\\');
/**
 * The socket is bound at its path plus this, then renamed into place (only the workspace lock
 * holder binds, so one name is enough). Workspace.socketPath leaves room for it in the path limit.
 */
const BIND_SUFFIX = '.new';
/** How long the check "does anyone answer on this socket?" waits. */
const PROBE_TIMEOUT_MS = 1_000;

export interface LocalSocketServer {
  readonly path: string;
  /** Stops accepting connections and removes the socket file if it is still ours; open ones stay until `destroyConnections`. */
  stopAccepting(): Promise<void>;
  destroyConnections(): void;
}

/** True unless a connect proves that nobody listens there (ECONNREFUSED, ENOENT). */
async function someoneAnswers(path: string): Promise<boolean> {
  try {
    (await connectLocalSocket(path, PROBE_TIMEOUT_MS)).destroy();
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code !== 'ECONNREFUSED' && code !== 'ENOENT';
  }
}

/**
 * Makes sure `path` may be taken: nothing there, or a socket nobody answers on (left by a process
 * that died). Refuses anything else; removes nothing itself.
 */
async function checkFree(path: string): Promise<'free' | 'stale'> {
  let isSocket: boolean;
  try {
    isSocket = lstatSync(path).isSocket();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'free';
    throw err;
  }
  if (!isSocket) throw new Error(`${path} exists and is not a socket; remove it or choose another workspace`);
  if (await someoneAnswers(path)) {
    throw new StudioError(
      ErrorCode.workspaceLocked,
      `another process answers on the socket ${path}, though this core holds the workspace lock (a Tandem from before the lock, or another program)`,
      'stop that process, then start again',
    );
  }
  return 'stale';
}

/** The identity of a file (device and inode), to tell the socket this process made from any other at the same path. */
function identityOf(path: string): string | undefined {
  try {
    const stat = lstatSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

function listenOn(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    if (isWindowsPipe(path)) {
      server.listen(path, () => resolve());
      return;
    }
    // The socket file is created by bind(), inside listen(): with this umask it is never, even
    // briefly, open to other users. chmod afterwards in case the platform ignores the umask.
    const previous = process.umask(0o177);
    try {
      server.listen(path, () => {
        try {
          chmodSync(path, 0o600);
          resolve();
        } catch (err) {
          reject(err);
        }
      });
    } finally {
      process.umask(previous);
    }
  });
}

/**
 * Listens on `path` (the caller holds the workspace lock) and hands every connection to
 * `onConnection`. A socket file already at `path` is replaced only if nobody answers on it.
 */
export async function listenLocalSocket(path: string, onConnection: (socket: Socket) => void): Promise<LocalSocketServer> {
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    // Errors are reported through the transport; this keeps a reset socket from throwing.
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  let ours: string | undefined;
  if (isWindowsPipe(path)) {
    await listenOn(server, path);
  } else {
    const bindPath = path + BIND_SUFFIX;
    if ((await checkFree(bindPath)) === 'stale') unlinkSync(bindPath);
    await listenOn(server, bindPath);
    try {
      await checkFree(path);
      ours = identityOf(bindPath);
      // Atomic: clients see the dead core's socket (refused) or this one, never no socket.
      renameSync(bindPath, path);
    } catch (err) {
      server.close(); // removes bindPath
      throw err;
    }
  }
  server.on('error', () => undefined);
  return {
    path,
    // close() drops the listener at once; its callback would wait for open connections, so it is not awaited.
    stopAccepting: async () => {
      if (!server.listening) return;
      server.close();
      if (ours && identityOf(path) === ours) {
        try {
          unlinkSync(path);
        } catch {
          /* gone already */
        }
      }
    },
    destroyConnections: () => {
      for (const socket of connections) socket.destroy();
      connections.clear();
    },
  };
}

/** Connects to the core's socket; rejects after `timeoutMs` or with the connect error (ENOENT, ECONNREFUSED). */
export function connectLocalSocket(path: string, timeoutMs = 2_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`timed out connecting to ${path}`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}
