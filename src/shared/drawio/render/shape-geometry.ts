/**
 * The outline of each built-in shape type as SVG path data, for a w x h box. `body` is filled and
 * stroked; `details` (the top rim of a cylinder, the side bars of a process, a person's limbs)
 * are stroked only. Pure, so every type is checked in Node.
 */
import type { ShapeType } from '../model';
import { withStylesheetLabel } from './label-look';

export interface ShapeOutline {
  body: string;
  details?: string;
}

/** Where the label sits: inside the outline, or beside it (under a person figure, or where a file's style puts it). */
export type LabelPlacement = 'inside' | 'below' | 'above' | 'left' | 'right';

/** Half the stroke width: outlines are inset so the stroke is not clipped at the box edge. */
const INSET = 1;

const f = (n: number) => Math.round(n * 100) / 100;

function rect(w: number, h: number, radius: number): string {
  const i = INSET;
  const r = Math.max(0, Math.min(radius, (w - 2 * i) / 2, (h - 2 * i) / 2));
  if (r === 0) return `M${i},${i} H${f(w - i)} V${f(h - i)} H${i} Z`;
  return [
    `M${f(i + r)},${i}`,
    `H${f(w - i - r)} A${f(r)},${f(r)} 0 0 1 ${f(w - i)},${f(i + r)}`,
    `V${f(h - i - r)} A${f(r)},${f(r)} 0 0 1 ${f(w - i - r)},${f(h - i)}`,
    `H${f(i + r)} A${f(r)},${f(r)} 0 0 1 ${i},${f(h - i - r)}`,
    `V${f(i + r)} A${f(r)},${f(r)} 0 0 1 ${f(i + r)},${i} Z`,
  ].join(' ');
}

function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${f(cx - rx)},${f(cy)} A${f(rx)},${f(ry)} 0 1 1 ${f(cx + rx)},${f(cy)} A${f(rx)},${f(ry)} 0 1 1 ${f(cx - rx)},${f(cy)} Z`;
}

function polygon(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], n) => `${n === 0 ? 'M' : 'L'}${f(x)},${f(y)}`).join(' ') + ' Z';
}

export function shapeOutline(type: ShapeType, w: number, h: number, options: { rounded?: boolean } = {}): ShapeOutline {
  const i = INSET;
  const right = w - i;
  const bottom = h - i;
  switch (type) {
    case 'box':
      return { body: rect(w, h, options.rounded ? 10 : 0) };
    case 'svc':
      return { body: rect(w, h, 10) };
    case 'circle':
      return { body: ellipse(w / 2, h / 2, w / 2 - i, h / 2 - i) };
    case 'decision':
      return { body: polygon([[w / 2, i], [right, h / 2], [w / 2, bottom], [i, h / 2]]) };
    case 'db': {
      const rx = w / 2 - i;
      const ry = Math.min(12, h / 6);
      return {
        body: `M${i},${f(i + ry)} A${f(rx)},${f(ry)} 0 0 1 ${f(right)},${f(i + ry)} V${f(bottom - ry)} A${f(rx)},${f(ry)} 0 0 1 ${i},${f(bottom - ry)} Z`,
        // The near half of the top rim.
        details: `M${i},${f(i + ry)} A${f(rx)},${f(ry)} 0 0 0 ${f(right)},${f(i + ry)}`,
      };
    }
    case 'api': {
      const dx = Math.min(w * 0.2, h / 2);
      return { body: polygon([[i + dx, i], [right - dx, i], [right, h / 2], [right - dx, bottom], [i + dx, bottom], [i, h / 2]]) };
    }
    case 'cloud': {
      // A cloud drawn in a unit square, then stretched to the box.
      const p = (x: number, y: number) => `${f(x * w)},${f(y * h)}`;
      return {
        body: [
          `M${p(0.25, 0.92)}`,
          `C${p(0.04, 0.92)} ${p(0.0, 0.58)} ${p(0.18, 0.5)}`,
          `C${p(0.12, 0.2)} ${p(0.42, 0.06)} ${p(0.55, 0.24)}`,
          `C${p(0.64, 0.02)} ${p(0.94, 0.1)} ${p(0.88, 0.42)}`,
          `C${p(1.0, 0.5)} ${p(0.99, 0.92)} ${p(0.76, 0.92)} Z`,
        ].join(' '),
      };
    }
    case 'actor': {
      const cx = w / 2;
      const headR = Math.min(w / 4, h / 8);
      const neck = i + 2 * headR;
      const hip = h * 0.62;
      return {
        body: ellipse(cx, i + headR, headR, headR),
        details: [
          `M${f(cx)},${f(neck)} V${f(hip)}`,
          `M${i},${f(h * 0.36)} H${f(right)}`,
          `M${f(cx)},${f(hip)} L${i},${f(bottom)}`,
          `M${f(cx)},${f(hip)} L${f(right)},${f(bottom)}`,
        ].join(' '),
      };
    }
    case 'doc': {
      const wave = h * 0.1;
      return {
        body: `M${i},${i} H${f(right)} V${f(bottom - wave)} Q${f(w * 0.75)},${f(bottom - 3 * wave)} ${f(w / 2)},${f(bottom - wave)} Q${f(w * 0.25)},${f(bottom + wave)} ${i},${f(bottom - wave)} Z`,
      };
    }
    case 'queue': {
      const skew = Math.min(w * 0.2, 20);
      return { body: polygon([[i + skew, i], [right, i], [right - skew, bottom], [i, bottom]]) };
    }
    case 'triangle':
      return { body: polygon([[w / 2, i], [right, bottom], [i, bottom]]) };
    case 'process': {
      const bar = Math.min(w * 0.1, 14);
      return {
        body: rect(w, h, options.rounded ? 10 : 0),
        details: `M${f(i + bar)},${i} V${f(bottom)} M${f(right - bar)},${i} V${f(bottom)}`,
      };
    }
    case 'note': {
      // draw.io's note: the top-right corner folded down by `size` (20 px, less on a small note).
      const fold = Math.min(20, w / 3, h / 3);
      return {
        body: polygon([[i, i], [right - fold, i], [right, i + fold], [right, bottom], [i, bottom]]),
        details: `M${f(right - fold)},${i} V${f(i + fold)} H${f(right)}`,
      };
    }
    case 'text':
      // The box a text is set in; it is neither filled nor stroked unless the shape's style says so.
      return { body: rect(w, h, 0) };
  }
}

/** Types drawn without fill or outline unless the shape's own style gives them. */
export function isPaintless(type: ShapeType): boolean {
  return type === 'text';
}

export function labelPlacement(type: ShapeType): LabelPlacement {
  return type === 'actor' ? 'below' : 'inside';
}

/** Padding that keeps a label inside the drawn outline (a rhombus, a triangle are narrower). */
export function labelInsets(type: ShapeType): { top: string; right: string; bottom: string; left: string } {
  switch (type) {
    case 'decision':
      return { top: '20%', right: '18%', bottom: '20%', left: '18%' };
    case 'triangle':
      return { top: '45%', right: '20%', bottom: '6%', left: '20%' };
    case 'doc':
      return { top: '4px', right: '6px', bottom: '14%', left: '6px' };
    case 'db':
      return { top: '18%', right: '6px', bottom: '8%', left: '6px' };
    case 'queue':
    case 'api':
      return { top: '4px', right: '16%', bottom: '4px', left: '16%' };
    case 'process':
      return { top: '4px', right: '12%', bottom: '4px', left: '12%' };
    default:
      return { top: '4px', right: '6px', bottom: '4px', left: '6px' };
  }
}

/** Where diagrams.net puts a label by the cell's style: beside the shape when it says so, else undefined (inside). */
export function stylePlacement(fileStyle: ReadonlyMap<string, string>): LabelPlacement | undefined {
  const style = withStylesheetLabel(fileStyle);
  const vertical = style.get('verticalLabelPosition');
  if (vertical === 'bottom') return 'below';
  if (vertical === 'top') return 'above';
  const horizontal = style.get('labelPosition');
  if (horizontal === 'left' || horizontal === 'right') return horizontal;
  return undefined;
}
