/**
 * An element page's markdown as shown under its name and description: loko's pages open with
 * `# Name` and a paragraph that says the description again, which the view and the built docs
 * already show from the frontmatter. Browser-safe: the renderer and the docs build share it.
 */

/** Whitespace collapsed, case and a closing full stop ignored: how a restated description is recognised. */
const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/[.!]$/, '').toLowerCase();

/** `body` without its leading `# title` line and, after it, a first paragraph that repeats `description`. */
export function bodyWithoutRepeats(body: string, description: string): string {
  let rest = body.replace(/^\s*# [^\n]*(\n|$)/, '');
  const paragraph = /^\s*([^\n#][^\n]*(?:\n(?!\s*\n)[^\n]*)*)(\n\s*\n|\s*$)/.exec(rest);
  if (paragraph && description.trim() && comparable(paragraph[1]) === comparable(description)) rest = rest.slice(paragraph[0].length);
  return rest.trim();
}
