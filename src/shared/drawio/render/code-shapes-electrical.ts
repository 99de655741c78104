/**
 * diagrams.net's electrical shapes drawn in code (shapes/mxElectrical.js): the transmission test
 * point, straight bus and bus elbows, the logic gate (and, or, xor; negating) and buffer, the
 * battery stack, and the signal sources, with the geometry and defaults of their shape classes.
 * the mux and demux, and the dual in-line and quad flat package ICs with their pin numbers.
 */
import { CANVAS_FONT, fmt, PathData, polyline, styleDashArray, type Point } from './code-shape-pen';
import type { Painter, ShapeContext } from './code-shape-context';

const E = 'mxgraph.electrical.';

/** A filled dot the box's narrower side across at the top middle, on a stem down to the bottom when taller than wide. */
const testPoint: Painter = (c) => {
  const { w, h, fig } = c;
  const size = Math.min(w, h);
  fig.ellipse(w / 2 - size / 2, 0, size, size, 'fillStroke', { fill: c.stroke });
  if (h > w) fig.path(new PathData().moveTo(w / 2, size).lineTo(w / 2, h), 'stroke');
};

/** A bus bar a fifth in from each side, its arrow end half the narrower side deep at the bottom. */
const straightBus: Painter = ({ w, h, fig }) => {
  const side = w * 0.2;
  const head = w > h ? h / 2 : w / 2;
  fig.path(polyline([[w - side, 0], [w - side, h - head], [w, h - head], [w / 2, h], [0, h - head], [side, h - head], [side, 0]], false));
};

/** `lines` parallel elbows from the left side round to the top, `notch` (0) apart in all from the outer one in. */
function busElbow(lines: number): Painter {
  return (c) => {
    const { w, h, fig } = c;
    const notch = Math.max(0, Math.min(w, c.num('notch', 0)));
    const [across, down] = [Math.min(w, notch), Math.min(h, notch)];
    for (let i = 0; i < lines; i++) {
      const share = i === 0 ? 0 : i === 1 ? 1 : (i - 1) / (lines - 1);
      fig.path(polyline([[0, h - down * share], [w - across * share, h - down * share], [w - across * share, 0]], false), 'stroke');
    }
  };
}

/** A negation bubble at the output (w 0.8): negSize of the box (else 4 % of the width, at most 7 % of the height). */
function negationBubble(c: ShapeContext, allowSize: boolean): void {
  if (c.style.get('negating') !== '1') return;
  const custom = allowSize && c.style.has('negSize') && c.style.get('negSize') !== '';
  const ratio = c.num('negSize', 0.13);
  const size = custom ? Math.min(c.w * ratio * 0.5, c.h * ratio) : Math.min(c.w * 0.04, c.h * 0.07);
  c.fig.ellipse(c.w * 0.8, c.h / 2 - size / 2, size, size);
}

/** A logic gate: its `numInputs` (2) leads spread down the left, the output lead, and the and (default), or or xor body. */
const logicGate: Painter = (c) => {
  const { w, h, fig } = c;
  const inputs = Math.trunc(c.num('numInputs', 2));
  const operation = c.style.get('operation') ?? 'and';
  const spacing = h / inputs;
  const leads = new PathData().moveTo(w * 0.8, h / 2).lineTo(w, h / 2);
  for (let i = 0; i < inputs; i++) leads.moveTo(0, spacing * (i + 0.5)).lineTo(w * (operation === 'and' ? 0.2 : 0.23), spacing * (i + 0.5));
  fig.path(leads, 'stroke');
  if (operation === 'xor') fig.path(new PathData().moveTo(w * 0.1, 0).arcTo(w * 0.6, h, 0, 0, 1, w * 0.1, h), 'stroke');
  if (operation === 'or' || operation === 'xor') {
    fig.path(
      new PathData()
        .moveTo(w * 0.4, 0)
        .arcTo(w * 0.45, h * 0.83, 0, 0, 1, w * 0.8, h / 2)
        .arcTo(w * 0.45, h * 0.83, 0, 0, 1, w * 0.4, h)
        .lineTo(w * 0.15, h)
        .arcTo(w * 0.6, h, 0, 0, 0, w * 0.15, 0)
        .close(),
    );
  } else {
    fig.path(new PathData().moveTo(w * 0.2, 0).lineTo(w * 0.5, 0).arcTo(w * 0.3, h / 2, 0, 0, 1, w * 0.5, h).lineTo(w * 0.2, h).close());
  }
  negationBubble(c, true);
};

/** A buffer: its leads, and the triangle between 0.2 and 0.8 of the width. */
const buffer: Painter = (c) => {
  const { w, h, fig } = c;
  fig.path(new PathData().moveTo(0, h / 2).lineTo(w * 0.2, h / 2).moveTo(w * 0.8, h / 2).lineTo(w, h / 2), 'stroke');
  fig.path(polyline([[w * 0.2, 0], [w * 0.8, h / 2], [w * 0.2, h]], true));
  negationBubble(c, false);
};

/** As many cells 0.3 of the height wide as fit in the width less 20, centred, joined by dashed leads. */
const batteryStack: Painter = (c) => {
  const { w, h, fig } = c;
  const cell = h * 0.3;
  const count = Math.floor((w - 20) / cell);
  if (count <= 0) return;
  const start = (w - count * cell) / 2;
  fig.path(new PathData().moveTo(0, h / 2).lineTo(start + cell * 0.2, h / 2).moveTo(w - start - cell * 0.2, h / 2).lineTo(w, h / 2), 'stroke');
  const dashed = styleDashArray(new Map([...c.style, ['dashed', '1']]), c.strokeWidth);
  for (let i = 0, x = start; i < count; i++, x += cell) {
    // diagrams.net sets the dash back to the style's `dashed` *string*, which is true even when '0':
    // from the third cell on, everything is dashed too.
    const after = i > 1 ? { dash: dashed } : {};
    fig.rect(x + cell * 0.2, h * 0.25, cell * 0.2, h / 2, 'fillStroke', { fill: c.stroke, ...after });
    fig.path(new PathData().moveTo(x + cell * 0.8, 0).lineTo(x + cell * 0.8, h), 'stroke', after);
    if (i > 0) fig.path(new PathData().moveTo(x - cell * 0.2, h / 2).lineTo(x + cell * 0.2, h / 2), 'stroke', { dash: dashed });
  }
};

/** A plus near the top and a minus near the bottom, `indent` px in, each half `max(3, 5 % of the narrower side)` wide. */
function plusMinus(c: ShapeContext, indent: number): void {
  const { w, h } = c;
  const half = Math.max(3, Math.min(h, w) * 0.05);
  const signs = new PathData()
    .moveTo(w / 2 - half, h * 0.05 + indent)
    .lineTo(w / 2 + half, h * 0.05 + indent)
    .moveTo(w / 2, h * 0.05 - half + indent)
    .lineTo(w / 2, h * 0.05 + half + indent)
    .moveTo(w / 2 - half, h * 0.95 - indent)
    .lineTo(w / 2 + half, h * 0.95 - indent);
  c.fig.path(signs, 'stroke');
}

const dcSource3v2: Painter = (c) => {
  c.fig.ellipse(0, 0, c.w, c.h);
  plusMinus(c, 3);
};

/** The signs a source's `elSignalType` draws, as fractions of its box: each a polyline. */
const SIGNALS: Readonly<Record<string, ReadonlyArray<readonly Point[]>>> = {
  square: [[[0.3, 0.5], [0.3, 0.35], [0.5, 0.35], [0.5, 0.65], [0.7, 0.65], [0.7, 0.5]]],
  triangular: [[[0.3, 0.65], [0.4, 0.35], [0.5, 0.65], [0.6, 0.35], [0.7, 0.65]]],
  sawtooth: [[[0.24, 0.65], [0.42, 0.35], [0.42, 0.65], [0.58, 0.35], [0.58, 0.65], [0.76, 0.35], [0.76, 0.65]]],
  noise: [[[0.5, 0.17], [0.5, 0.5]], [[0.18, 0.42], [0.5, 0.5]], [[0.32, 0.78], [0.5, 0.5]], [[0.82, 0.42], [0.5, 0.5]], [[0.68, 0.78], [0.5, 0.5]]],
  ideal: [[[0, 0.5], [1, 0.5]]],
  pulse: [[[0.3, 0.65], [0.4, 0.65], [0.4, 0.35], [0.6, 0.35], [0.6, 0.65], [0.7, 0.65]]],
  invPulse: [[[0.3, 0.35], [0.4, 0.35], [0.4, 0.65], [0.6, 0.65], [0.6, 0.35], [0.7, 0.35]]],
  chopSquare: [[[0.3, 0.5], [0.33, 0.35], [0.47, 0.35], [0.53, 0.65], [0.67, 0.65], [0.7, 0.5]]],
  stepOn: [[[0.3, 0.65], [0.5, 0.65], [0.5, 0.35], [0.7, 0.35]]],
  stepOff: [[[0.3, 0.35], [0.5, 0.35], [0.5, 0.65], [0.7, 0.65]]],
  dc1: [[[0.17, 0.5], [0.83, 0.5]], [[0.67, 0.42], [0.83, 0.5], [0.67, 0.58]]],
  dc2: [[[0.5, 0.17], [0.5, 0.83]], [[0.42, 0.67], [0.5, 0.83], [0.58, 0.67]]],
};

/** A source: a circle (independent) or a rhombus (dependent), and the sign of its `elSignalType` (none by default). */
const source: Painter = (c) => {
  const { w, h, fig } = c;
  const dependent = c.style.get('elSourceType') === 'dependent';
  if (c.style.get('elSourceType') === undefined || c.style.get('elSourceType') === 'independent') fig.ellipse(0, 0, w, h);
  else if (dependent) fig.path(polyline([[0, h / 2], [w / 2, 0], [w, h / 2], [w / 2, h]], true));
  const signal = c.style.get('elSignalType') ?? 'none';
  const lines = SIGNALS[signal];
  if (lines) {
    const path = new PathData();
    for (const line of lines) line.forEach(([x, y], i) => (i === 0 ? path.moveTo(x * w, y * h) : path.lineTo(x * w, y * h)));
    fig.path(path, 'stroke');
  } else if (signal === 'ac') {
    const at = (x: number, y: number): [number, number] => [x * w, y * h];
    fig.path(
      new PathData()
        .moveTo(...at(0.3, 0.5))
        .quadTo(...at(0.34, 0.35), ...at(0.4, 0.35))
        .quadTo(...at(0.46, 0.35), ...at(0.5, 0.5))
        .quadTo(...at(0.53, 0.65), ...at(0.6, 0.65))
        .quadTo(...at(0.66, 0.65), ...at(0.7, 0.5)),
      'stroke',
    );
  } else if (signal === 'expSquib') {
    fig.ellipse(0, h * 0.43, w * 0.14, h * 0.14, 'stroke');
    fig.ellipse(w * 0.86, h * 0.43, w * 0.14, h * 0.14, 'stroke');
    fig.path(polyline([[w * 0.83, h * 0.63], [w * 0.73, h * 0.73], [w * 0.27, h * 0.27], [w * 0.17, h * 0.37]], false), 'stroke');
    fig.path(polyline([[w * 0.2, h * 0.25], [w * 0.13, h * 0.4], [w * 0.28, h * 0.33]], true), 'fillStroke', { fill: c.stroke });
  } else if (signal === 'dc3') plusMinus(c, dependent ? 6 : 3);
};

/** The turn that sets a shape's own words upright again against its direction (diagrams.net's txtRot). */
const UPRIGHT_TURNS: Readonly<Record<string, number>> = { south: 270, west: 180, north: 90 };

/** A pin's name on (x, y) in `size` px (centred unless `anchor` says), turned by `turn` degrees about that point. */
function pinLabel(c: ShapeContext, x: number, y: number, name: string, size: number, turn = 0, anchor: 'start' | 'middle' | 'end' = 'middle'): void {
  const paint = { family: CANVAS_FONT.family, size, color: c.color('fontColor', '#000000'), anchor };
  if (turn === 0) {
    c.fig.text(x, y, name, paint);
    return;
  }
  const words = c.fig.inner({}).text(x, y, name, paint);
  c.fig.raw(`<g transform="rotate(${turn} ${fmt(x)} ${fmt(y)})">${words}</g>`);
}

/**
 * A mux (or demux): a trapezoid 10 px in from the sides, 2^selectorPins numbered inputs (outputs)
 * spread over the height less 16, and the selector leads S(n-1)..S0 up from the bottom to its slanted side.
 */
const mux: Painter = (c) => {
  const { w, h, fig } = c;
  const selectors = Math.trunc(c.num('selectorPins', 1));
  const demux = c.style.get('operation') === 'demux';
  const size = c.num('fontSize', 12) * 0.5;
  const turn = UPRIGHT_TURNS[c.style.get('direction') ?? 'east'] ?? 0;
  const [narrow, wide] = demux ? [w - 10, 10] : [10, w - 10];
  fig.path(polyline([[narrow, 0], [wide, h * 0.1], [wide, h * 0.9 - 10], [narrow, h - 10]], true));
  const many = 2 ** selectors;
  const spacing = (h - 16) / many;
  const leads = new PathData();
  const single = (x: number) => leads.moveTo(x, (h - 10) / 2).lineTo(x + 10, (h - 10) / 2);
  const numbered = (x: number, labelX: number) => {
    for (let i = 0; i < many; i++) {
      const y = 3 + spacing * (i + 0.5);
      leads.moveTo(x, y).lineTo(x + 10, y);
      pinLabel(c, labelX, y + 1, String(i), size, turn);
    }
  };
  if (demux) {
    single(0);
    numbered(w - 10, w - 14);
  } else {
    numbered(0, 14);
    single(w - 10);
  }
  const across = (w - 20) / selectors;
  for (let i = 0; i < selectors; i++) {
    const x = 10 + across * (i + 0.5);
    const fromNarrow = demux ? w - x - 10 : x - 10;
    leads.moveTo(x, h - 10 - (fromNarrow / (w - 20)) * h * 0.1).lineTo(x, h);
    pinLabel(c, x + 5, h - 4, `S${selectors - i - 1}`, size, turn);
  }
  fig.path(leads, 'stroke');
};

/** An integrated circuit's pin names: generated numbers, or its `labelNames` (custom), none past their end. */
function pinNamer(c: ShapeContext): (pin: number) => string | undefined {
  const names = (c.style.get('labelNames') ?? '').split(',');
  return c.style.get('pinLabelType') === 'cust' ? (pin) => names[pin - 1] : (pin) => String(pin);
}

/**
 * A dual in-line IC: its body 10 px in from the two pinned sides (left and right when `startPin` is n
 * or s, else top and bottom), a pin every `pinSpacing` (20) that fits, numbered round from `startPin`;
 * line pins with their numbers inside the body, or square pins (`pinStyle=square`) with theirs on them.
 */
const dualInlineIc: Painter = (c) => {
  const { w, h, fig } = c;
  const start = c.style.get('startPin') ?? 'n';
  const upright = start === 'n' || start === 's';
  if (upright) fig.rect(10, 0, w - 20, h);
  else fig.rect(0, 10, w, h - 20);
  const spacing = c.num('pinSpacing', 20);
  const square = c.style.get('pinStyle') === 'square';
  const fontSize = c.num('fontSize', 12) * (square ? 0.5 : 0.8);
  const length = upright ? h : w;
  const perSide = Math.trunc(length / spacing);
  const nameOf = pinNamer(c);
  const leads = new PathData();
  for (let pin = 1; pin * spacing <= length; pin++) {
    const at = spacing * (pin - 0.5);
    // First side (left, or top), then the opposite one, each pin's end and its number's place.
    const numbers = upright
      ? [start === 'n' ? pin : perSide + pin, start === 'n' ? 2 * perSide - pin + 1 : perSide - pin + 1]
      : [start === 'e' ? perSide - pin + 1 : 2 * perSide - pin + 1, start === 'e' ? perSide + pin : pin];
    for (const [side, number] of numbers.entries()) {
      const [edge, inward] = side === 0 ? [0, 1] : [upright ? w : h, -1];
      const name = nameOf(number);
      if (square) {
        const pad = Math.min(edge, edge + 10 * inward);
        if (upright) fig.rect(pad, at - spacing / 4, 10, spacing / 2);
        else fig.rect(at - spacing / 4, pad, spacing / 2, 10);
        if (name !== undefined) {
          if (upright) pinLabel(c, edge + 5 * inward, at + 1, name, fontSize);
          else pinLabel(c, at, edge + 5 * inward, name, fontSize);
        }
        continue;
      }
      if (upright) leads.moveTo(edge, at).lineTo(edge + 10 * inward, at);
      else leads.moveTo(at, edge).lineTo(at, edge + 10 * inward);
      if (name === undefined) continue;
      if (upright) pinLabel(c, edge + 20 * inward, at, name, fontSize, 0, side === 0 ? 'start' : 'end');
      else pinLabel(c, at, edge + 20 * inward, name, fontSize);
    }
  }
  if (!square) fig.path(leads, 'stroke');
};

/** Where a QFP IC's pin 1 is, by its startPin: the number before the west side's first, counting counter-clockwise. */
const QFP_STARTS: Readonly<Record<string, (v: number, hor: number) => number>> = {
  nw: () => 0,
  ne: (_v, hor) => hor,
  se: (v, hor) => v + hor,
  sw: (v, hor) => v + 2 * hor,
};

/**
 * A quad flat package IC: an octagon 10 px in from the box, pins every `pinSpacing` (20) on all four
 * sides 20 px clear of the corners, numbered counter-clockwise from `startPin` (sw), whose corner
 * gets a dot in the stroke colour when the box is over 40 wide; line or square pins as the dual in-line IC's.
 */
const qfpIc: Painter = (c) => {
  const { w, h, fig } = c;
  fig.path(polyline([[15, 10], [w - 15, 10], [w - 10, 15], [w - 10, h - 15], [w - 15, h - 10], [15, h - 10], [10, h - 15], [10, 15]], true));
  const spacing = c.num('pinSpacing', 20);
  const square = c.style.get('pinStyle') === 'square';
  const fontSize = c.num('fontSize', 12) * (square ? 0.5 : 0.8);
  const start = c.style.get('startPin') ?? 'sw';
  const down = Math.trunc((h - spacing - 40) / spacing) + 1;
  const across = Math.trunc((w - spacing - 40) / spacing) + 1;
  const total = 2 * (down + across);
  const wrap = (n: number) => ((((n - 1) % total) + total) % total) + 1;
  const west = (QFP_STARTS[start] ?? QFP_STARTS.sw)(down, across);
  const [south, eastEnd] = [west + down, west + 2 * down + across];
  const northEnd = eastEnd + across;
  const nameOf = pinNamer(c);
  const leads = new PathData();
  const label = (x: number, y: number, pin: number) => {
    const name = nameOf(wrap(pin));
    if (name !== undefined) pinLabel(c, x, y, name, fontSize);
  };
  for (let pin = 1, y = spacing / 2 + 20; y <= h - spacing / 2 - 20; pin++, y += spacing) {
    if (square) {
      fig.rect(0, y - spacing / 4, 10, spacing / 2);
      fig.rect(w - 10, y - spacing / 4, 10, spacing / 2);
    } else leads.moveTo(0, y).lineTo(10, y).moveTo(w - 10, y).lineTo(w, y);
    label(square ? 5 : 20, square ? y + 1 : y, west + pin);
    label(square ? w - 5 : w - 20, square ? y + 1 : y, eastEnd - pin + 1);
  }
  for (let pin = 1, x = spacing / 2 + 20; x <= w - spacing / 2 - 20; pin++, x += spacing) {
    if (square) {
      fig.rect(x - spacing / 4, 0, spacing / 2, 10);
      fig.rect(x - spacing / 4, h - 10, spacing / 2, 10);
    } else leads.moveTo(x, 0).lineTo(x, 10).moveTo(x, h - 10).lineTo(x, h);
    label(x, square ? h - 4 : h - 20, south + pin);
    label(x, square ? 6 : 20, northEnd - pin + 1);
  }
  if (!square) fig.path(leads, 'stroke');
  if (w <= 40) return;
  const [dotX, dotY] = [start === 'ne' || start === 'se' ? w - 25 : 15, start === 'nw' || start === 'ne' ? 15 : h - 25];
  fig.ellipse(dotX, dotY, 10, 10, 'fillStroke', { fill: c.stroke });
};

export const ELECTRICAL_SHAPES: Readonly<Record<string, Painter>> = {
  [`${E}transmission.testPoint`]: testPoint,
  [`${E}transmission.straightBus`]: straightBus,
  [`${E}transmission.twoLineBusElbow`]: busElbow(2),
  [`${E}transmission.threeLineBusElbow`]: busElbow(3),
  [`${E}transmission.fourLineBusElbow`]: busElbow(4),
  [`${E}transmission.eightLineBusElbow`]: busElbow(8),
  [`${E}logic_gates.logic_gate`]: logicGate,
  [`${E}logic_gates.buffer2`]: buffer,
  [`${E}miscellaneous.batteryStack`]: batteryStack,
  [`${E}signal_sources.dc_source_3_v2`]: dcSource3v2,
  [`${E}signal_sources.source`]: source,
  [`${E}abstract.mux2`]: mux,
  [`${E}logic_gates.dual_inline_ic`]: dualInlineIc,
  [`${E}logic_gates.qfp_ic`]: qfpIc,
};
