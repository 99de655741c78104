/**
 * The YAML frontmatter of loko's markdown files (`---`, fields, `---`, then the body): read, written
 * for a new element, and edited in place. An edit rewrites only the text of the fields it changes,
 * found by their places in the source; every other byte (other fields, their quotes, comments,
 * indentation, line endings, the body) stays as the person wrote it.
 */
import { isMap, isScalar, type Pair, parseDocument, type Scalar, stringify as stringifyYaml, YAMLParseError } from 'yaml';

export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
  /** A broken frontmatter block: the YAML message and its line in the file. */
  error?: { message: string; line?: number };
}

/** The opening line, the YAML, and the closing line. */
const FRONTMATTER = /^(---[ \t]*\r?\n)([\s\S]*?)(\r?\n?---[ \t]*(?:\r?\n|$))/;

/** Splits `---\n<yaml>\n---\n<body>`; a file without the block is all body. */
export function parseFrontmatter(text: string): Frontmatter {
  const match = FRONTMATTER.exec(text);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(text)) return { data: {}, body: text, error: { message: 'the frontmatter block opened with --- is never closed', line: 1 } };
    return { data: {}, body: text };
  }
  const body = text.slice(match[0].length);
  const doc = parseDocument(match[2]);
  if (doc.errors.length) {
    const first = doc.errors[0];
    const line = first instanceof YAMLParseError && first.linePos ? first.linePos[0].line + 1 : undefined; // +1: the opening ---
    return { data: {}, body, error: { message: first.message.split('\n')[0], line } };
  }
  const value = doc.toJS();
  if (value === null || value === undefined) return { data: {}, body };
  if (!isMap(doc.contents)) return { data: {}, body, error: { message: 'the frontmatter must be a mapping of fields (name: ..., description: ...)', line: 2 } };
  return { data: value as Record<string, unknown>, body };
}

/** `---\n<yaml>---\n\n<body>`, fields in the order given, empty ones left out. */
export function writeFrontmatter(data: Record<string, unknown>, body: string): string {
  const kept = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
  return `---\n${stringifyYaml(kept, { lineWidth: 0 })}---\n\n${body.replace(/^\n+/, '')}`;
}

const QUOTED_OR_PLAIN = new Set(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE']);

/** A field's new value as YAML text: a string in the quotes the old one had, a list in flow style. */
function valueText(value: unknown, old: unknown): string {
  const type = isScalar(old) && QUOTED_OR_PLAIN.has((old as Scalar).type ?? '') ? (old as Scalar).type : 'PLAIN';
  return stringifyYaml(value, { lineWidth: 0, defaultStringType: type as Scalar.Type, collectionStyle: 'flow', flowCollectionPadding: false }).trimEnd();
}

/** One field changed in the YAML source (undefined removes it), the rest untouched. */
function editField(yaml: string, key: string, value: unknown, eol: string): string {
  const doc = parseDocument(yaml);
  const pair = isMap(doc.contents) ? (doc.contents.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === key) : undefined;
  const keyRange = pair && isScalar(pair.key) ? pair.key.range : undefined;
  if (!pair || !keyRange) {
    if (value === undefined) return yaml;
    const line = `${key}: ${valueText(value, undefined)}`;
    return yaml ? `${yaml.replace(/\r?\n$/, '')}${eol}${line}${yaml.match(/\r?\n$/)?.[0] ?? ''}` : `${line}${eol}`;
  }
  const node = pair.value as { range?: [number, number, number] } | null;
  const colon = yaml.indexOf(':', keyRange[1]) + 1;
  const valueEnd = node?.range ? node.range[1] : colon;
  if (value === undefined) {
    const nodeEnd = node?.range ? node.range[2] : colon;
    const lineEnd = yaml.indexOf('\n', Math.max(nodeEnd - 1, colon));
    return yaml.slice(0, keyRange[0]) + (lineEnd < 0 ? '' : yaml.slice(lineEnd + 1));
  }
  // A block value (a list, a folded text) ends with its line break: the line break stays.
  const breakAfter = /\r?\n$/.exec(yaml.slice(colon, valueEnd))?.[0] ?? '';
  return `${yaml.slice(0, colon)} ${valueText(value, pair.value)}${breakAfter}${yaml.slice(valueEnd)}`;
}

/**
 * Rewrites some frontmatter fields of a markdown file (a field set to undefined is removed), in
 * place: every byte outside those fields stays. Throws when the frontmatter is broken.
 */
export function updateFrontmatter(text: string, changes: Record<string, unknown>): string {
  const match = FRONTMATTER.exec(text);
  if (!match) return writeFrontmatter(changes, text);
  const [, open, yaml, close] = match;
  const doc = parseDocument(yaml);
  if (doc.errors.length || (doc.contents !== null && !isMap(doc.contents))) throw new Error(`its frontmatter is broken: ${doc.errors[0]?.message.split('\n')[0] ?? 'not a mapping'}`);
  const eol = open.endsWith('\r\n') ? '\r\n' : '\n';
  let edited = yaml;
  for (const [key, value] of Object.entries(changes)) edited = editField(edited, key, value, eol);
  return `${open}${edited}${close}${text.slice(match[0].length)}`;
}
