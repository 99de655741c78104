/**
 * The Mockups palette's bars of named parts, as diagrams.net draws them: the menu and wedge bars
 * (mxMockupForms.js), the link bar (mxMockupText.js), the button bars (mxMockupButtons.js), the
 * horizontal and vertical tab bars and the accordion (mxMockupContainers.js). Each names its parts
 * in a comma-separated list, the chosen one marked with a leading "+" and painted in fillColor2
 * (#008cff) with its name in textColor2 (#ffffff).
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, type Point, type TextPaint } from './code-shape-pen';
import { box } from './code-shapes-mockup';
import { optionsOf } from './code-shapes-mockup-forms';
import { measuredWidth, spread } from './code-shapes-mockup-steps';
import { DEFAULT_FONT_FAMILY } from './label-look';

/** The parts a style names in `key` (the fallback when it names none): names, the chosen one's index (-1 for none), text size and colours. */
function partsOf(c: ShapeContext, key: string, fallback: string) {
  const { names, chosen } = optionsOf(c.style.get(key) ?? fallback);
  // diagrams.net takes the last name marked "+" as the chosen one.
  const selected = chosen.lastIndexOf(true);
  const size = c.num('textSize', 17);
  const paint = (i: number, extra: Partial<TextPaint> = {}): TextPaint => ({
    size,
    color: i === selected ? c.color('textColor2', '#ffffff') : c.color('textColor', '#666666'),
    family: DEFAULT_FONT_FAMILY,
    ...extra,
  });
  return { names, selected, size, paint };
}

/** The frame colour of a bar drawn twice (under and over its parts): strokeColor (#666666). */
const frameOf = (c: ShapeContext) => ({ stroke: c.color('strokeColor', '#666666') });

/** How a bar of named parts looks: an empty name's width, links underlined, a button bar's 10 px corners and bold names. */
interface BarLook {
  readonly emptyWidth: number;
  readonly underlined?: boolean;
  readonly button?: boolean;
}

/**
 * A bar's frame: a box, or one of 10 px corners for a button bar, filled and stroked in
 * strokeColor (#666666), or only stroked (diagrams.net draws it again over the chosen part).
 */
function barFrame(c: ShapeContext, w: number, h: number, button: boolean | undefined, mode: 'fillStroke' | 'stroke'): void {
  if (button) c.fig.path(box(w, h, 10, [true, true, true, true]), mode, frameOf(c));
  else c.fig.rect(0, 0, w, h, mode, frameOf(c));
}

/**
 * The chosen part of a bar, `from` to `to` along it (x, or y for a vertical one), filled in
 * fillColor2 (#008cff); a button bar's first and last parts keep the frame's round corners.
 */
function chosenPart(c: ShapeContext, look: BarLook, span: { from: number; to: number; across: number; first: boolean; last: boolean; vertical?: boolean }): void {
  const fill = { fill: c.color('fillColor2', '#008cff') };
  const { from, to, across, first, last, vertical } = span;
  const [w, h] = vertical ? [across, to - from] : [to - from, across];
  const at: Point = vertical ? [0, from] : [from, 0];
  if (!look.button) {
    c.fig.rect(at[0], at[1], w, h, 'fill', fill);
    return;
  }
  // The first part rounds its start's corners, else the last its end's: top or left first.
  const [start, end] = [first, last && !first];
  const round: [boolean, boolean, boolean, boolean] = vertical ? [start, start, end, end] : [start, end, end, start];
  c.fig.path(box(w, h, 10, round, at), 'fill', fill);
}

/**
 * A bar of menus, links or buttons (at least 1.5 x textSize and 20 px high): its names (mainText)
 * spread across it as a breadcrumb's names, 5 px either side (`emptyWidth` for an empty one),
 * separated by lines in strokeColor2 (#c4c4c4) except beside the chosen one, which is filled in
 * fillColor2; a link bar's names underlined in their colour, a button bar's bold in a frame of
 * round corners.
 */
function namedBar(fallback: string, look: BarLook): Painter {
  return (c) => {
    const { names, selected, size, paint } = partsOf(c, 'mainText', fallback);
    const widths = names.map((name) => measuredWidth(name, size) || look.emptyWidth);
    const { middles, starts } = spread(widths, c.w, 5);
    const w = Math.max(c.w, widths.reduce((sum, width) => sum + width + 10, 0));
    const h = Math.max(c.h, size * 1.5, 20);
    const edges = [0, ...starts, w];
    barFrame(c, w, h, look.button, 'fillStroke');
    const separators = new PathData();
    starts.forEach((x, n) => n + 1 !== selected && n !== selected && separators.moveTo(x, 0).lineTo(x, h));
    c.fig.path(separators, 'stroke', { stroke: c.color('strokeColor2', '#c4c4c4') });
    if (selected >= 0) chosenPart(c, look, { from: edges[selected], to: edges[selected + 1], across: h, first: selected === 0, last: selected === names.length - 1 });
    barFrame(c, w, h, look.button, 'stroke');
    names.forEach((name, i) => {
      const text = paint(i, { anchor: 'middle', bold: look.button });
      c.fig.text(middles[i], h / 2, name, text);
      const half = measuredWidth(name, size) / 2;
      if (look.underlined && name !== '') c.fig.path(new PathData().moveTo(middles[i] - half, (h + size) / 2).lineTo(middles[i] + half, (h + size) / 2), 'stroke', { stroke: text.color });
    });
  };
}

/**
 * A vertical button bar (mxShapeMockupVerButtonBar): its buttons (mainText) stacked, each 1.5 x
 * textSize high stretched to the bar's height, in a frame of 10 px corners, separated by lines in
 * strokeColor2 except beside the chosen one (filled in fillColor2), names bold and centred.
 */
const verButtonBar: Painter = (c) => {
  const { names, selected, size, paint } = partsOf(c, 'mainText', '+Button 1, Button 2, Button 3');
  const n = names.length;
  const w = Math.max(c.w, 10 + Math.max(0, ...names.map((name) => measuredWidth(name, size))));
  const h = Math.max(c.h, n * size * 1.5);
  const rowH = h / n;
  barFrame(c, w, h, true, 'fillStroke');
  const separators = new PathData();
  for (let i = 1; i < n; i++) if (i !== selected && i !== selected + 1) separators.moveTo(0, i * rowH).lineTo(w, i * rowH);
  c.fig.path(separators, 'stroke', { stroke: c.color('strokeColor2', '#c4c4c4') });
  if (selected >= 0) {
    const from = selected === n - 1 && selected !== 0 ? h - rowH : selected * rowH;
    chosenPart(c, { emptyWidth: 0, button: true }, { from, to: from + rowH, across: w, first: selected === 0, last: selected === n - 1, vertical: true });
  }
  barFrame(c, w, h, true, 'stroke');
  names.forEach((name, i) => c.fig.text(w / 2, (i + 0.5) * rowH, name, paint(i, { anchor: 'middle', bold: true })));
};

const TAB_CORNER = 5;

/**
 * A path drawn along a tab bar: `a` along the tabs and `b` across them, x and y for a horizontal
 * bar, swapped (and its arcs turned the other way) for a vertical one.
 */
function tabPen(vertical: boolean) {
  const path = new PathData();
  const r = TAB_CORNER;
  const pen = {
    path,
    move: (a: number, b: number) => (vertical ? path.moveTo(b, a) : path.moveTo(a, b), pen),
    line: (a: number, b: number) => (vertical ? path.lineTo(b, a) : path.lineTo(a, b), pen),
    arc: (sweep: 0 | 1, a: number, b: number) => (vertical ? path.arcTo(r, r, 0, 0, sweep === 1 ? 0 : 1, b, a) : path.arcTo(r, r, 0, 0, sweep, a, b), pen),
  };
  return pen;
}

/**
 * A tab's outline from `start`, `length` along the bar and `depth` across it (tabStyle): a box
 * (block), sloped sides (cone), a sloped first side (halfCone) or round corners flaring into the
 * bar (round); with `bar` (the chosen tab), the bar's top edge of `extent` joined on either side;
 * a block `open` at its foot (a wedge bar's).
 */
function tabOutline(pen: ReturnType<typeof tabPen>, style: string, start: number, length: number, depth: number, bar?: number, open = false): boolean {
  const r = TAB_CORNER;
  const end = start + length;
  if (bar !== undefined) pen.move(0, depth + r).arc(1, r, depth);
  if (style === 'block') {
    if (bar === undefined && open) pen.move(start, depth).line(start, 0).line(end, 0).line(end, depth);
    else if (bar === undefined) pen.move(start, 0).line(end, 0).line(end, depth).line(start, depth).path.close();
    else pen.line(start, depth).line(start, 0).line(end, 0).line(end, depth);
  } else if (style === 'cone' || style === 'halfCone') {
    (bar === undefined ? pen.move(start, depth) : pen.line(start, depth)).line(start + 5, 0).line(style === 'cone' ? end - 5 : end, 0).line(end, depth);
  } else if (style === 'round') {
    (bar === undefined ? pen.move(start - r, depth) : pen.line(start - r, depth)).arc(0, start, depth - r).line(start, r).arc(1, start + r, 0);
    pen.line(end - r, 0).arc(1, end, r).line(end, depth - r).arc(0, end + r, depth);
  } else return false;
  if (bar !== undefined) pen.line(bar - r, depth).arc(1, bar, depth + r).path.close();
  return true;
}

/**
 * A tab bar of the tabs its style names ("Tab 1,+Tab 2,Tab 3"), 10 px in from its start and 5 px
 * apart, tabStyle's shape, in the fill and stroke; the chosen one in fillColor2, joined to the
 * bar's edge. Horizontal: each tab as wide as its name (40 px for none) plus 10 px either side,
 * 1.5 x textSize high, its name 10 px in; vertical (mxShapeMockupVerTabBar): every tab as wide as
 * the widest name (42 px for none) plus 20 px, its name centred; a wedge bar (mxMockupForms.js):
 * horizontal tabs (42 px for no name) with no bar under them, open at their foot, the chosen one
 * filled alone.
 */
function tabBar(kind: 'horizontal' | 'vertical' | 'wedge'): Painter {
  const vertical = kind === 'vertical';
  const wedge = kind === 'wedge';
  return (c) => {
    const { names, selected, size, paint } = partsOf(c, 'tabs', 'Tab 1,+Tab 2,Tab 3');
    const style = c.style.get('tabStyle') ?? 'block';
    const r = TAB_CORNER;
    const tabH = size * 1.5;
    const widths = names.map((name) => measuredWidth(name, size) || (kind === 'horizontal' ? 40 : 42));
    const lengths = vertical ? names.map(() => tabH) : widths.map((width) => width + 20);
    const depth = vertical ? 20 + Math.max(...widths) : tabH;
    const starts = lengths.map((_, i) => 10 + lengths.slice(0, i).reduce((sum, length) => sum + length + 5, 0));
    const along = Math.max(vertical ? c.h : c.w, 20 + (names.length - 1) * 5 + lengths.reduce((sum, length) => sum + length, 0));
    const across = Math.max(vertical ? c.w : c.h, depth + r);
    const background = tabPen(vertical).move(0, depth + r).arc(1, r, depth).line(along - r, depth).arc(1, along, depth + r);
    if (!wedge) c.fig.path(background.line(along, across).line(0, across).path.close());
    // A vertical bar has no cone tabs: diagrams.net draws none of them.
    const drawn = !vertical || style === 'block' || style === 'round' ? style : 'none';
    names.forEach((_, i) => {
      const pen = tabPen(vertical);
      if (i !== selected && tabOutline(pen, drawn, starts[i], lengths[i], depth, undefined, wedge)) c.fig.path(pen.path);
    });
    const focus = tabPen(vertical);
    const chosenFill = c.color('fillColor2', '#008cff');
    // A wedge bar's chosen tab stands alone, not joined to a bar.
    const joined = wedge ? undefined : along;
    if (selected >= 0 && tabOutline(focus, drawn, starts[selected], lengths[selected], depth, joined, wedge)) c.fig.path(focus.path, 'fillStroke', { fill: chosenFill, stroke: chosenFill });
    names.forEach((name, i) => {
      if (vertical) c.fig.text(depth / 2, starts[i] + tabH / 2, name, paint(i, { anchor: 'middle' }));
      else c.fig.text(starts[i] + 10, tabH / 2, name, paint(i));
    });
  };
}

/**
 * An accordion: its groups (mainText, "+Group 1, Group 2, Group 3"), each 1.5 x textSize high,
 * stacked from the top down to the chosen one (filled in fillColor2) and the rest at the bottom,
 * separated by lines in strokeColor2 (#c4c4c4), names centred.
 */
const accordion: Painter = (c) => {
  const { names, selected, size, paint } = partsOf(c, 'mainText', '+Group 1, Group 2, Group 3');
  const rowH = size * 1.5;
  const n = names.length;
  const w = Math.max(c.w, 10 + Math.max(0, ...names.map((name) => measuredWidth(name, size))));
  const h = Math.max(c.h, n * rowH);
  const topDown = (i: number) => selected === -1 || i <= selected;
  c.fig.rect(0, 0, w, h, 'fillStroke', frameOf(c));
  const separators = new PathData();
  for (let i = 1; i < n; i++) {
    const y = topDown(i) ? i * rowH : h - (n - i) * rowH;
    if (i !== selected) separators.moveTo(0, y).lineTo(w, y);
  }
  c.fig.path(separators, 'stroke', { stroke: c.color('strokeColor2', '#c4c4c4') });
  if (selected >= 0) c.fig.rect(0, selected * rowH, w, rowH, 'fill', { fill: c.color('fillColor2', '#008cff') });
  c.fig.rect(0, 0, w, h, 'stroke', frameOf(c));
  names.forEach((name, i) => c.fig.text(w / 2, topDown(i) ? (i + 0.5) * rowH : h - (n - i - 0.5) * rowH, name, paint(i, { anchor: 'middle' })));
};

export const MOCKUP_BAR_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.forms.menuBar': namedBar('+Menu 1, Menu 2, Menu 3', { emptyWidth: 0 }),
  'mxgraph.mockup.text.linkBar': namedBar('+Button 1, Button 2, Button 3', { emptyWidth: 42, underlined: true }),
  'mxgraph.mockup.buttons.horButtonBar': namedBar('+Button 1, Button 2, Button 3', { emptyWidth: 0, button: true }),
  'mxgraph.mockup.buttons.verButtonBar': verButtonBar,
  'mxgraph.mockup.containers.horTabBar': tabBar('horizontal'),
  'mxgraph.mockup.containers.verTabBar': tabBar('vertical'),
  'mxgraph.mockup.forms.wedgeBar': tabBar('wedge'),
  'mxgraph.mockup.containers.accordion': accordion,
};
