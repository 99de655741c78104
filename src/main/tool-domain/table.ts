/**
 * Reading a tool domain's tables: the checks run when a table is registered (a read tool must say
 * it is read-only, as GitHub's MCP server checks; names unique and well formed), how arguments are
 * checked against a tool's input shape, and which resource a URI names.
 */
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { z } from 'zod';
import type { ResourceSpec, ToolDomain } from './domain';

/** MCP's rule for tool names. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const DOMAIN_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
}

const isZodSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/**
 * Throws an Error naming every problem of the domain's tables. Run when a domain is hosted and when
 * its toolset is offered, so a table that breaks the rules never reaches a client.
 */
export function checkToolDomain(domain: ToolDomain<any>): void {
  const problems: string[] = [];
  if (!DOMAIN_NAME.test(domain.name)) problems.push(`the domain name "${domain.name}" must be lowercase letters, digits, - and _`);
  for (const tool of domain.tools) {
    const where = `tool ${tool.name}`;
    if (!TOOL_NAME.test(tool.name)) problems.push(`${where}: a tool name is 1 to 128 of A-Z a-z 0-9 _ - .`);
    if (!tool.title || !tool.description) problems.push(`${where}: needs a title and a description`);
    if (tool.access === 'read' && tool.annotations.readOnlyHint !== true) {
      problems.push(`${where}: a read tool must say annotations.readOnlyHint: true`);
    }
    if (tool.access === 'write' && tool.annotations.readOnlyHint === true) {
      problems.push(`${where}: a write tool must not say annotations.readOnlyHint: true`);
    }
    for (const [label, shape] of [['input', tool.input], ['output', tool.output ?? {}]] as const) {
      const bad = Object.entries(shape).filter(([, schema]) => !isZodSchema(schema));
      if (bad.length) problems.push(`${where}: ${label} fields ${bad.map(([k]) => k).join(', ')} are not zod schemas`);
    }
  }
  for (const resource of domain.resources ?? []) {
    try {
      if (UriTemplate.isTemplate(resource.uri)) new UriTemplate(resource.uri);
      else new URL(resource.uri);
    } catch (err) {
      problems.push(`resource ${resource.name}: "${resource.uri}" is not a URI or URI template (${(err as Error).message})`);
    }
  }
  for (const prompt of domain.prompts ?? []) {
    for (const [arg, schema] of Object.entries(prompt.args ?? {})) {
      if (!isZodSchema(schema) || !schema.safeParse('text').success) problems.push(`prompt ${prompt.name}: argument ${arg} must be a string`);
    }
  }
  const repeated = [
    ...duplicates(domain.tools.map((t) => t.name)).map((n) => `tool ${n}`),
    ...duplicates((domain.resources ?? []).map((r) => r.name)).map((n) => `resource ${n}`),
    ...duplicates((domain.resources ?? []).map((r) => r.uri)).map((u) => `resource URI ${u}`),
    ...duplicates((domain.prompts ?? []).map((p) => p.name)).map((n) => `prompt ${n}`),
  ];
  for (const what of repeated) problems.push(`${what} is defined twice`);
  if (problems.length) throw new Error(`the tool domain "${domain.name}" is not valid:\n  ${problems.join('\n  ')}`);
}

/** Throws when two tables use one name for different things (toolsets, tools, resources, prompts). */
export function checkDistinct(what: string, names: readonly string[]): void {
  const repeated = duplicates(names);
  if (repeated.length) throw new Error(`two domains define the same ${what}: ${repeated.join(', ')}`);
}

/** The schema a tool's arguments are checked against: its input shape, and no other field. */
export function argumentSchema(shape: z.ZodRawShape): z.ZodObject {
  return z.strictObject(shape);
}

/** `ops: expected array, received string; op: unrecognized key`: what was wrong, field by field. */
export function describeArgumentProblems(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
}

/** The error for arguments that do not fit `tool`'s schema: what was wrong, and a good call if there is an example. */
export function badArguments(tool: string, example: unknown, error: z.ZodError): { message: string; suggestion?: string } {
  const message = `bad arguments for ${tool}: ${describeArgumentProblems(error)}`;
  return example === undefined ? { message } : { message, suggestion: `${tool}(${JSON.stringify(example)})` };
}

const templates = new WeakMap<ResourceSpec<any>, UriTemplate>();

function templateOf(resource: ResourceSpec<any>): UriTemplate | undefined {
  if (!UriTemplate.isTemplate(resource.uri)) return undefined;
  let template = templates.get(resource);
  if (!template) templates.set(resource, (template = new UriTemplate(resource.uri)));
  return template;
}

export interface ResourceMatch<R = unknown> {
  resource: ResourceSpec<R>;
  /** The template's variables (a list variable joined with commas). */
  params: Record<string, string>;
}

/**
 * A template's variables as strings, decoded (expansion percent-encodes them; the SDK's matcher
 * leaves them so): a list variable joined with commas. Undefined when a value does not decode.
 */
function paramsOf(variables: Record<string, string | string[]>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map(decodeURIComponent).join(',')]));
  } catch {
    return undefined;
  }
}

/** A template that ends in a form-style query (`toki://query{?project,tag}`): its part before, and the query's names. */
interface QueryForm {
  /** The template before `{?...}`, or the fixed URI there when it has no expression. */
  before: UriTemplate | string;
  names: readonly string[];
}

const QUERY_FORM = /^(.*)\{\?([A-Za-z0-9_.,%]+)\}$/;
const queryForms = new WeakMap<ResourceSpec<any>, QueryForm | null>();

function queryFormOf(resource: ResourceSpec<any>): QueryForm | undefined {
  let form = queryForms.get(resource);
  if (form === undefined) {
    const m = QUERY_FORM.exec(resource.uri);
    form = m ? { before: UriTemplate.isTemplate(m[1]) ? new UriTemplate(m[1]) : m[1], names: m[2].split(',') } : null;
    queryForms.set(resource, form);
  }
  return form ?? undefined;
}

/**
 * Matches a form-style query the way a client writes it: any subset of the names, in any order
 * (`?tag=bug`, `?priority=high&project=api`, or none). The SDK's matcher wants them all, in the
 * template's order. A name the template does not have, or a value that does not decode, is no match;
 * a name given twice gets its values joined with commas, like a list variable.
 */
function matchQueryForm(form: QueryForm, uri: string): Record<string, string> | undefined {
  const at = uri.indexOf('?');
  const [head, query] = at < 0 ? [uri, ''] : [uri.slice(0, at), uri.slice(at + 1)];
  let params: Record<string, string> = {};
  if (form.before instanceof UriTemplate) {
    const variables = form.before.match(head);
    const decoded = variables && paramsOf(variables);
    if (!decoded) return undefined;
    params = decoded;
  } else if (head !== form.before) {
    return undefined;
  }
  for (const pair of query ? query.split('&') : []) {
    const eq = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
    } catch {
      return undefined;
    }
    if (!form.names.includes(name)) return undefined;
    params[name] = name in params ? `${params[name]},${value}` : value;
  }
  return params;
}

/** The resource `uri` names among `resources`: a fixed URI first, then the first template that matches. */
export function matchResource<R>(resources: readonly ResourceSpec<R>[], uri: string): ResourceMatch<R> | undefined {
  const fixed = resources.find((r) => !templateOf(r) && r.uri === uri);
  if (fixed) return { resource: fixed, params: {} };
  for (const resource of resources) {
    const template = templateOf(resource);
    if (!template) continue;
    const form = queryFormOf(resource);
    if (form) {
      const params = matchQueryForm(form, uri);
      if (params) return { resource, params };
      continue;
    }
    const variables = template.match(uri);
    const params = variables && paramsOf(variables);
    if (params) return { resource, params };
  }
  return undefined;
}
