/**
 * Labels of draw.io's `html=1` cells: HTML to the plain text the model holds, text back to HTML,
 * and the few formats (bold, italic, underline, font colour and size, line breaks, list markers) that the editor shows. Pure
 * (imports only the pure css-font-size), so the browser bundle uses the same reading as the core; nothing here produces markup
 * that a page would interpret: the editor draws runs of text.
 */
import { cssFontSize, fontTagSize, type FontSizeOf } from './css-font-size';

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

/** HTML's entities with `&nbsp;` kept a no-break space: the text a label draws, where a browser neither collapses nor wraps it. */
const DRAWN_ENTITIES: Readonly<Record<string, string>> = { ...HTML_ENTITIES, nbsp: '\u00a0' };

export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n?|\n/g, '<br>');
}

const BLOCK_TAGS = 'div|p|li|h[1-6]|tr';
/** A horizontal rule: a line of its own, however it meets the blocks around it (the mark stands in for it while lines are found). */
const RULE_TAG = /\s*<hr\b[^>]*>\s*/gi;
const RULE = '\u0002';
/** A browser's markers of unordered lists by depth: disc, circle, then square. */
const BULLETS = ['•', '◦', '▪'];
/** The mark htmlRuns puts beside each tag that shapes lines (lists, items, paragraphs); XML cannot hold it in a file's label. */
const STRUCTURE = '\u0001';

/** Tags that lay their content out as blocks (a line of its own). */
const LINE_BLOCK_TAG = new RegExp(`^(?:${BLOCK_TAGS}|ul|ol)$`, 'i');
/** Text a browser draws: anything but collapsible white space and the marks put beside tags (a no-break space counts). */
const SHOWN_TEXT = /[^ \t\n\r\f\u0001\u0002]/;

/**
 * Blocks and line breaks as `newline` (a character), the tags that make them dropped, other tags
 * kept: the line structure both readings share. A line ends as a browser ends one: at a `<br>`
 * (an empty line if nothing came before it), and at a block's start or end only where the line has
 * text, so `a<br><div>b</div>` and `<div>a<br></div><div>b</div>` are two lines, `<div><br></div>` one
 * empty line and `<div>a</div><br><div>b</div>` three with an empty one between.
 */
function breakLines(html: string, newline: string): string {
  let out = '';
  let lineHasText = false;
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
  let at = 0;
  const takeText = (piece: string) => {
    // White space that starts a line collapses away, as a browser drops it (the marks stay).
    const firstShown = lineHasText ? 0 : piece.search(SHOWN_TEXT);
    const text = lineHasText ? piece : piece.slice(0, firstShown < 0 ? piece.length : firstShown).replace(/[ \t\n\r\f]+/g, '') + (firstShown < 0 ? '' : piece.slice(firstShown));
    out += text;
    // A rule (its mark) is a line of its own: the text after it starts a new line.
    const afterRule = text.slice(text.lastIndexOf(RULE) + 1);
    if (text.includes(RULE)) lineHasText = SHOWN_TEXT.test(afterRule);
    else if (SHOWN_TEXT.test(text)) lineHasText = true;
  };
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    takeText(html.slice(at, match.index));
    at = match.index + match[0].length;
    const name = match[2];
    if (name.toLowerCase() === 'br') {
      out += newline;
      lineHasText = false;
    } else if (LINE_BLOCK_TAG.test(name)) {
      // The tag stays after its line break: its style (a paragraph's font size, colour) holds for its text.
      if (lineHasText) out += newline;
      out += match[0];
      lineHasText = false;
    } else {
      out += match[0];
    }
  }
  takeText(html.slice(at));
  return out;
}

/** An HTML label as the text it shows: line breaks, blocks and rules become newlines, tags go; a no-break space is a space. */
export function htmlToText(html: string): string {
  return plainSpaces(drawnText(html));
}

/** A label's drawn text as the model's text: no-break spaces as spaces, no white space around it. */
export function plainSpaces(drawn: string): string {
  return drawn.replace(/\u00a0/g, ' ').trim();
}

/** The text an HTML label draws: htmlToText's, its no-break spaces kept (a browser keeps them at a line's start and end). */
function drawnText(html: string): string {
  return decodeEntities(breakLines(html.replace(RULE_TAG, RULE), '\n').replace(/<[^>]*>/g, ''), DRAWN_ENTITIES)
    .replace(/\n*(?:\u0002\n*)+/g, '\n')
    .replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, '');
}

/** A piece of a label in one format; `text` is plain text (`\n` for a line break). */
export interface LabelRun {
  readonly text: string;
  /** Bold (`<b>`, `font-weight: bold`), or false where a style says `font-weight: normal` inside a bold label; absent: the label's own. */
  readonly bold?: boolean;
  /** Italic, or false where a style says `font-style: normal`; absent: the label's own. */
  readonly italic?: boolean;
  readonly underline?: boolean;
  /** A CSS colour, from `<font color>` or a `color:` in a tag's style. */
  readonly color?: string;
  /** A font size in px, from `<font size="N">` (HTML's seven sizes) or a tag's style's `font-size` (css-font-size). */
  readonly fontSize?: number;
  /** A font size as a multiple of the label's own (an `em` or `%` no absolute size encloses). */
  readonly fontScale?: number;
  /** `white-space: nowrap` in a tag's style: the run is not wrapped. */
  readonly nowrap?: boolean;
  /** The list marker drawn before a run that starts a list item (`•`, or `1.` in an `<ol>`); not part of the text. */
  readonly marker?: string;
  /** How deep in lists the item this run lies in is (1 for a list's own item): a marker's item and the lines it breaks onto. */
  readonly listDepth?: number;
  /** The `<p>` or outermost list the run lies in: one object per block, shared by its runs (see ParagraphLook). */
  readonly paragraph?: ParagraphLook;
  /** A horizontal rule (`<hr>`) drawn above the line this run starts, as its CSS (see ruleCss). */
  readonly ruleAbove?: Readonly<Record<string, string>>;
}

/**
 * A paragraph's block as a browser lays out a `<p>`: 1em above and below (adjacent paragraphs'
 * margins collapse), with the margins and alignment its own style gives; CSS property names in
 * camelCase, values checked to be plain lengths or alignments.
 */
export interface ParagraphLook {
  readonly css: Readonly<Record<string, string>>;
  /** The font size the block's text has where it opens (its own style's or an enclosing tag's): its lines' height and its em margins. */
  readonly fontSize?: FontSizeOf;
}

/** A CSS length list safe to hand on (`0`, `4px`, `1em 0`, `auto`). */
const SAFE_LENGTHS = /^(?:(?:-?(?:\d+\.?\d*|\.\d+)(?:px|pt|em|%)?|auto)\s*){1,4}$/i;
const ALIGNMENTS = new Set(['left', 'right', 'center', 'justify', 'start', 'end']);
const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const;

/** The declarations of a tag's style attribute, names lower-cased. */
function styleDeclarations(tag: string): Map<string, string> {
  const style = /\sstyle\s*=\s*(["'])(.*?)\1/is.exec(tag)?.[2] ?? '';
  const declarations = new Map<string, string>();
  for (const part of decodeHtmlEntities(style).split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) declarations.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
  }
  return declarations;
}

/** A `<p>`'s or a list's look: the browser's 1em margins above and below, then its style's margins (in order) and text-align. */
function paragraphLook(tag: string): ParagraphLook {
  const css: Record<string, string> = { marginTop: '1em', marginBottom: '1em' };
  for (const [name, value] of styleDeclarations(tag)) {
    if (name === 'text-align' && ALIGNMENTS.has(value.toLowerCase())) css.textAlign = value.toLowerCase();
    if (!SAFE_LENGTHS.test(value)) continue;
    if (name === 'margin') {
      // The shorthand's one to four values, spread over the four sides as CSS does.
      const values = value.split(/\s+/);
      const sideValue = [values[0], values[1] ?? values[0], values[2] ?? values[0], values[3] ?? values[1] ?? values[0]];
      SIDES.forEach((side, i) => (css[`margin${side}`] = sideValue[i]));
    }
    const side = /^margin-(top|right|bottom|left)$/.exec(name)?.[1];
    if (side && !/\s/.test(value)) css[`margin${side[0].toUpperCase()}${side.slice(1)}`] = value;
  }
  return { css };
}

/**
 * An `<hr>` as Chromium's default style draws it (gray, inset, 1px borders, 0.5em above and
 * below), with its `size` (1 or less: no bottom border; more: that height less the borders),
 * `color` and style's border-style or border-color.
 */
function ruleCss(tag: string): Record<string, string> {
  const css: Record<string, string> = { display: 'block', overflow: 'hidden', color: 'gray', marginTop: '0.5em', marginBottom: '0.5em', borderStyle: 'inset', borderWidth: '1px', height: '0px' };
  const size = /\ssize\s*=\s*["']?(\d+)/i.exec(tag)?.[1];
  if (size !== undefined) {
    if (Number(size) <= 1) css.borderBottomWidth = '0px';
    else css.height = `${Math.min(100, Number(size) - 2)}px`;
  }
  const color = tagColor(tag);
  if (color) css.borderColor = color;
  const borderStyle = styleDeclarations(tag).get('border-style')?.toLowerCase();
  if (borderStyle && /^(?:solid|dashed|dotted|double|inset|outset|groove|ridge|none)$/.test(borderStyle)) css.borderStyle = borderStyle;
  return css;
}

type Format = 'bold' | 'italic' | 'underline';
const FORMAT_TAGS: Readonly<Record<string, Format>> = { b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline' };

/** A colour value safe to hand on as CSS: #hex, rgb()/rgba()/hsl() of numbers, or a colour name. */
const SAFE_COLOR = /^(#[0-9a-fA-F]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%]+\)|[a-zA-Z]+)$/;

/** The font size an opening tag gives its text inside text of the enclosing size: its style's `font-size`, else `<font size="N">`. */
function tagFontSize(tag: string, enclosing: FontSizeOf | undefined): FontSizeOf | undefined {
  const fromStyle = styleDeclarations(tag).get('font-size');
  const styled = fromStyle === undefined ? undefined : cssFontSize(fromStyle, enclosing);
  if (styled) return styled;
  const size = /^<font\b[^>]*\ssize\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
  const px = size === undefined ? undefined : fontTagSize(size);
  return px === undefined ? undefined : { px };
}

/** A tag's `font-weight` (true: bold, false: normal) or `font-style` (true: italic, false: normal), if its style sets one. */
function tagWeight(tag: string): boolean | undefined {
  const weight = styleDeclarations(tag).get('font-weight')?.toLowerCase();
  if (weight === undefined) return undefined;
  if (weight === 'bold' || weight === 'bolder') return true;
  if (weight === 'normal' || weight === 'lighter') return false;
  return /^\d+$/.test(weight) ? Number(weight) >= 600 : undefined;
}

function tagSlant(tag: string): boolean | undefined {
  const slant = styleDeclarations(tag).get('font-style')?.toLowerCase();
  return slant === 'italic' || slant === 'oblique' ? true : slant === 'normal' ? false : undefined;
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
 * dropped (blocks and `<br>` become line breaks, as in htmlToText, no-break spaces kept: see
 * drawnText; plainSpaces of their text is htmlToText's). A tag left open ends with
 * the label; a stray closing tag is ignored.
 */
export function htmlRuns(html: string): LabelRun[] {
  const text = drawnText(html);
  const runs: LabelRun[] = [];
  let underline = 0;
  // Open inline tags with the colour, weight and slant each sets, if any: the innermost holds (a
  // `<b>` is bold, a span's `font-weight: normal` inside it is not).
  const colors: Array<{ tag: string; color?: string; fontSize?: FontSizeOf; nowrap?: boolean; bold?: boolean; italic?: boolean }> = [];
  const bold = () => colors.findLast((entry) => entry.bold !== undefined)?.bold;
  const italic = () => colors.findLast((entry) => entry.italic !== undefined)?.italic;
  const color = () => colors.findLast((entry) => entry.color !== undefined)?.color;
  const fontSize = () => colors.findLast((entry) => entry.fontSize !== undefined)?.fontSize;
  const nowrap = () => colors.some((entry) => entry.nowrap);
  // Open lists, innermost last: an <ol> counts its items; whether the text lies in one of its items.
  const lists: Array<{ ordered: boolean; count: number; inItem: boolean }> = [];
  const itemDepth = () => {
    const depth = lists.findLastIndex((list) => list.inItem) + 1;
    return depth > 0 ? depth : undefined;
  };
  // The blocks the text lies in, innermost last; a `<div>` that sets no size of its own adds the block it lies in (or none).
  const paragraphs: Array<ParagraphLook | undefined> = [];
  let marker: string | undefined;
  let ruleAbove: Readonly<Record<string, string>> | undefined;
  // Formatting is read from the markup; the text comes from htmlToText, so both agree on what
  // the label says. Walk the markup with the text in step, character by character of plain text.
  // The tags that shape lines (lists, items, paragraphs) are marked beside themselves (STRUCTURE,
  // after an opening tag and before a closing one, so the mark stays where the tag turns into a
  // line break), their meaning queued in order; a rule stands in for its tag (RULE).
  const structure: Array<{ tag: string; closing: boolean; look?: ParagraphLook }> = [];
  const rules: Array<Record<string, string>> = [];
  const marked = breakLines(
    html
      .replace(RULE_TAG, (tag) => {
        rules.push(ruleCss(tag.trim()));
        return RULE;
      })
      .replace(/<(\/?)(ul|ol|li|p|div)\b[^>]*>/gi, (tag, slash: string, name: string) => {
        const closing = slash === '/';
        const look = ['ul', 'ol', 'p'].includes(name.toLowerCase()) ? paragraphLook(tag) : undefined;
        structure.push({ tag: name.toLowerCase(), closing, ...(!closing && look && { look }) });
        return closing ? `${STRUCTURE}${tag}` : `${tag}${STRUCTURE}`;
      }),
    '\u0000',
  );
  // How many runs there were where each open paragraph opened.
  const opened: number[] = [];
  // A block opens with the size its tag's own style (already among the open tags) or an enclosing tag gives it.
  const sizedLook = (look: ParagraphLook): ParagraphLook => (fontSize() === undefined ? look : { ...look, fontSize: fontSize() });
  const enter = ({ tag, closing, look }: (typeof structure)[number]) => {
    const list = lists[lists.length - 1];
    if (tag === 'ul' || tag === 'ol') {
      // The outermost list is a block with a browser's 1em margins (and its style's), nested ones have none.
      if (lists.length === 1 && closing) paragraphs.pop();
      if (lists.length === 0 && !closing) paragraphs.push(sizedLook(look!));
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', count: 0, inItem: false });
    } else if (tag === 'li' && list) {
      list.inItem = !closing;
      if (!closing) marker = list.ordered ? `${++list.count}.` : BULLETS[Math.min(lists.length, BULLETS.length) - 1];
    } else if (tag === 'li' && !closing) {
      marker = '•';
    } else if (tag === 'p') {
      if (!closing) {
        paragraphs.push(sizedLook(look!));
        opened.push(runs.length);
        return;
      }
      const paragraph = paragraphs.pop();
      // An empty paragraph still has its margins (they collapse with its neighbours'): a run of no text marks it.
      if (paragraph && opened.pop() === runs.length) {
        runs.push({ text: '', paragraph, ...(ruleAbove !== undefined && { ruleAbove }) });
        ruleAbove = undefined;
      }
    } else if (tag === 'div') {
      // A div is a block with no margins: one of its own where its text's size is not its block's, so its lines are as tall as its text.
      const enclosing = paragraphs[paragraphs.length - 1];
      const size = fontSize();
      if (closing) paragraphs.pop();
      else paragraphs.push(size !== undefined && !sameSize(size, enclosing?.fontSize) ? { css: {}, fontSize: size } : enclosing);
    }
  };
  let consumed = 0;
  const push = (piece: string) => {
    if (piece === '') return;
    const depth = itemDepth() ?? (marker !== undefined ? 1 : undefined);
    const paragraph = paragraphs[paragraphs.length - 1];
    const run: LabelRun = {
      text: piece,
      ...(bold() !== undefined && { bold: bold() }),
      ...(italic() !== undefined && { italic: italic() }),
      ...(underline > 0 && { underline: true }),
      ...(color() !== undefined && { color: color() }),
      ...fontSizeOfRun(fontSize()),
      ...(nowrap() && { nowrap: true }),
      ...(marker !== undefined && { marker }),
      ...(depth !== undefined && { listDepth: depth }),
      ...(paragraph !== undefined && { paragraph }),
      ...(ruleAbove !== undefined && { ruleAbove }),
    };
    marker = ruleAbove = undefined;
    const last = runs[runs.length - 1];
    const sameBlock = last && run.marker === undefined && run.ruleAbove === undefined && last.listDepth === run.listDepth && last.paragraph === run.paragraph;
    if (sameBlock && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline && last.color === run.color && last.fontSize === run.fontSize && last.fontScale === run.fontScale && last.nowrap === run.nowrap) {
      runs[runs.length - 1] = { ...last, text: last.text + piece };
    } else {
      runs.push(run);
    }
  };
  // A rule no text follows (a label's last, or one right before another) is a run of no text of its own.
  const ruleWithoutLine = () => {
    if (ruleAbove !== undefined) runs.push({ text: '', ruleAbove });
    ruleAbove = undefined;
  };
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
  let at = 0;
  const takeText = (raw: string) => {
    // The plain text this raw piece shows: the same decoding as htmlToText, then matched against it.
    const shown = decodeEntities(raw.replace(/<[^>]*>/g, ''), DRAWN_ENTITIES).replace(/\u0000/g, '\n');
    for (const ch of shown) {
      if (ch === STRUCTURE) {
        const next = structure.shift();
        if (next) enter(next);
      } else if (ch === RULE) {
        // A rule breaks the line unless a block's end already has; the line after it is drawn under it.
        ruleWithoutLine();
        if (text[consumed] === '\n') push(text[consumed++]);
        ruleAbove = rules.shift();
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
    if (match[1] === '/') {
      const index = colors.findLastIndex((entry) => entry.tag === name);
      if (index >= 0) colors.splice(index);
    } else if (!VOID_TAGS.has(name) && !match[0].endsWith('/>')) {
      const format = FORMAT_TAGS[name];
      colors.push({
        tag: name,
        color: tagColor(match[0]),
        fontSize: tagFontSize(match[0], fontSize()),
        nowrap: styleDeclarations(match[0]).get('white-space')?.toLowerCase() === 'nowrap',
        // A tag's own style wins over what the tag means (`<i style="font-style: normal">` is upright).
        bold: tagWeight(match[0]) ?? (format === 'bold' || undefined),
        italic: tagSlant(match[0]) ?? (format === 'italic' || undefined),
      });
    }
    if (FORMAT_TAGS[name] !== 'underline') continue;
    if (match[1] === '/') underline = Math.max(0, underline - 1);
    else underline++;
  }
  takeText(marked.slice(at));
  // Whatever the markup walk could not place (it should place everything) ends the label plainly.
  if (consumed < text.length) {
    underline = 0;
    colors.length = 0;
    lists.length = paragraphs.length = 0;
    push(text.slice(consumed));
  }
  ruleWithoutLine();
  return runs;
}

/** Whether runs carry any format at all (otherwise the plain text says everything). */
export function hasFormatting(runs: readonly LabelRun[]): boolean {
  return runs.some(
    (run) =>
      run.bold !== undefined || run.italic !== undefined || run.underline || run.color !== undefined || run.fontSize !== undefined || run.fontScale !== undefined || run.nowrap || run.marker !== undefined || run.listDepth !== undefined || run.paragraph !== undefined || run.ruleAbove !== undefined,
  );
}

function sameSize(a: FontSizeOf, b: FontSizeOf | undefined): boolean {
  return b !== undefined && ('px' in a ? 'px' in b && a.px === b.px : 'scale' in b && a.scale === b.scale);
}

/** A run's size fields: px as fontSize, a multiple of the label's size as fontScale. */
function fontSizeOfRun(size: FontSizeOf | undefined): Pick<LabelRun, 'fontSize' | 'fontScale'> {
  if (size === undefined) return {};
  return 'px' in size ? { fontSize: size.px } : { fontScale: size.scale };
}
