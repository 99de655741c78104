/**
 * What both D2 engines (the native binary and the WASM build) share: the options a diagram is
 * rendered with, loko's theme names, and D2's syntax errors, read the same from either.
 */

/** A D2 source that does not compile: D2's message, and the line (1-based) of the first error. */
export class D2SyntaxError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'D2SyntaxError';
  }
}

export interface D2RenderOptions {
  /** D2's theme number, or loko's name for it (`neutral-default`). */
  theme?: string | number;
  layout?: 'dagre' | 'elk';
  /** Appended to the SVG's ids so that several diagrams can share one HTML page. */
  salt?: string;
}

/** D2's themes by the names loko writes in loko.toml. */
const THEMES: Record<string, number> = {
  'neutral-default': 0,
  'neutral-grey': 1,
  'flagship-terrastruct': 3,
  'cool-classics': 4,
  'mixed-berry-blue': 5,
  'grape-soda': 6,
  aubergine: 7,
  'colorblind-clear': 8,
  'vanilla-nitro-cola': 100,
  'orange-creamsicle': 101,
  'shirley-temple': 102,
  'earth-tones': 103,
  'everglade-green': 104,
  'buttered-toast': 105,
  'dark-mauve': 200,
  terminal: 300,
  'terminal-grayscale': 301,
  origami: 302,
};

export function themeId(theme: string | number | undefined): number {
  if (typeof theme === 'number') return theme;
  if (theme === undefined) return 0;
  const id = THEMES[theme.toLowerCase().replace(/[\s_]+/g, '-')];
  return id ?? (Number.isInteger(Number(theme)) ? Number(theme) : 0);
}

/** D2's own errors (a JSON list, or `file:line:col: message`), as opposed to a failing process. */
export const isD2Error = (err: unknown) => err instanceof Error && (err.message.startsWith('[{') || /^[^:\s]*:\d+:\d+:/.test(err.message));

/** D2's WASM build answers errors as a JSON list of `{errmsg: "index:LINE:COL: message"}`, or as that text alone. */
export function parseD2Error(raw: string): D2SyntaxError {
  let messages: string[] = [raw];
  try {
    const list = JSON.parse(raw) as { errmsg?: string }[];
    if (Array.isArray(list)) messages = list.map((e) => e.errmsg ?? String(e));
  } catch {
    /* plain text */
  }
  return d2ErrorOf(messages);
}

/** `FILE:LINE:COL: message` lines, whichever engine wrote them, as one error in line order. */
export function d2ErrorOf(messages: string[]): D2SyntaxError {
  const located = messages.map((m) => {
    const match = /^[^:\s]*:(\d+):(\d+):\s*(.*)$/s.exec(m);
    return match ? { line: Number(match[1]), column: Number(match[2]), text: `line ${match[1]}: ${match[3]}` } : { text: m };
  });
  located.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  const first = located[0];
  return new D2SyntaxError(located.map((l) => l.text).join('; '), first?.line, first?.column);
}

/** How long one compile or render may take before D2 is stopped (its process replaced, or killed). */
export const D2_REQUEST_LIMIT_MS = 120_000;
