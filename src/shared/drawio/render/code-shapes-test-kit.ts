/**
 * Reading a code shape's markup back in tests: its elements with their attributes, and the
 * points a path passes through (its M and L commands).
 */
import { styleEntries } from '../stencils';
import { codeShapeMarkup, type StencilDrawer } from './code-shapes';

export interface Element {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
}

export function elementsOf(markup: string): Element[] {
  return [...markup.matchAll(/<(\w+)\s([^>]*?)\/?>/g)].map(([, tag, body]) => ({
    tag,
    attrs: Object.fromEntries([...body.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value])),
  }));
}

/** The points of a path's moveTo and lineTo commands, in order. */
export function pointsOf(d: string): Array<[number, number]> {
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
}

/** The figure of a style in a w x h box, black on white unless told, of a cell with no label unless given, and its elements. */
export function draw(style: string, w: number, h: number, cell: { fill?: string; stroke?: string; label?: string } = {}, stencils?: StencilDrawer) {
  const markup = codeShapeMarkup(styleEntries(style), { w, h, fill: cell.fill ?? '#ffffff', stroke: cell.stroke ?? '#000000', gradientId: 'g1', label: cell.label }, stencils);
  if (markup === undefined) throw new Error(`not a code shape: ${style}`);
  const elements = elementsOf(markup);
  const paths = elements.filter((e) => e.tag === 'path');
  const rects = elements.filter((e) => e.tag === 'rect');
  const ellipses = elements.filter((e) => e.tag === 'ellipse');
  return { markup, elements, paths, rects, ellipses };
}

/** A rect element's box as numbers. */
export function boxOf(rect: Element): [number, number, number, number] {
  return [Number(rect.attrs.x), Number(rect.attrs.y), Number(rect.attrs.width), Number(rect.attrs.height)];
}

/** Each ellipse's centre, x radius, fill and stroke. */
export function circlesOf(ellipses: readonly Element[]): Array<[number, number, number, string, string]> {
  return ellipses.map((e) => [Number(e.attrs.cx), Number(e.attrs.cy), Number(e.attrs.rx), e.attrs.fill, e.attrs.stroke]);
}

/** The texts a figure sets itself: [text, x, fill, font size]. */
export const textsOf = (markup: string) =>
  [...markup.matchAll(/<g fill="([^"]+)"[^>]*font-size="([\d.]+)px"[^>]*>((?:<text[^>]*>[^<]*<\/text>)+)<\/g>/g)].flatMap(([, fill, size, rows]) =>
    [...rows.matchAll(/<text x="([\d.-]+)" y="[\d.-]+">([^<]*)<\/text>/g)].map(([, x, text]) => [text, Number(x), fill, Number(size)]),
  );

/** The two stop colours of each gradient a figure defines, in order. */
export const shadesOf = (markup: string) =>
  [...markup.matchAll(/<linearGradient[^>]*>(.*?)<\/linearGradient>/g)].map(([, stops]) => [...stops.matchAll(/stop-color="([^"]*)"/g)].map(([, colour]) => colour));
