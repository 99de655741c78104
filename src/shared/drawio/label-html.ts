/**
 * Labels of draw.io's `html=1` cells: HTML to the plain text the model holds, text back to HTML,
 * and the few formats (bold, italic, underline, font colour, line breaks, list markers) that the editor shows. Pure (no
 * imports), so the browser bundle uses the same reading as the core; nothing here produces markup
 * that a page would interpret: the editor draws runs of text.
 */

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** The named entities diagrams.net's label editor produces, beyond XML's. */
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  ...XML_ENTITIES,
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  euro: '€',
};

export function decodeEntities(text: string, named: Readonly<Record<string, string>> = XML_ENTITIES): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const codePoint = Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return Object.hasOwn(named, ref) ? named[ref] : whole;
  });
}

export function decodeHtmlEntities(text: string): string {
  return decodeEntities(text, HTML_ENTITIES);
}

export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n?|\n/g, '<br>');
}

const BLOCK_TAGS = 'div|p|li|h[1-6]|tr';
/**
 * The end of a block or a list with text (or an inline tag) right after it: that text starts a
 * line of its own, as a browser lays it out (`<div>a</div>b`, `<ul>...</ul>b`).
 */
const BLOCK_END_BEFORE_TEXT = new RegExp(`</(?:${BLOCK_TAGS}|ul|ol)\\s*>(?=\\s*(?:[^<\\s]|<(?!/?(?:${BLOCK_TAGS}|ul|ol|br)\\b)))`, 'gi');

/** An HTML label as the text it shows: line breaks and blocks become newlines, tags go. */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      // `<div><br></div>` is one empty line, not two.
      .replace(new RegExp(`<br\\b[^>]*>(\\s*</(?:${BLOCK_TAGS})\\s*>)`, 'gi'), '$1')
      .replace(/<br\b[^>]*>/gi, '\n')
      .replace(new RegExp(`^\\s*<(?:${BLOCK_TAGS})\\b[^>]*>`, 'i'), '')
      // Before blocks meet (a newline there would read as text after a nested list's end).
      .replace(BLOCK_END_BEFORE_TEXT, '\n')
      .replace(new RegExp(`</(?:${BLOCK_TAGS})\\s*>\\s*<(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
      .replace(new RegExp(`<(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .trim();
}

/** A piece of a label in one format; `text` is plain text (`\n` for a line break). */
export interface LabelRun {
  readonly text: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  /** A CSS colour, from `<font color>` or a `color:` in a tag's style. */
  readonly color?: string;
  /** A font size in px, from `<font size="N">` (HTML's seven sizes) or a `font-size:` in px or pt in a tag's style. */
  readonly fontSize?: number;
  /** The list marker drawn before a run that starts a list item (`•`, or `1.` in an `<ol>`); not part of the text. */
  readonly marker?: string;
  /** How deep the item that starts here is in lists (1 for a list's own item), with a marker. */
  readonly listDepth?: number;
}

type Format = 'bold' | 'italic' | 'underline';
const FORMAT_TAGS: Readonly<Record<string, Format>> = { b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline' };

/** A colour value safe to hand on as CSS: #hex, rgb()/rgba()/hsl() of numbers, or a colour name. */
const SAFE_COLOR = /^(#[0-9a-fA-F]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%]+\)|[a-zA-Z]+)$/;

/** The px of HTML's `<font size>` 1..7 (a browser's x-small .. xxx-large). */
const FONT_SIZES = [10, 13, 16, 18, 24, 32, 48];

/** The font size an opening tag gives its text: `<font size="N">` or `style="font-size: Npx"` (or pt). */
function tagFontSize(tag: string): number | undefined {
  const size = /^<font\b[^>]*\ssize\s*=\s*["']?([1-7])\b/i.exec(tag)?.[1];
  if (size) return FONT_SIZES[Number(size) - 1];
  const style = /\sstyle\s*=\s*(["'])(.*?)\1/is.exec(tag)?.[2];
  const found = style && /(?:^|;)\s*font-size\s*:\s*(\d+(?:\.\d+)?)\s*(px|pt)\s*(?:;|$)/i.exec(decodeHtmlEntities(style));
  if (!found) return undefined;
  const px = Number(found[1]) * (found[2].toLowerCase() === 'pt' ? 4 / 3 : 1);
  return px > 0 && px <= 400 ? px : undefined;
}

/** The colour an opening tag gives its text: `<font color="X">` or `style="color: X"`. */
function tagColor(tag: string): string | undefined {
  const attribute = /\scolor\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
  const style = /\sstyle\s*=\s*(["'])(.*?)\1/is.exec(tag)?.[2];
  const fromStyle = style && /(?:^|;)\s*color\s*:\s*([^;]+)/i.exec(decodeHtmlEntities(style))?.[1]?.trim();
  const color = fromStyle || attribute;
  return color && SAFE_COLOR.test(color) ? color : undefined;
}

const VOID_TAGS = new Set(['br', 'img', 'hr', 'input', 'wbr']);

/**
 * The runs of an HTML label: text in bold, italic, underline and colour as its tags say, every other tag
 * dropped (blocks and `<br>` become line breaks, as in htmlToText). A tag left open ends with
 * the label; a stray closing tag is ignored.
 */
export function htmlRuns(html: string): LabelRun[] {
  const text = htmlToText(html);
  const runs: LabelRun[] = [];
  const open: Record<Format, number> = { bold: 0, italic: 0, underline: 0 };
  // Open inline tags with the colour each sets, if any: the innermost colour holds.
  const colors: Array<{ tag: string; color?: string; fontSize?: number }> = [];
  const color = () => colors.findLast((entry) => entry.color !== undefined)?.color;
  const fontSize = () => colors.findLast((entry) => entry.fontSize !== undefined)?.fontSize;
  // Open lists, innermost last: an <ol> counts its items.
  const lists: Array<{ ordered: boolean; count: number }> = [];
  let marker: { text: string; depth: number } | undefined;
  // Formatting is read from the markup; the text comes from htmlToText, so both agree on what
  // the label says. Walk the markup with the text in step, character by character of plain text.
  // A list item's start is marked (U+0001, after the tag) so its run gets the list's marker.
  const marked = html
    .replace(/<li\b[^>]*>/gi, '$&\u0001')
    .replace(new RegExp(`<br\\b[^>]*>(\\s*</(?:${BLOCK_TAGS})\\s*>)`, 'gi'), '$1')
    .replace(/<br\b[^>]*>/gi, '\u0000')
    .replace(new RegExp(`^\\s*<(?:${BLOCK_TAGS})\\b[^>]*>`, 'i'), '')
    .replace(BLOCK_END_BEFORE_TEXT, '\u0000')
    .replace(new RegExp(`</(?:${BLOCK_TAGS})\\s*>\\s*<(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\u0000')
    .replace(new RegExp(`<(?:${BLOCK_TAGS})\\b[^>]*>`, 'gi'), '\u0000');
  let consumed = 0;
  const push = (piece: string) => {
    if (piece === '') return;
    const run: LabelRun = {
      text: piece,
      ...(open.bold > 0 && { bold: true }),
      ...(open.italic > 0 && { italic: true }),
      ...(open.underline > 0 && { underline: true }),
      ...(color() !== undefined && { color: color() }),
      ...(fontSize() !== undefined && { fontSize: fontSize() }),
      ...(marker !== undefined && { marker: marker.text, listDepth: marker.depth }),
    };
    marker = undefined;
    const last = runs[runs.length - 1];
    if (last && run.marker === undefined && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline && last.color === run.color && last.fontSize === run.fontSize) {
      runs[runs.length - 1] = { ...last, text: last.text + piece };
    } else {
      runs.push(run);
    }
  };
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
  let at = 0;
  const takeText = (raw: string) => {
    // The plain text this raw piece shows: the same decoding as htmlToText, then matched against it.
    const shown = decodeHtmlEntities(raw.replace(/<[^>]*>/g, '')).replace(/\u00a0/g, ' ').replace(/\u0000/g, '\n');
    for (const ch of shown) {
      if (ch === '\u0001') {
        const list = lists[lists.length - 1];
        if (list) list.count++;
        marker = { text: list?.ordered ? `${list.count}.` : '•', depth: Math.max(1, lists.length) };
      } else if (consumed < text.length && text[consumed] === ch) {
        push(ch);
        consumed++;
      }
    }
  };
  for (let match = tag.exec(marked); match; match = tag.exec(marked)) {
    takeText(marked.slice(at, match.index));
    at = match.index + match[0].length;
    const name = match[2].toLowerCase();
    if (name === 'ul' || name === 'ol') {
      if (match[1] === '/') lists.pop();
      else lists.push({ ordered: name === 'ol', count: 0 });
    }
    if (match[1] === '/') {
      const index = colors.findLastIndex((entry) => entry.tag === name);
      if (index >= 0) colors.splice(index);
    } else if (!VOID_TAGS.has(name) && !match[0].endsWith('/>')) {
      colors.push({ tag: name, color: tagColor(match[0]), fontSize: tagFontSize(match[0]) });
    }
    const format = FORMAT_TAGS[name];
    if (!format) continue;
    if (match[1] === '/') open[format] = Math.max(0, open[format] - 1);
    else open[format]++;
  }
  takeText(marked.slice(at));
  // Whatever the markup walk could not place (it should place everything) ends the label plainly.
  if (consumed < text.length) {
    open.bold = open.italic = open.underline = 0;
    colors.length = 0;
    push(text.slice(consumed));
  }
  return runs;
}

/** Whether runs carry any format at all (otherwise the plain text says everything). */
export function hasFormatting(runs: readonly LabelRun[]): boolean {
  return runs.some((run) => run.bold || run.italic || run.underline || run.color !== undefined || run.fontSize !== undefined || run.marker !== undefined);
}
