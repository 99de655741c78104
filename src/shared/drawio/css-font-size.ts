/**
 * The font size a tag of an HTML label gives its text, as a browser (Chromium) computes it:
 * `<font size>` and a style's `font-size` in any absolute unit, keyword, or a unit relative to the
 * enclosing text (`em`, `%`, `smaller`, `larger`). A relative size with no absolute size around
 * it stays a multiple of the label's own font size (`scale`), which only the label knows. Pure.
 */

/** A font size: px, or a multiple of the label's own font size. */
export type FontSizeOf = { readonly px: number } | { readonly scale: number };

/** px per unit of CSS's absolute lengths. */
const ABSOLUTE_UNITS: Readonly<Record<string, number>> = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 };
/** A browser's default font size: `medium`, and what `rem` counts in (diagrams.net sets no root size). */
const MEDIUM = 16;
/** Chromium's px for the absolute-size keywords. */
const KEYWORDS: Readonly<Record<string, number>> = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };
/** The px of HTML's `<font size>` 1..7 (a browser's x-small .. xxx-large). */
const FONT_TAG_SIZES = [10, 13, 16, 18, 24, 32, 48];
/** How much `larger` grows and `smaller` shrinks the enclosing size. */
const RELATIVE_STEP = 1.2;

/** `<font size="N">` (1..7, or +N/-N from 3, clamped as a browser does): its px. */
export function fontTagSize(attribute: string): number | undefined {
  const found = /^\s*([+-]?)\s*(\d+)/.exec(attribute);
  if (!found) return undefined;
  const n = Number(found[2]);
  const size = found[1] === '+' ? 3 + n : found[1] === '-' ? 3 - n : n;
  return FONT_TAG_SIZES[Math.min(7, Math.max(1, size)) - 1];
}

/** A `font-size` value inside text of the enclosing size (absent: the label's own); undefined when not a size a browser takes. */
export function cssFontSize(value: string, enclosing: FontSizeOf | undefined): FontSizeOf | undefined {
  const text = value.trim().toLowerCase().replace(/\s*!important$/, '');
  if (KEYWORDS[text] !== undefined) return { px: KEYWORDS[text] };
  if (text === 'larger' || text === 'smaller') return relative(text === 'larger' ? RELATIVE_STEP : 1 / RELATIVE_STEP, enclosing);
  const found = /^(\d+(?:\.\d*)?|\.\d+)(px|pt|pc|in|cm|mm|q|em|rem|%)$/.exec(text);
  if (!found) return undefined;
  const amount = Number(found[1]);
  const unit = found[2];
  if (unit === 'em' || unit === '%') return relative(unit === '%' ? amount / 100 : amount, enclosing);
  return sane({ px: amount * (unit === 'rem' ? MEDIUM : ABSOLUTE_UNITS[unit]) });
}

function relative(factor: number, enclosing: FontSizeOf | undefined): FontSizeOf | undefined {
  if (enclosing === undefined) return sane({ scale: factor });
  return sane('px' in enclosing ? { px: enclosing.px * factor } : { scale: enclosing.scale * factor });
}

/** No size of nothing, nor one no label draws. */
function sane(size: FontSizeOf): FontSizeOf | undefined {
  const px = 'px' in size ? size.px : size.scale * MEDIUM;
  return px > 0 && px <= 400 ? size : undefined;
}
