/**
 * The wire side of the renderer's API (tandem-api.ts): zod schemas that every payload passes before
 * it reaches the core, whichever transport carried it (Electron IPC or the browser's WebSocket),
 * the error and reply shapes both transports answer with, and the WebSocket protocol's constants
 * and message types. Shared by main, preload and renderer: no Node imports here.
 */
import { z } from 'zod';
import type { ChangeEvent } from './change-feed';
import { PRESENCE_LIMITS, type PresenceEvent } from './presence';
import { OP_LIMITS } from './op-limits';
import type { ApiCall } from './tandem-api';
import { THEME_CHOICES } from './appearance';

export const API_LIMITS = {
  ...OP_LIMITS,
  maxDomainChars: 64,
  maxQueryChars: 20_000,
  /** A session action holds at most a title or a path. */
  maxActionChars: 4_096,
  /** Characters of a string request id. */
  maxIdChars: 64,
  maxToolNameChars: 128,
  /** A tool call's arguments, as JSON. */
  maxToolArgsChars: 1_000_000,
  /** A folder a person names (where the example goes). */
  maxPathChars: 4_096,
} as const;

/** A failure as every transport reports it: a stable code, a message, and a fix where one can be named. */
export interface ApiError {
  code: string;
  message: string;
  /** What to do instead (shown as a `try:` line). */
  suggestion?: string;
}

/** What the main side answers to one call, on every transport: the value, or the error. */
export type ApiReply = { result: unknown } | { error: ApiError };

export const BAD_REQUEST = 'bad_request';

/** Thrown by parseApiCall: the payload is not a valid call. */
export class ApiCallError extends Error implements ApiError {
  readonly code = BAD_REQUEST;

  constructor(
    message: string,
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

const domain = z.string().min(1).max(API_LIMITS.maxDomainChars);

const callSchemas = {
  snapshot: z.strictObject({ method: z.literal('snapshot'), domain }),
  mutate: z.strictObject({
    method: z.literal('mutate'),
    domain,
    ops: z.array(z.string().min(1).max(API_LIMITS.maxOpChars)).min(1).max(API_LIMITS.maxOps),
  }),
  query: z.strictObject({ method: z.literal('query'), domain, q: z.string().max(API_LIMITS.maxQueryChars) }),
  session: z.strictObject({ method: z.literal('session'), domain, action: z.string().min(1).max(API_LIMITS.maxActionChars) }),
  listFiles: z.strictObject({ method: z.literal('listFiles'), domain }),
  info: z.strictObject({ method: z.literal('info') }),
  callTool: z.strictObject({
    method: z.literal('callTool'),
    domain,
    tool: z.string().min(1).max(API_LIMITS.maxToolNameChars),
    // The tool checks its own arguments (as for an MCP client); here only their size.
    args: z
      .looseObject({})
      .refine((args) => JSON.stringify(args).length <= API_LIMITS.maxToolArgsChars, `at most ${API_LIMITS.maxToolArgsChars} characters of JSON`)
      .optional(),
  }),
  claudeDesktop: z.strictObject({ method: z.literal('claudeDesktop'), action: z.enum(['describe', 'writeConfig']) }),
  example: z.strictObject({ method: z.literal('example'), action: z.enum(['describe', 'open', 'dismissWelcome']), folder: z.string().max(API_LIMITS.maxPathChars).optional() }),
  appearance: z.strictObject({ method: z.literal('appearance'), theme: z.enum(THEME_CHOICES).optional() }),
  presence: z.strictObject({
    method: z.literal('presence'),
    report: z.strictObject({
      domain,
      // A selection past the limit is summarized by the window: its first ids and its count.
      ids: z.array(z.string().min(1).max(PRESENCE_LIMITS.maxIdChars)).max(PRESENCE_LIMITS.maxIds),
      count: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      focus: z.strictObject({ kind: z.string().min(1).max(32), id: z.string().min(1).max(PRESENCE_LIMITS.maxIdChars), name: z.string().max(256).optional() }).optional(),
      visible: z.boolean(),
    }),
  }),
} as const;

export type ApiMethod = keyof typeof callSchemas;
export const API_METHODS = Object.keys(callSchemas) as ApiMethod[];

export const apiCallSchema = z.discriminatedUnion('method', [
  callSchemas.snapshot,
  callSchemas.mutate,
  callSchemas.query,
  callSchemas.session,
  callSchemas.listFiles,
  callSchemas.info,
  callSchemas.callTool,
  callSchemas.presence,
  callSchemas.claudeDesktop,
  callSchemas.example,
  callSchemas.appearance,
]);

// The schema and the contract describe the same calls; this fails to compile if they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesContract: Same<z.infer<typeof apiCallSchema>, ApiCall> = true;
void schemaMatchesContract;

/** A valid call of each method, for `try:` hints. */
const EXAMPLES: Record<ApiMethod, ApiCall> = {
  snapshot: { method: 'snapshot', domain: 'drawio' },
  mutate: { method: 'mutate', domain: 'drawio', ops: ['add svc AuthService theme:blue'] },
  query: { method: 'query', domain: 'drawio', q: 'history 5' },
  session: { method: 'session', domain: 'drawio', action: 'undo' },
  listFiles: { method: 'listFiles', domain: 'drawio' },
  info: { method: 'info' },
  callTool: { method: 'callTool', domain: 'testenv', tool: 'preflight_status', args: { projectPath: 'projects/api' } },
  presence: { method: 'presence', report: { domain: 'drawio', ids: ['s1', 's2'], visible: true } },
  claudeDesktop: { method: 'claudeDesktop', action: 'describe' },
  example: { method: 'example', action: 'describe' },
  appearance: { method: 'appearance', theme: 'dark' },
};

function exampleOf(method: unknown): string {
  const known = API_METHODS.includes(method as ApiMethod);
  return JSON.stringify(EXAMPLES[known ? (method as ApiMethod) : 'info']);
}

/** `ops[3]`, `call.method`; `root` names the payload itself. */
function fieldName(path: readonly PropertyKey[], root: string): string {
  let name = '';
  for (const key of path) name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`;
  return name || root;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function withArticle(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

function valueAt(payload: unknown, path: readonly PropertyKey[]): unknown {
  let value = payload;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function describeIssue(issue: z.core.$ZodIssue, payload: unknown, root: string): string {
  const field = fieldName(issue.path, root);
  switch (issue.code) {
    case 'invalid_type':
      return `${field}: expected ${withArticle(issue.expected)}, got ${describeValue(valueAt(payload, issue.path))}`;
    case 'too_big':
      return `${field}: at most ${issue.maximum} ${issue.origin === 'array' ? 'items' : 'characters'}`;
    case 'too_small':
      if (issue.origin === 'array') return `${field}: needs at least ${issue.minimum} item`;
      return issue.origin === 'string' ? `${field}: must not be empty` : `${field}: must be ${issue.minimum} or more`;
    case 'unrecognized_keys':
      return `${issue.keys.map((k) => fieldName([...issue.path, k], root)).join(', ')}: unknown field${issue.keys.length > 1 ? 's' : ''}`;
    case 'invalid_union': {
      if (!('discriminator' in issue)) return `${field}: ${issue.message}, got ${describeValue(valueAt(payload, issue.path))}`;
      const method = valueAt(payload, issue.path);
      return method === undefined
        ? `${field}: missing; one of ${API_METHODS.join(', ')}`
        : `${field}: unknown method ${JSON.stringify(method).slice(0, 80)}; one of ${API_METHODS.join(', ')}`;
    }
    default:
      return `${field}: ${issue.message}`;
  }
}

/** Validates a payload from any transport; throws ApiCallError (code `bad_request`) naming the field. */
export function parseApiCall(payload: unknown): ApiCall {
  const parsed = apiCallSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const method = valueAt(payload, ['method']);
  const problems = parsed.error.issues.slice(0, 3).map((issue) => describeIssue(issue, payload, 'call'));
  const more = parsed.error.issues.length > 3 ? ` (and ${parsed.error.issues.length - 3} more)` : '';
  throw new ApiCallError(`invalid call: ${problems.join('; ')}${more}`, exampleOf(method));
}

// ---- The WebSocket transport (`tandem serve`, browser tabs) ----

/** Where the browser's WebSocket connects: ws://HOST:PORT/api. */
export const API_PATH = '/api';
/** The subprotocol the client offers and the server answers with. */
export const API_SUBPROTOCOL = 'tandem.v1';
/** The client also offers `tandem.token.<TOKEN>`: a browser cannot send an Authorization header. */
export const API_TOKEN_SUBPROTOCOL_PREFIX = 'tandem.token.';

export type ApiRequestId = number | string;

/** Client → server. */
export interface ApiRequestMessage {
  id: ApiRequestId;
  call: ApiCall;
}

/** Server → client: the reply to one request (id null when the request's id could not be read), or a change. */
export type ApiServerMessage =
  | { id: ApiRequestId | null; result: unknown }
  | { id: ApiRequestId | null; error: ApiError }
  | { event: ChangeEvent }
  | { presence: PresenceEvent };

const requestEnvelopeSchema = z.strictObject({
  id: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(API_LIMITS.maxIdChars)], {
    error: `expected a whole number (0 or more) or a string of 1 to ${API_LIMITS.maxIdChars} characters`,
  }),
  call: z.unknown(),
});

/**
 * Reads `{id, call}` from a parsed message; the call itself is checked later by parseApiCall.
 * Throws ApiCallError when the envelope is wrong; `id` is then whatever could be read, else null.
 */
export function parseRequestEnvelope(message: unknown): { id: ApiRequestId; call: unknown } {
  const parsed = requestEnvelopeSchema.safeParse(message);
  if (parsed.success) return { id: parsed.data.id, call: parsed.data.call };
  const problems = parsed.error.issues.slice(0, 3).map((issue) => describeIssue(issue, message, 'message'));
  throw new ApiCallError(`invalid message: ${problems.join('; ')}`, `{"id":1,"call":${exampleOf('info')}}`);
}
