/**
 * Several diagrams drawn by one run of D2's native binary: each source becomes a board of one file
 * (`layers: { b0: { label: ""; ...@b0 } }`, each source imported from a file of its own, so that no
 * source can reach out of its board), and D2 writes one SVG a board to a folder. That saves D2's
 * start and some of its per-run work (some 40 % of a small diagram's CPU time).
 *
 * A board's SVG is the diagram's own SVG, byte for byte, but for the id D2 gives the drawing
 * (`d2-<n>`, in its classes, styles and fonts): FNV-1a of the diagram's JSON, then its salt. A board's
 * JSON lacks what a lone diagram's ends with, the config (theme and sketch, as the command line gave
 * them), and a board is unsalted: the lone diagram's id is the board's FNV state carried on over the
 * config and the salt (`standaloneSvg`). The empty label keeps a board's root label as a lone
 * diagram's (D2 names an unlabelled board's root after the board). Sources that hold boards of their
 * own, or D2's config, are drawn alone.
 */

/** Sources that may hold more than one board, or set D2's config (which only a file's root reads). */
const ALONE = /\b(layers|scenarios|steps)\b|d2-config/;
export const drawnAsBoard = (source: string) => !ALONE.test(source);

/** The board name of the i-th source of a run, and the file it is imported from. */
export const boardName = (i: number) => `b${i}`;

/** The file D2 is given: each source's file (`b0.d2`, ...) imported as a board. */
export function boardsFile(count: number): string {
  const boards = Array.from({ length: count }, (_, i) => `  ${boardName(i)}: { label: ""; ...@${boardName(i)} }`);
  return `layers: {\n${boards.join('\n')}\n}\n`;
}

const FNV_PRIME = 16777619;
function fnvOn(state: number, text: string): number {
  let hash = state;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul((hash ^ byte) >>> 0, FNV_PRIME) >>> 0;
  return hash;
}

/**
 * The config D2 appends to a lone diagram's JSON before its id is taken (d2target.Config as
 * encoding/json writes it): the theme and sketch from the command line, the rest unset.
 */
const configJson = (themeId: number) => `{"sketch":false,"themeID":${themeId},"darkThemeID":null,"pad":null,"center":null,"layoutEngine":null}`;

/**
 * The SVG with D2's id carried on over `text`, as D2 gives it when the JSON it hashes ends with
 * `text`: undefined when the SVG has no id where D2 writes it.
 */
function carriedOn(svg: string, text: string): string | undefined {
  const id = /^<svg [^>]*><svg class="d2-(\d+) d2-svg"/.exec(svg)?.[1];
  if (!id) return undefined;
  return svg.replace(new RegExp(`\\bd2-${id}(?!\\d)`, 'g'), `d2-${fnvOn(Number(id), text)}`);
}

/** A board's SVG as D2 draws the same source alone with this theme and salt. */
export const standaloneSvg = (boardSvg: string, themeId: number, salt = '') => carriedOn(boardSvg, configJson(themeId) + salt);

/** An unsalted lone drawing's SVG as D2 draws it with this salt (`--salt`). */
export const withSalt = (svg: string, salt: string) => carriedOn(svg, salt);
