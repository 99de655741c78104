/**
 * The XML layer of `.drawio` files: parsing into plain elements (attributes in file order,
 * entities decoded), building text back, and draw.io's page compression. No recursion follows the
 * input's depth except fast-xml-parser's own, which refuses more than 100 nested tags.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { ErrorCode, StudioError } from '../../../kernel/errors';
import { decodeEntities } from '../../../../shared/drawio/label-html';
import type { Attribute, XmlNode } from '../../../../shared/drawio/model';

/** An element as read: an XmlNode plus its own text (a compressed diagram's content). */
export interface XmlElement extends XmlNode {
  readonly children: readonly XmlElement[];
  /** The element's own text, entities decoded. */
  readonly text: string;
}

/**
 * The largest file the studio opens, in bytes of text (as core/files.ts limits every document
 * file); compressed pages together may not inflate to more either.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** The most cells one document may hold, over all its pages. */
export const MAX_CELLS = 200_000;

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

const XML_PARSER = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  // Entities are decoded by decodeEntities: the parser's own leaves numeric ones (`&#10;`) alone.
  processEntities: false,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Building {
  readonly tag: string;
  readonly attributes: Attribute[];
  readonly children: XmlElement[];
  text: string;
}

/** fast-xml-parser's ordered nodes -> elements, with an explicit stack rather than recursion. */
function toElements(nodes: unknown): XmlElement[] {
  const top: XmlElement[] = [];
  // Each frame: the nodes still to read, and where their elements go.
  const stack: Array<{ nodes: unknown[]; index: number; into: Building | undefined }> = [
    { nodes: Array.isArray(nodes) ? nodes : [], index: 0, into: undefined },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.index >= frame.nodes.length) {
      stack.pop();
      continue;
    }
    const node = frame.nodes[frame.index++];
    if (!isRecord(node)) continue;
    if (typeof node['#text'] === 'string') {
      if (frame.into) frame.into.text += node['#text'];
      continue;
    }
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (tag === undefined || tag.startsWith('#') || tag.startsWith('?') || tag.startsWith('!')) continue;
    const attributes: Attribute[] = [];
    const rawAttributes = node[':@'];
    if (isRecord(rawAttributes)) {
      for (const [key, value] of Object.entries(rawAttributes)) {
        if (typeof value === 'string') attributes.push([key, decodeEntities(value)]);
      }
    }
    const element: Building = { tag, attributes, children: [], text: '' };
    if (frame.into) frame.into.children.push(element as XmlElement);
    else top.push(element as XmlElement);
    const content = node[tag];
    if (Array.isArray(content) && content.length > 0) stack.push({ nodes: content, index: 0, into: element });
  }
  // Text is decoded once its pieces are all in.
  const pending: Building[] = [...(top as unknown as Building[])];
  while (pending.length > 0) {
    const element = pending.pop()!;
    if (element.text) element.text = decodeEntities(element.text);
    for (const child of element.children) pending.push(child as unknown as Building);
  }
  return top;
}

/** The document element of `xml`; `what` names the text in messages ("the file", "page X"). */
export function parseXml(xml: string, fileName: string, what: string): XmlElement {
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    const where = line !== undefined ? ` at line ${line}${col !== undefined ? `, column ${col}` : ''}` : '';
    const truncated = /unclosed|expected|end/i.test(msg) ? ' (is it truncated?)' : '';
    throw fileError(fileName, `${what} is not well-formed XML${where}: ${msg}${truncated}`);
  }
  let parsed: unknown;
  try {
    parsed = XML_PARSER.parse(xml);
  } catch (err) {
    throw fileError(fileName, `${what} is not well-formed XML: ${err instanceof Error ? err.message : String(err)}`);
  }
  const [root] = toElements(parsed);
  if (!root) throw fileError(fileName, `${what} holds no XML element`);
  return root;
}

/** An element without its text, as records keep it. */
export function plainNode(element: XmlNode): XmlNode {
  const out: XmlNode = {
    tag: element.tag,
    attributes: element.attributes,
    children: element.children.length ? element.children.map(plainNode) : [],
  };
  return out;
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
