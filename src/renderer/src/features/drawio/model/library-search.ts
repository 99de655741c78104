/**
 * The palette's "Search shapes": the core's `search-shapes` query over diagrams.net's libraries
 * (the names `add` takes, with their palette sizes and styles), asked as the person types, and its
 * answer read back into results.
 */

/** One library shape found: the name `add` takes, its library, palette size and style. */
export interface LibraryShapeHit {
  readonly name: string;
  readonly library: string;
  readonly w: number;
  readonly h: number;
  readonly style: string;
}

export interface LibrarySearch {
  readonly hits: readonly LibraryShapeHit[];
  /** How many shapes match in all (more than `hits` when the search was bounded). */
  readonly total: number;
}

export const EMPTY_SEARCH: LibrarySearch = { hits: [], total: 0 };

/** The palette shows at most this many results; the person narrows the words for the rest. */
export const LIBRARY_SEARCH_LIMIT = 24;
const MAX_WORDS_CHARS = 100;

/**
 * The query for what the person typed (undefined: nothing to search). A `:` would read as a
 * parameter of the query, so the words are kept to letters, digits, spaces, `_`, `-` and `.`.
 */
export function librarySearchQuery(typed: string, limit: number): string | undefined {
  const words = typed.slice(0, MAX_WORDS_CHARS).replace(/[^\p{L}\p{N}_.\- ]+/gu, ' ').trim().replace(/\s+/g, ' ');
  return words === '' ? undefined : `search-shapes ${words} limit:${limit} with:style`;
}

const HEADER = /^search-shapes ".*": (\d+) shapes?/;
/** Palette sizes may be fractional (aws3.lambda is 76.5x93). */
const HIT = /^ {2}(\S+) (\d+(?:\.\d+)?)x(\d+(?:\.\d+)?) (\S+) (.*)$/;

/** The query's answer: `search-shapes "lambda": 6 shapes`, then `  aws4.lambda 78x78 aws4 STYLE` per shape. */
export function parseLibrarySearch(text: string): LibrarySearch {
  const [header = '', ...lines] = text.split('\n');
  const hits: LibraryShapeHit[] = [];
  for (const line of lines) {
    const match = HIT.exec(line);
    if (match) hits.push({ name: match[1], w: Number(match[2]), h: Number(match[3]), library: match[4], style: match[5] });
  }
  return { hits, total: Number(HEADER.exec(header)?.[1] ?? hits.length) };
}
