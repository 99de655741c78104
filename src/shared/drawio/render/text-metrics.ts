/**
 * How wide a label's text is in Helvetica (Arimo has the same widths), for the parts of an
 * export that cannot leave it to a browser: the `<text>` fallback's line breaks (renderers
 * without foreignObject, such as resvg, do not wrap) and a group title's room. The widths are
 * Helvetica's published character widths (per 1000 em) for ASCII; other characters count as an
 * average letter, so a line of them is an estimate.
 */

const AVERAGE = 556;
/** Widths of the printable ASCII characters from space (32) to `~` (126). */
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space ! " # $ % & ' ( ) * + , - . /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0-9
  278, 278, 584, 584, 584, 556, 1015, // : ; < = > ? @
  667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // A-Z
  278, 278, 278, 469, 556, 333, // [ \ ] ^ _ `
  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // a-z
  334, 260, 334, 584, // { | } ~
];
/** A no-break space (a label's `&nbsp;`) is as wide as a space. */
const NO_BREAK_SPACE = 0xa0;
/** Bold Helvetica runs about this much wider. */
const BOLD_FACTOR = 1.07;

export function textWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? ASCII_WIDTHS[code - 32] : code === NO_BREAK_SPACE ? ASCII_WIDTHS[0] : code < 32 ? 0 : code > 0x2e80 ? 1000 : AVERAGE;
  }
  return (units / 1000) * fontSize * (bold ? BOLD_FACTOR : 1);
}

/**
 * A line broken at spaces into lines no wider than `width` (as a browser wraps with
 * `overflow-wrap: break-word`: a word longer than the width is cut where it must be).
 */
export function wrapLine(line: string, width: number, fontSize: number, bold = false): string[] {
  if (width <= 0 || textWidth(line, fontSize, bold) <= width) return [line];
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(/ +/)) {
    const tried = current === '' ? word : `${current} ${word}`;
    if (textWidth(tried, fontSize, bold) <= width) {
      current = tried;
      continue;
    }
    if (current !== '') lines.push(current);
    current = word;
    // A word wider than the line: cut it character by character.
    while (textWidth(current, fontSize, bold) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && textWidth(current.slice(0, cut), fontSize, bold) > width) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  lines.push(current);
  return lines;
}
