/**
 * A mock HTTP service of an e2e.yaml (`mocks: {NAME: {port, routes}}`), run in the core on
 * 127.0.0.1 (and any extra host given, e.g. the Docker bridge's gateway so containers reach it).
 *
 * Routes are `METHOD /path/:param`; those with a `when` (body: a shallow match, headers, query) are
 * tried first, in file order, then the others. A response's body is templated: in a string,
 * `{{request.body.a.b}}`, `{{request.params.x}}`, `{{request.query.x}}`, `{{request.headers.x}}`,
 * `{{request.method}}`, `{{request.path}}`, `{{timestamp}}` (ISO 8601) and `{{uuid}}` are replaced,
 * in strings nested in JSON too; a string that is one placeholder alone takes the value's own type
 * (`"{{request.body.amount}}"` answers the number). A value that is not there is empty (null alone).
 *
 * Every request but the built-ins (`/_mock/...`) is recorded, bounded: method, url, headers, the
 * parsed body (JSON, a form as an object, else the text; null when empty), the status answered and
 * the route that answered. A request that matches no route gets 404 naming the routes there are.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { MockRequest, MockRoute } from '../../../shared/testenv-records';
import { ToolError } from '../../tool-domain/domain';
import { durationMs, type MockConfig, type MockRouteConfig } from './config-schema';
import { TestenvErrorCode } from './errors';
import { hasPlaceholder, renderValue, valueAt } from './template';

/** Largest request body read; a bigger one is answered 413 and recorded without its body. */
export const MAX_MOCK_BODY_BYTES = 1024 * 1024;
/** Requests kept per mock (the oldest dropped first); requestCount still counts them all. */
export const MAX_MOCK_REQUESTS = 1000;

export interface MockServerOptions {
  /** Further addresses to listen on besides 127.0.0.1 (the project network's gateway), at config.containerPort if given. */
  hosts?: string[];
  /** Told of every recorded request, once answered. */
  onRequest?(req: MockRequest): void;
}

interface CompiledRoute {
  spec: MockRouteConfig;
  label: string;
  method: string;
  segments: Array<{ param: string } | string>;
  delayMs: number;
  /** The body as sent when it has no placeholder, computed once. */
  staticBody?: string;
  contentType: string;
}

interface TemplateScope {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  method: string;
  path: string;
}

export class MockServer {
  private readonly compiled: CompiledRoute[];
  private readonly servers: Server[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private log: MockRequest[] = [];
  private count = 0;

  private constructor(
    readonly name: string,
    readonly port: number,
    config: MockConfig,
    private readonly options: MockServerOptions,
  ) {
    // Conditional routes first, each group in file order.
    const ordered = [...config.routes.filter((r) => r.when), ...config.routes.filter((r) => !r.when)];
    this.compiled = ordered.map(compileRoute);
  }

  /**
   * Starts the mock on 127.0.0.1 at config.port, and on options.hosts (where containers reach it) at
   * config.containerPort, else the same port; PORT_CONFLICT when a port is taken.
   */
  static async start(name: string, config: MockConfig, options: MockServerOptions = {}): Promise<MockServer> {
    const mock = new MockServer(name, config.port, config, options);
    const extra = [...new Set(options.hosts ?? [])].filter((host) => host !== '127.0.0.1');
    try {
      await mock.listen('127.0.0.1', config.port);
      for (const host of extra) await mock.listen(host, config.containerPort ?? config.port);
    } catch (err) {
      await mock.stop();
      throw err;
    }
    return mock;
  }

  routes(): MockRoute[] {
    return this.compiled.map((r) => ({ method: r.method, path: r.spec.path, conditional: Boolean(r.spec.when) }));
  }

  /** The recorded requests, oldest first; with `since`, those at or after it. */
  requests(since?: Date): MockRequest[] {
    if (!since) return [...this.log];
    const from = since.getTime();
    return this.log.filter((r) => Date.parse(r.timestamp) >= from);
  }

  /** Whether it listens (from start until stop). */
  get running(): boolean {
    return this.servers.length > 0;
  }

  /** Requests received since start (or the last clear), including those no longer kept. */
  get requestCount(): number {
    return this.count;
  }

  clear(): void {
    this.log = [];
    this.count = 0;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(
      this.servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  }

  private listen(host: string, port: number): Promise<void> {
    const server = createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 5000;
    return new Promise((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => reject(this.listenError(err, host, port)));
      server.listen({ port, host, exclusive: true }, () => {
        server.removeAllListeners('error');
        server.on('error', () => undefined);
        this.servers.push(server);
        resolve();
      });
    });
  }

  private listenError(err: NodeJS.ErrnoException, host: string, port: number): ToolError {
    const where = `${host}:${port}`;
    const key = port === this.port ? 'port' : 'containerPort';
    if (err.code === 'EADDRINUSE' || err.code === 'EACCES') {
      return new ToolError(
        TestenvErrorCode.portConflict,
        `port ${port} for mock "${this.name}" is ${err.code === 'EACCES' ? 'not allowed' : 'already in use'} on ${host}`,
        `stop what listens on ${where} (ss -ltnp 'sport = :${port}'), or give mocks.${this.name}.${key} another port in e2e.yaml`,
        { port, host, mock: this.name },
      );
    }
    return new ToolError(TestenvErrorCode.mocksNotRunning, `mock "${this.name}" cannot listen on ${where}: ${err.message}`, undefined, { port, host, mock: this.name });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_MOCK_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const method = (req.method ?? 'GET').toUpperCase();
      if (url.pathname.startsWith('/_mock/')) return this.builtIn(method, url, res);
      const received: MockRequest = {
        method,
        url: req.url ?? '/',
        body: tooLarge ? null : parseBody(Buffer.concat(chunks), req.headers['content-type']),
        headers: { ...req.headers },
        timestamp: new Date().toISOString(),
      };
      if (tooLarge) {
        this.answer(received, res, 413, { 'content-type': 'application/json' }, JSON.stringify({ error: `request body over ${MAX_MOCK_BODY_BYTES} bytes` }));
        return;
      }
      this.route(received, url, method, res);
    });
  }

  private route(received: MockRequest, url: URL, method: string, res: ServerResponse): void {
    const query = Object.fromEntries(url.searchParams);
    for (const route of this.compiled) {
      if (route.method !== method) continue;
      const params = matchPath(route.segments, url.pathname);
      if (!params || !matchesWhen(route.spec.when, received, query)) continue;
      received.route = route.label;
      const { status, headers = {} } = route.spec.response;
      const scope: TemplateScope = { body: received.body, params, query, headers: received.headers, method, path: url.pathname };
      const body = route.staticBody ?? renderBody(route.spec.response.body, scope);
      const send = () => this.answer(received, res, status, { 'content-type': route.contentType, ...headers }, body);
      if (route.delayMs > 0) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          send();
        }, route.delayMs);
        this.timers.add(timer);
      } else send();
      return;
    }
    const routes = this.compiled.map((r) => r.label);
    this.answer(received, res, 404, { 'content-type': 'application/json' }, JSON.stringify({ error: `mock "${this.name}" has no route for ${method} ${url.pathname}`, routes }));
  }

  private answer(received: MockRequest, res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
    received.status = status;
    this.record(received);
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  private record(received: MockRequest): void {
    this.count++;
    this.log.push(received);
    if (this.log.length > MAX_MOCK_REQUESTS) this.log.splice(0, this.log.length - MAX_MOCK_REQUESTS);
    this.options.onRequest?.(received);
  }

  private builtIn(method: string, url: URL, res: ServerResponse): void {
    const json = (status: number, value: unknown) => {
      const body = JSON.stringify(value);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    const key = `${method} ${url.pathname}`;
    if (key === 'GET /_mock/health') return json(200, { status: 'ok', name: this.name, port: this.port, routes: this.compiled.length, requestCount: this.count });
    if (key === 'GET /_mock/routes') return json(200, { routes: this.routes() });
    if (key === 'GET /_mock/requests') {
      const since = url.searchParams.get('since');
      const sinceDate = since ? new Date(since) : undefined;
      if (sinceDate && Number.isNaN(sinceDate.getTime())) return json(400, { error: `since: ${since} is not a date (ISO 8601 expected)` });
      return json(200, { total: this.count, requests: this.requests(sinceDate) });
    }
    if (key === 'DELETE /_mock/requests') {
      const cleared = this.count;
      this.clear();
      return json(200, { cleared });
    }
    json(404, { error: `no built-in ${key}`, builtIns: ['GET /_mock/health', 'GET /_mock/requests', 'DELETE /_mock/requests', 'GET /_mock/routes'] });
  }
}

function compileRoute(spec: MockRouteConfig): CompiledRoute {
  const segments = spec.path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : s));
  const { body } = spec.response;
  const text = typeof body === 'string';
  return {
    spec,
    label: `${spec.method} ${spec.path}`,
    method: spec.method,
    segments,
    delayMs: spec.response.delay === undefined ? 0 : durationMs(spec.response.delay),
    staticBody: hasPlaceholder(body) ? undefined : serialise(body),
    contentType: text ? 'text/plain; charset=utf-8' : 'application/json',
  };
}

function serialise(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The path's parameters when it fits the route's segments, else undefined. */
function matchPath(segments: CompiledRoute['segments'], pathname: string): Record<string, string> | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = segments[i];
    if (typeof segment === 'string') {
      if (segment !== parts[i]) return undefined;
    } else {
      try {
        params[segment.param] = decodeURIComponent(parts[i]);
      } catch {
        params[segment.param] = parts[i];
      }
    }
  }
  return params;
}

function matchesWhen(when: MockRouteConfig['when'], req: MockRequest, query: Record<string, string>): boolean {
  if (!when) return true;
  if (when.query && !Object.entries(when.query).every(([k, v]) => query[k] === v)) return false;
  if (when.headers && !Object.entries(when.headers).every(([k, v]) => headerText(req.headers[k.toLowerCase()]) === v)) return false;
  if (when.body) {
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
    return Object.entries(when.body).every(([k, v]) => isDeepStrictEqual((body as Record<string, unknown>)[k], v));
  }
  return true;
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** JSON parsed, a form as an object, else the text; null when empty. */
export function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return null;
  const text = raw.toString('utf8');
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  const trimmed = text.trimStart();
  if (contentType?.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function renderBody(body: unknown, scope: TemplateScope): string {
  return serialise(renderValue(body, (name) => ({ value: lookup(name, scope) ?? null })));
}

function lookup(name: string, scope: TemplateScope): unknown {
  if (name === 'timestamp') return new Date().toISOString();
  if (name === 'uuid') return randomUUID();
  const [head, kind, ...rest] = name.split('.');
  if (head !== 'request') return undefined;
  if (kind === 'method') return scope.method;
  if (kind === 'path') return scope.path;
  if (kind === 'headers') return headerText(scope.headers[rest.join('.').toLowerCase()]);
  const root = kind === 'body' ? scope.body : kind === 'params' ? scope.params : kind === 'query' ? scope.query : undefined;
  return valueAt(root, rest).value;
}
