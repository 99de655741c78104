/**
 * `resource_link` content items (MCP 2025-06-18 and later) on the answers of FCP calls that changed
 * a document: the client learns which file an edit, an open or a save touched, by the same link
 * whatever the domain. A saved document links to its file; an unsaved one to the studio's own name
 * for it (`tandem://DOMAIN/ID`), which no file backs yet. Every link an answer carries can be read
 * (resources/read, readLinked): a workspace file as it is on disk, a studio document as its file
 * would be written now (made in a worker, the core's loop keeps answering; nothing is written).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult, ReadResourceResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { StudioCore } from '../core/studio-api';
import type { DocumentInfo } from '../fcp/domain';
import { ErrorCode, StudioError, toStudioError } from '../kernel/errors';
import { documentUri, fileLink, parseDocumentUri, withLinks } from '../kernel/resource-links';
import { RESOURCE_NOT_FOUND } from '../tool-domain/hosted-domain';

/** The domain's active document now, or undefined if the studio hosts no such FCP domain. */
export function documentState(studio: StudioCore, domain: string): DocumentInfo | undefined {
  try {
    return studio.documentInfo(domain);
  } catch {
    return undefined;
  }
}

const changed = (before: DocumentInfo, after: DocumentInfo) =>
  before.id !== after.id || before.seq !== after.seq || before.path !== after.path || before.dirty !== after.dirty;

export function documentLink(studio: StudioCore, domain: string, doc: DocumentInfo): ResourceLink {
  if (doc.path) return fileLink(studio.workspace, doc.path, `the ${domain} document this call changed`, doc.title);
  return {
    type: 'resource_link',
    uri: documentUri(domain, doc.id),
    name: doc.title,
    title: doc.title,
    description: `the ${domain} document this call changed (not saved to a file yet)`,
  };
}

/** `result` with a link to the domain's document when the call changed it (compared with `before`). */
export function withDocumentLink(studio: StudioCore, domain: string, before: DocumentInfo | undefined, result: CallToolResult): CallToolResult {
  if (!before || result.isError) return result;
  const after = documentState(studio, domain);
  if (!after || !changed(before, after)) return result;
  return withLinks(result, [documentLink(studio, domain, after)]);
}

/** A linked file larger than this is not read whole (the link still names it). */
export const MAX_LINKED_BYTES = 16 * 1024 * 1024;

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.drawio': 'application/vnd.jgraph.mxfile',
  '.mid': 'audio/midi',
  '.json': 'application/json',
  '.md': 'text/markdown',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as a resource's contents: text when they are UTF-8 (and no NUL), else base64. */
function contents(uri: string, data: string | Uint8Array, extension: string): ReadResourceResult {
  const mimeType = MEDIA_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
  if (typeof data === 'string') return { contents: [{ uri, mimeType, text: data }] };
  let text: string | undefined;
  try {
    text = data.includes(0) ? undefined : utf8.decode(data);
  } catch {
    text = undefined;
  }
  return { contents: [{ uri, mimeType, ...(text !== undefined ? { text } : { blob: Buffer.from(data).toString('base64') }) }] };
}

const notFound = (message: string, suggestion?: string) => new StudioError(RESOURCE_NOT_FOUND, message, suggestion);

/** Reads what a link names: a `file:` URI inside the workspace, or a studio document `tandem://DOMAIN/ID`. */
export async function readLinked(studio: StudioCore, uri: string): Promise<ReadResourceResult> {
  const document = parseDocumentUri(uri);
  if (document) {
    const file = documentState(studio, document.domain) && (await studio.documentFile(document.domain));
    if (!file || file.documentId !== document.id) {
      throw notFound(`${uri} is not a document open in the studio now`, file ? `the ${document.domain} document open now is ${documentUri(document.domain, file.documentId)}` : undefined);
    }
    return contents(uri, file.data, file.extension);
  }
  let path: string;
  try {
    path = fileURLToPath(uri);
  } catch {
    throw notFound(`${uri} is neither a file: URI nor a studio document`);
  }
  try {
    const file = studio.resolvePath(path);
    const size = (await stat(file.abs)).size;
    if (size > MAX_LINKED_BYTES) throw new StudioError(ErrorCode.tooLarge, `${file.rel} is ${size} bytes; links are read up to ${MAX_LINKED_BYTES}`);
    return contents(uri, await readFile(file.abs), extname(file.abs));
  } catch (err) {
    const failure = toStudioError(err);
    throw failure.code === ErrorCode.tooLarge ? failure : notFound(`cannot read ${uri}: ${failure.message}`);
  }
}
