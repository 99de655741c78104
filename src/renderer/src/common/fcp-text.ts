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

/**
 * A name free among `taken` (compared ignoring case, as the core does): `base` itself if free,
 * else base2, base3... A trailing number of `base` is where counting resumes (Box3 -> Box4).
 */
export function freeAlias(base: string, taken: ReadonlySet<string>): string {
  const isTaken = (name: string) => taken.has(name.toLowerCase());
  if (!isTaken(base)) return base;
  const match = /^(.*?)(\d+)$/.exec(base);
  const stem = match && match[1] ? match[1] : base;
  let n = match && match[1] ? Number(match[2]) + 1 : 2;
  while (isTaken(`${stem}${n}`)) n++;
  return `${stem}${n}`;
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
