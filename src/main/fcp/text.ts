/** Small pieces of answer text every domain words the same way. */

/** `1 note`, `3 notes`, `2 matches` (with `pluralNoun`). */
export function plural(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}

/** At most `max` lines, then one that says how many were left out. */
export function capLines(lines: string[], max: number, more: (n: number) => string): string[] {
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max), more(lines.length - max)];
}
