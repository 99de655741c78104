/**
 * The XML layer of `.drawio` files: parsing into plain elements (attributes in file order,
 * entities decoded), building text back, and draw.io's page compression. Parsing builds elements
 * with an explicit stack and refuses more than MAX_NESTING nested elements, so the recursion over
 * kept elements elsewhere (copying, building text back) stays shallow whatever the file holds.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { XMLBuilder } from 'fast-xml-parser';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import type { Attribute, XmlNode } from '../../../../shared/drawio/model';

/** A parsed document: its element, and the own text of the elements that have any. */
export interface XmlDocument {
  readonly root: XmlElement;
  /** The element's own text, entities decoded (a compressed diagram's content); '' for most. */
  readonly textOf: (element: XmlNode) => string;
}

/** An element as read: plain XmlNode data, kept by records as it is (no copy). */
export interface XmlElement extends XmlNode {
  readonly children: readonly XmlElement[];
}

/**
 * The largest file the studio opens, in bytes of text (as core/files.ts limits every document
 * file); compressed pages together may not inflate to more either.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** The most cells one document may hold, over all its pages. */
export const MAX_CELLS = 200_000;
/** The deepest element nesting a file may have (the document element counts as one). */
export const MAX_NESTING = 101;

export function fileError(fileName: string, problem: string, suggestion?: string): StudioError {
  return new StudioError(
    ErrorCode.fileInvalid,
    `cannot open ${fileName}: ${problem}`,
    suggestion ?? 'open a .drawio file saved by diagrams.net (draw.io) or by Tandem Studio',
  );
}

export function tooLarge(fileName: string, problem: string): StudioError {
  return new StudioError(ErrorCode.tooLarge, `cannot open ${fileName}: ${problem}`, 'split the diagram into several files in diagrams.net');
}

// The plain look-ups on kept elements live in model.ts, where the browser bundle can use them too.
export { attribute, childElement } from '../../../../shared/drawio/model';

// ---------------------------------------------------------------------------------------------
// Parsing

/** A well-formedness error of the parser, as "LINE:COLUMN: message". */
const POSITIONED = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s;

/**
 * The document element of `xml`; `what` names the text in messages ("the file", "page X").
 * saxes checks well-formedness as it reads (one pass over the text, where a validator and a
 * parser took two) and decodes entities; a named entity XML does not define stays as written.
 */
export function parseXml(xml: string, fileName: string, what: string): XmlDocument {
  const parser = new SaxesParser();
  const top: XmlElement[] = [];
  const open: Array<{ element: XmlElement; children: XmlElement[] }> = [];
  const texts = new Map<XmlNode, string>();
  const notWellFormed = (problem: string): StudioError => {
    const positioned = POSITIONED.exec(problem);
    const where = positioned ? ` at line ${positioned[1]}, column ${positioned[2]}` : '';
    const message = positioned ? positioned[3] : problem;
    const truncated = /unclosed|expected|end/i.test(message) ? ' (is it truncated?)' : '';
    return fileError(fileName, `${what} is not well-formed XML${where}: ${message.replace(/\.$/, '')}${truncated}`);
  };
  // Only runs with more than whitespace: the layout between elements is no element's content.
  const addText = (text: string) => {
    const into = open[open.length - 1];
    if (into && /\S/.test(text)) texts.set(into.element, (texts.get(into.element) ?? '') + text);
  };
  parser.on('error', (err) => {
    // diagrams.net's older files hold HTML entities (`&nbsp;`) that XML does not define: kept as written.
    if (!/undefined entity\.$/.test(err.message)) throw notWellFormed(err.message);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (open.length >= MAX_NESTING) throw fileError(fileName, `${what} nests elements more than ${MAX_NESTING} deep`);
    const children: XmlElement[] = [];
    const attributes: Attribute[] = [];
    for (const name in tag.attributes) attributes.push([name, tag.attributes[name]]);
    const element: XmlElement = { tag: tag.name, attributes, children };
    (open.length > 0 ? open[open.length - 1].children : top).push(element);
    open.push({ element, children });
  });
  parser.on('closetag', () => {
    open.pop();
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof StudioError) throw err;
    throw notWellFormed(err instanceof Error ? err.message : String(err));
  }
  const root = top[0];
  if (!root) throw fileError(fileName, `${what} holds no XML element`);
  return { root, textOf: (element) => texts.get(element) ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Compression: draw.io compresses a page as base64 of raw deflate of the URI-encoded XML

export function inflatePage(content: string, fileName: string, what: string, maxBytes: number): string {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(content)) throw fileError(fileName, `${what} is compressed but is not valid base64`);
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(Buffer.from(content, 'base64'), { maxOutputLength: maxBytes });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(fileName, `${what} inflates to more than ${formatBytes(maxBytes)}`);
    }
    throw fileError(fileName, `${what} is compressed but does not inflate (corrupt or truncated data)`);
  }
  try {
    return decodeURIComponent(inflated.toString('utf8'));
  } catch {
    throw fileError(fileName, `${what} inflates to text that is not URI-encoded XML`);
  }
}

export function deflatePage(xml: string): string {
  return deflateRawSync(Buffer.from(encodeURIComponent(xml), 'utf8')).toString('base64');
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

// ---------------------------------------------------------------------------------------------
// Building

/** A node in fast-xml-parser's ordered form: `{ tag: children, ':@': attributes }`. */
export type BuilderNode = Record<string, unknown>;

function xmlBuilder(format: boolean): XMLBuilder {
  return new XMLBuilder({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    suppressEmptyNode: true,
    format,
    indentBy: '  ',
    // All escaping is ours: the builder's own leaves newlines raw, and a parser turns those into spaces.
    processEntities: false,
    attributeValueProcessor: (_name: string, value: unknown) => escapeAttribute(String(value)),
  });
}

const XML_BUILDER = xmlBuilder(true);
const COMPACT_XML_BUILDER = xmlBuilder(false);

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

function escapeAttribute(value: string): string {
  return (
    value
      // Other control characters cannot appear in XML 1.0 at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/[&<>"\n\r\t]/g, (ch) => ATTRIBUTE_ESCAPES[ch])
  );
}

export function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (ch) => ATTRIBUTE_ESCAPES[ch]);
}

/** Attribute values: numbers as written, undefined left out. */
export type Attributes = Record<string, string | number | undefined> | readonly Attribute[];

export function element(tag: string, attributes: Attributes, children: BuilderNode[] = []): BuilderNode {
  const defined: Record<string, string> = {};
  const entries = Array.isArray(attributes) ? attributes : Object.entries(attributes);
  for (const [key, value] of entries as Array<[string, string | number | undefined]>) {
    if (value !== undefined) defined[key] = String(value);
  }
  return { [tag]: children, ':@': defined };
}

/** A kept XmlNode back in builder form. Its depth is what was read, at most the parser's limit. */
export function nodeElement(node: XmlNode): BuilderNode {
  return element(node.tag, node.attributes, node.children.map(nodeElement));
}

/** A built element as plain XmlNode data (elements only: a text node has no place in a cell). */
export function xmlNodeOf(node: BuilderNode): XmlNode {
  const tag = Object.keys(node).find((key) => key !== ':@')!;
  const attributes = Object.entries((node[':@'] ?? {}) as Record<string, string>);
  return { tag, attributes, children: (node[tag] as BuilderNode[]).map(xmlNodeOf) };
}

/** A text node for the builder (a compressed diagram's content). */
export function textNode(text: string): BuilderNode {
  return { '#text': escapeText(text) };
}

/** XML text of `nodes`, indented, or on one line (`formatted` false) as draw.io compresses it. */
export function buildXml(nodes: BuilderNode[], formatted = true): string {
  return String((formatted ? XML_BUILDER : COMPACT_XML_BUILDER).build(nodes)).trim();
}
