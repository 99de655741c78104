/** How a view writes values into ops and session actions, in the grammar every FCP domain shares. */

/** The grammar's quoted form: `\\`, `\"` and `\n` escaped, so a label is always one token, one line. */
export function quoted(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\u000d')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

/** A word as it is when it survives bare (no spaces, quotes, colons, selectors or arrows), else quoted. */
export function word(text: string): string {
  const bare = /^[^\s"'@#:]+$/.test(text) && !/(<->|->|--)/.test(text);
  return bare ? text : quoted(text);
}

/** `discard:true` lets the core drop unsaved changes of the document it replaces. */
export function openAction(path: string, discard = false): string {
  return `open ${word(path)}${discard ? ' discard:true' : ''}`;
}

export function saveAsAction(path: string): string {
  return `save as:${word(path)}`;
}

export function checkpointAction(name: string): string {
  return `checkpoint ${word(name)}`;
}
