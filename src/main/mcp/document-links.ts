/**
 * `resource_link` content items (MCP 2025-06-18 and later) on the answers of FCP calls that changed
 * a document: the client learns which file an edit, an open or a save touched, by the same link
 * whatever the domain. A saved document links to its file; an unsaved one to the studio's own name
 * for it (`tandem://DOMAIN/ID`), which no file backs yet.
 */
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import type { StudioCore } from '../core/studio-api';
import type { DocumentInfo } from '../fcp/domain';
import { fileLink, withLinks } from '../kernel/resource-links';

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
    uri: `tandem://${domain}/${encodeURIComponent(doc.id)}`,
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
