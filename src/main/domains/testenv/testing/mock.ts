/** A mock server on a free port, for the tests that need a real HTTP service. */
import { mockSchema } from '../config-schema';
import { MockServer, type MockServerOptions } from '../mock-server';
import { freePort } from './ports';

export async function startTestMock(name: string, routes: unknown[], options?: MockServerOptions): Promise<MockServer> {
  return MockServer.start(name, mockSchema.parse({ port: await freePort(), routes }), options);
}
