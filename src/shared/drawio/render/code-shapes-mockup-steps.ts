/**
 * The Mockups palette's step bar (mxMockupNavigation.js's mxShapeMockupStepBar) and breadcrumb: a row of steps
 * named by mainText ("Step 1, Step 2, Step 3"; the current one marked with a leading "+"), each
 * as wide as its name plus 10 px either side, stretched to the cell's width.
 */
import type { Painter } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { textWidth } from './text-metrics';

const LABEL_OFFSET = 10;

/**
 * A mockup's name measured as diagrams.net measures it (mxUtils.getSizeForString: a div's
 * offsetWidth), in whole pixels, the spaces at its ends collapsed, at a whole font size.
 */
export function measuredWidth(text: string, size: number): number {
  return Math.round(textWidth(text.trim(), Math.round(size)));
}

/**
 * Names side by side, each as wide as itself plus `offset` (10 px) either side, stretched to the
 * cell's width (at least their own): where each one's middle is and where each but the first starts.
 */
export function spread(widths: readonly number[], cellW: number, offset = LABEL_OFFSET): { middles: number[]; starts: number[] } {
  const minW = widths.reduce((sum, width) => sum + width + 2 * offset, 0);
  const w = Math.max(cellW, minW);
  const before = widths.map((_, i) => widths.slice(0, i).reduce((sum, width) => sum + width + 2 * offset, 0));
  return { middles: widths.map((width, i) => ((before[i] + offset + width / 2) * w) / minW), starts: before.slice(1).map((x) => (x * w) / minW) };
}

/**
 * Grey dots on a grey rail (strokeColor, #c4c4c4) under the names; the rail done so far in
 * fillColor (#666666) up to the current step, each step before it a ringed dot and the current one
 * a white ring round a dot in textColor2 (#008cff). Names before the current step are in textColor
 * (#666666), the rest in textColor2.
 */
const stepBar: Painter = (c) => {
  const steps = (c.style.get('mainText') ?? 'Step 1, Step 2, Step 3').split(',');
  const current = steps.findIndex((step) => step.startsWith('+'));
  const names = steps.map((step) => (step.startsWith('+') ? step.slice(1) : step));
  const size = c.num('textSize', 17);
  const widths = names.map((name) => measuredWidth(name, size));
  const { middles } = spread(widths, c.w);
  const rail = c.color('strokeColor', '#c4c4c4');
  const done = c.color('fillColor', '#666666');
  const now = c.color('textColor2', '#008cff');
  const y = size * 2;
  for (const x of middles) c.fig.ellipse(x - 10, y - 10, 20, 20, 'fillStroke', { fill: rail, stroke: rail });
  if (middles.length > 1) c.fig.rect(middles[0], y - 2, middles[middles.length - 1] - middles[0], 4, 'fillStroke', { fill: rail, stroke: rail });
  if (current > 0) c.fig.rect(middles[0], y - 7.5 * 0.15, middles[current] - middles[0], 7.5 * 0.3, 'fill', { fill: done });
  const dot = (x: number, r: number, fill: string, stroke: string, strokeWidth: number) => c.fig.ellipse(x - r, y - r, 2 * r, 2 * r, 'fillStroke', { fill, stroke, strokeWidth });
  middles.slice(0, current + 1).forEach((x, i) => {
    if (i < current) {
      dot(x, 7.5, rail, done, c.strokeWidth);
      dot(x, 4.5, rail, done, c.strokeWidth / 2);
    } else {
      dot(x, 10, rail, rail, c.strokeWidth);
      dot(x, 7.5, '#ffffff', '#ffffff', c.strokeWidth);
      dot(x, 5.25, now, now, c.strokeWidth / 2);
    }
  });
  names.forEach((name, i) => {
    const color = i >= current ? now : c.color('textColor', '#666666');
    c.fig.text(middles[i], size / 2, name, { size, color, family: DEFAULT_FONT_FAMILY, anchor: 'middle' });
  });
};

/**
 * A breadcrumb (mxShapeMockupBreadcrumb, at least 1.5 x textSize and 20 px high): mainText's names
 * ("Layer 1, Layer 2, Layer 3") spread as the step bar spreads them, in textColor (#666666), the
 * last in textColor2 (#008cff), a 5 px chevron in strokeColor (#c4c4c4) where each but the first starts.
 */
const breadcrumb: Painter = (c) => {
  const names = (c.style.get('mainText') ?? 'Layer 1, Layer 2, Layer 3').split(',');
  const size = c.num('textSize', 17);
  const { middles, starts } = spread(names.map((name) => measuredWidth(name, size)), c.w);
  const mid = Math.max(c.h, size * 1.5, 20) / 2;
  const chevrons = new PathData();
  for (const x of starts) chevrons.moveTo(x - 2.5, mid - 5).lineTo(x + 2.5, mid).lineTo(x - 2.5, mid + 5);
  c.fig.path(chevrons, 'stroke', { stroke: c.color('strokeColor', '#c4c4c4') });
  names.forEach((name, i) => {
    const color = i === names.length - 1 ? c.color('textColor2', '#008cff') : c.color('textColor', '#666666');
    c.fig.text(middles[i], mid, name, { size, color, family: DEFAULT_FONT_FAMILY, anchor: 'middle' });
  });
};

export const MOCKUP_STEP_SHAPES: Readonly<Record<string, Painter>> = {
  'mxgraph.mockup.navigation.stepBar': stepBar,
  'mxgraph.mockup.navigation.breadcrumb': breadcrumb,
};
