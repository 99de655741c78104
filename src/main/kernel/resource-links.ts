/**
 * `resource_link` content items (MCP 2025-06-18 and later): an answer names the documents its call
 * changed, by the same link whichever kind of domain made it. A file of the workspace links by its
 * file: URI; a document no file backs, by the studio's or the domain's own URI for it.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';

/** The studio's name for a document no file backs yet: `tandem://DOMAIN/ID`. */
export const documentUri = (domain: string, id: string): string => `tandem://${domain}/${encodeURIComponent(id)}`;

/** What `uri` names, if it is a document link (documentUri). */
export function parseDocumentUri(uri: string): { domain: string; id: string } | undefined {
  const match = /^tandem:\/\/([^/?#]+)\/([^/?#]+)$/.exec(uri);
  if (!match) return undefined;
  try {
    return { domain: match[1], id: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

/** Whether `uri` is of a kind the links name (a workspace file, a studio document), which resources/read answers too. */
export const isLinkUri = (uri: string): boolean => uri.startsWith('file:') || uri.startsWith('tandem://');

/** A link to `rel`, a file of the workspace (relative to it). */
export function fileLink(workspace: string, rel: string, description: string, title?: string): ResourceLink {
  return { type: 'resource_link', uri: pathToFileURL(join(workspace, rel)).href, name: rel, ...(title ? { title } : {}), description };
}

/** `result` with `links` after its content (a document once, as first named; an error answer as it is). */
export function withLinks(result: CallToolResult, links: readonly ResourceLink[]): CallToolResult {
  if (result.isError || links.length === 0) return result;
  const unique = links.filter((link, i) => links.findIndex((other) => other.uri === link.uri) === i);
  return { ...result, content: [...result.content, ...unique] };
}
