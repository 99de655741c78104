/**
 * The core's local socket: a unix socket only its owner can open (mode 0600), or a named pipe on
 * Windows. Each connection carries one MCP session as newline-delimited JSON-RPC.
 */
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';

const isWindowsPipe = (path: string) => path.startsWith('\\\\.\\pipe\\') || path.startsWith('\\\\?\\pipe\\');

export interface LocalSocketServer {
  readonly path: string;
  /** Stops accepting connections; open ones stay until `destroyConnections`. */
  stopAccepting(): Promise<void>;
  destroyConnections(): void;
}

/** Removes a socket file left by a core that died; refuses to touch anything that is not a socket. */
function removeStaleSocket(path: string): void {
  try {
    const stat = lstatSync(path);
    if (!stat.isSocket()) throw new Error(`${path} exists and is not a socket; remove it or choose another workspace`);
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
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
 * Listens on `path` (the caller holds the workspace lock, so a socket file already there is stale)
 * and hands every connection to `onConnection`.
 */
export async function listenLocalSocket(path: string, onConnection: (socket: Socket) => void): Promise<LocalSocketServer> {
  if (!isWindowsPipe(path)) removeStaleSocket(path);
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    // Errors are reported through the transport; this keeps a reset socket from throwing.
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  await listenOn(server, path);
  server.on('error', () => undefined);
  return {
    path,
    // close() drops the listener at once; its callback would wait for open connections, so it is not awaited.
    stopAccepting: async () => {
      if (server.listening) server.close();
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
