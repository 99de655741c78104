/** Levenshtein distance, bounded work for the short strings it is used on (names, verbs). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The candidates closest to `input` (case-insensitive), best first, within a distance that scales
 * with the length of the input, so that "noot" finds "note" but "x" does not find everything.
 */
export function closestMatches(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const maxDistance = Math.max(1, Math.floor(needle.length / 3) + 1);
  const scored: Array<[string, number]> = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    let d = editDistance(needle, hay);
    if (hay.startsWith(needle) || needle.startsWith(hay)) d = Math.min(d, 1);
    if (d <= maxDistance) scored.push([candidate, d]);
  }
  scored.sort((x, y) => x[1] - y[1] || x[0].localeCompare(y[0]));
  return [...new Set(scored.map(([c]) => c))].slice(0, limit);
}
