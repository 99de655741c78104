/** Ports for the testenv tests: a free one, and one held open to make a real conflict. */
import { createServer, type Server } from 'node:net';

/** A port nothing listens on now (the system's pick), on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = await occupyPort(0);
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server listening on 127.0.0.1:port (0: any) until closed. */
export function occupyPort(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
