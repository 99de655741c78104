/**
 * The verb and query tables rendered as text: the `{domain}_help` card, the MCP tool description,
 * and the suggestions for unknown verbs and queries. All come from the same tables.
 */
import type { EntityRecord, RecordStore } from '../kernel/records';
import type { FcpDomain, QuerySpec, VerbSpec } from './domain';
import { ErrorCode, StudioError } from '../kernel/errors';
import { closestMatches } from '../kernel/suggest';

export const PREFIX_LEGEND = [
  '+  created            ~  edge/connection created or changed',
  '*  property changed   -  removed',
  '!  error or meta      @  layout / bulk move',
];

const NEW_ACTION = 'new "Title"';
/** The session actions every FCP domain has (FcpSession), in the order the card lists them. */
const BUILT_IN_ACTIONS = [NEW_ACTION, 'open PATH', 'save', 'save as:PATH', 'checkpoint NAME', 'undo', 'undo to:NAME', 'redo'];

function newSyntax<R extends EntityRecord>(domain: FcpDomain<R>): string {
  return domain.newParams ? `${NEW_ACTION} ${domain.newParams}` : NEW_ACTION;
}

/** Every session action of the domain, built-in then its own, as one line of syntax each. */
export function sessionActionSyntaxes<R extends EntityRecord>(domain: FcpDomain<R>): string[] {
  return [...BUILT_IN_ACTIONS.map((a) => (a === NEW_ACTION ? newSyntax(domain) : a)), ...(domain.sessionActions ?? []).map((a) => a.syntax)];
}

/** The first words of the domain's session actions, for "did you mean". */
export function sessionActionNames<R extends EntityRecord>(domain: FcpDomain<R>): string[] {
  return [...new Set([...BUILT_IN_ACTIONS.map((a) => a.split(' ')[0]), ...(domain.sessionActions ?? []).map((a) => a.name)])];
}

/** A workspace path to show in suggestions for the domain's files. */
export function exampleFile<R extends EntityRecord>(domain: FcpDomain<R>): string {
  return domain.exampleFile ?? `example${domain.fileExtension}`;
}

/** `.drawio (also .xml)`: the extensions of the domain's files, as the card and the session tool say them. */
function fileKinds<R extends EntityRecord>(domain: FcpDomain<R>): string {
  const others = (domain.otherFileTypes ?? []).map((type) => type.shownAs ?? type.extension);
  return others.length > 0 ? `${domain.fileExtension} (also ${others.join(', ')})` : domain.fileExtension;
}

/** The description of the session tool, from the same list of actions as the card. */
export function sessionToolDescription<R extends EntityRecord>(domain: FcpDomain<R>): string {
  return (
    `Session actions for ${domain.title}: ${sessionActionSyntaxes(domain).join(', ')}. ` +
    `Paths are inside the workspace; files are ${fileKinds(domain)}.`
  );
}

function verbLines<R extends EntityRecord>(verbs: VerbSpec<R>[]): string[] {
  const out: string[] = [];
  let section = '';
  for (const v of verbs) {
    if (v.section !== section) {
      section = v.section;
      out.push('', `${section.toUpperCase()}:`);
    }
    out.push(`  ${v.syntax}`, `      ${v.summary}`);
    for (const ex of v.examples ?? []) out.push(`      e.g. ${ex}`);
  }
  return out;
}

export function renderReferenceCard<R extends EntityRecord>(domain: FcpDomain<R>, store?: RecordStore<R>): string {
  const lines = [
    `# ${domain.name} reference card: ${domain.title}`,
    '',
    `Mutate with ${domain.name}(ops: string[]): one op per string, VERB ARGS [key:value ...] [@selector].`,
    'A batch is atomic: if one op fails, none is applied. The last answer line is the digest.',
    ...verbLines(domain.verbs),
  ];
  for (const section of domain.sections) lines.push('', `${section.title.toUpperCase()}:`, ...section.lines.map((l) => `  ${l}`));
  lines.push('', `QUERIES (${domain.name}_query):`);
  for (const q of domain.queries) lines.push(`  ${q.syntax.padEnd(28)} ${q.summary}`);
  lines.push(
    '',
    `SESSION (${domain.name}_session):`,
    `  ${BUILT_IN_ACTIONS.map((a) => (a === NEW_ACTION ? newSyntax(domain) : a)).join('   ')}`,
    ...(domain.sessionActions ?? []).map((a) => `  ${a.syntax.padEnd(28)} ${a.summary}`),
    `  Paths are inside the workspace; files are ${fileKinds(domain)}.`,
    '',
    'RESPONSE PREFIXES:',
    ...(domain.prefixLegend ?? PREFIX_LEGEND).map((l) => `  ${l}`),
  );
  const extra = store && domain.sessionCard?.(store);
  if (extra && extra.length) lines.push('', 'DEFINED IN THIS SESSION:', ...extra.map((l) => `  ${l}`));
  return lines.join('\n');
}

/** The description of the mutation tool: a one-line purpose and the full card (the contract requires it). */
export function mutationToolDescription<R extends EntityRecord>(domain: FcpDomain<R>): string {
  return `Execute ${domain.title} operations in one atomic batch.\n\n${renderReferenceCard(domain)}`;
}

export function findVerb<R extends EntityRecord>(domain: FcpDomain<R>, verb: string): VerbSpec<R> {
  const spec = domain.verbs.find((v) => v.name === verb);
  if (spec) return spec;
  const near = closestMatches(verb, domain.verbs.map((v) => v.name), 1);
  const hint = near.length ? domain.verbs.find((v) => v.name === near[0])!.syntax : undefined;
  throw new StudioError(
    ErrorCode.unknownVerb,
    `unknown verb "${verb}"${near.length ? `. Did you mean "${near[0]}"?` : ''}`,
    hint ?? `one of: ${domain.verbs.map((v) => v.name).join(', ')} (see ${domain.name}_help)`,
  );
}

export function findQuery<R extends EntityRecord>(domain: FcpDomain<R>, name: string): QuerySpec<R> {
  const spec = domain.queries.find((q) => q.name === name.toLowerCase());
  if (spec) return spec;
  const near = closestMatches(name, domain.queries.map((q) => q.name), 1);
  throw new StudioError(
    ErrorCode.unknownQuery,
    `unknown query "${name}"${near.length ? `. Did you mean "${near[0]}"?` : ''}; queries: ${domain.queries
      .map((q) => q.name)
      .join(', ')}`,
    near.length ? domain.queries.find((q) => q.name === near[0])!.syntax : domain.queries[0]?.syntax,
  );
}
