/**
 * The connection points of the other libraries' shapes that diagrams.net lays out from their size
 * and keys (their getConstraints): SysML's states and actions (mxSysML.js), EIP's channels
 * (mxEip.js), DFD's (mxDFD.js), ArchiMate 3's application, service and event (mxArchiMate3.js),
 * Bootstrap's popover, Kubernetes' icon, electrical logic gates and multiplexers (mxElectrical.js).
 * Points as size-dependent-points.ts writes them.
 */
import { styleNumber } from '../stencils';
import { barCallout } from './size-dependent-points-infographic';
import { px, share, type ConstraintPoint, type PointsOf } from './size-dependent-points';

/** A share of the box moved by pixels. */
const at = (x: number, y: number, dx: number, dy: number): ConstraintPoint => [x, y, 0, dx, dy];
const QUARTERS = [0.25, 0.5, 0.75] as const;
const top = () => QUARTERS.map((x) => share(x, 0));
const bottom = () => QUARTERS.map((x) => share(x, 1));
const left = () => QUARTERS.map((y) => share(0, y));
const right = () => QUARTERS.map((y) => share(1, y));

// ---- SysML ------------------------------------------------------------------------------------

const acceptEvent: PointsOf = (_style, _w, h) => [share(0, 0), ...top(), share(1, 0), ...right(), share(1, 1), ...bottom(), share(0, 1), at(0, 0.5, h * 0.3, 0)];

const sendSignal: PointsOf = (_style, _w, h) => [share(0, 0), ...top(), at(1, 0, -h * 0.3, 0), share(1, 0.5), at(1, 1, -h * 0.3, 0), ...bottom(), share(0, 1), ...left()];

const continuation: PointsOf = (_style, w, h) => {
  const wide = w > h;
  const r = wide ? h / 2 : w / 2;
  const long = wide ? (w > 2 * h ? [share(0.25, 0), share(0.75, 0), share(0.25, 1), share(0.75, 1)] : []) : h > 2 * w ? [share(0, 0.25), share(0, 0.75), share(1, 0.25), share(1, 0.75)] : [];
  const c = r * 0.29;
  return [share(0, 0.5), share(1, 0.5), share(0.5, 0), share(0.5, 1), ...long, px(c, c), px(w - c, c), px(c, h - c), px(w - c, h - c)];
};

/** A state with a name tab `tab` px wide and 20 high over its body, its round corners 2.9 px in. */
function tabbedState(tab: number): PointsOf {
  return (_style, w, h) => {
    const down = QUARTERS.map((q) => (h - 20) * q + 20);
    return [
      px(2.9, 22.9), px(w - 2.9, 22.9), px(2.9, h - 2.9), px(w - 2.9, h - 2.9), ...down.map((y) => px(0, y)), ...down.map((y) => at(1, 0, 0, y)), ...bottom(),
      px(15, 0), px((15 + tab) / 2, 0), px(tab, 0),
      // The body's top at its quarters, where they lie right of the tab.
      ...[0.75, 0.5, 0.25].filter((x) => w * x > tab).map((x) => at(x, 0, 0, 20)),
    ];
  };
}

/** A rounded state (a machine or a submachine with a symbol 10 px wide on its right). */
function roundedState(symbol: number): PointsOf {
  return (_style, w, h) => [
    px(2.9, 2.9), px(w - 2.9 - symbol, 2.9), px(2.9, h - 2.9), px(w - 2.9 - symbol, h - 2.9), ...bottom(), ...top(),
    at(1, 0.25, -symbol, 0), share(1, 0.5), at(1, 0.75, -symbol, 0), ...left(),
  ];
}

// ---- EIP, DFD ---------------------------------------------------------------------------------

/** A channel: its ends' middles, and points every 10 px along its top and bottom. */
const channel: PointsOf = (_style, w) => {
  const points: ConstraintPoint[] = [at(0, 0.5, 2.7, 0), at(1, 0.5, -2.7, 0)];
  for (let x = 10; x < w; x += 10) points.push(px(x, 0), at(0, 1, x, 0));
  return points;
};

const dfdStart: PointsOf = (_style, w, h) => {
  const r = Math.min(h / 2, w / 2);
  const [inX, offY] = [r * 0.293, r * 0.707];
  return [
    share(0, 0.5), at(0.5, 0.5, 0, -r), share(1, 0.5), at(0.5, 0.5, 0, r), px(inX, h / 2 - offY), px(w - inX, h / 2 - offY), px(w - inX, h / 2 + offY), px(inX, h / 2 + offY),
    ...(w >= 4 * h ? [share(0.25, 0), share(0.75, 0), share(0.75, 1), share(0.25, 1)] : []),
  ];
};

const dfdCheck: PointsOf = (_style, w, h) => {
  const size = Math.min(h / 2, w / 2);
  return [
    share(0.5, 0), share(1, 0.5), share(0.5, 1), share(0, 0.5), px(size / 2, h / 4), px(w - size / 2, h / 4), px(size / 2, h * 0.75), px(w - size / 2, h * 0.75),
    ...(w > h ? [px(size, 0), px(w - size, 0), px(size, h), px(w - size, h)] : []),
    ...(size * 4 <= w ? [share(0.25, 0), share(0.75, 0), share(0.25, 1), share(0.75, 1)] : []),
  ];
};

const dfdExternalEntity: PointsOf = (_style, w, h) => {
  const s = 10;
  return [
    share(0, 0), ...QUARTERS.map((q) => px((w - s) * q, 0)), px(w - s, 0), px(s, h), ...QUARTERS.map((q) => px((w - s) * q + s, h)), share(1, 1),
    px(w, s), ...QUARTERS.map((q) => px(w, s + (h - s) * q)), ...QUARTERS.map((q) => px(0, (h - s) * q)), px(0, h - s),
  ];
};

const dfdLoop: PointsOf = (_style, w, h) => {
  const r = Math.min(h * 0.8, w * 0.8) / 4;
  return [px(w - r, 0), px(w - r, h), px(r, 0), px(r, h), share(0.5, 0), share(0.5, 1)];
};

// ---- ArchiMate 3 ------------------------------------------------------------------------------

const archimateApplication: PointsOf = (style, w, h) => {
  const type = style.get('archiType') ?? 'square';
  const inset = type === 'rounded' ? 2.9 : type === 'oct' && w >= 20 && h >= 20 ? 5 : 0;
  return [
    ...top(), ...right(), ...bottom().reverse(), ...left().reverse(),
    at(0, 0, inset, inset), at(1, 0, -inset, inset), at(1, 1, -inset, -inset), at(0, 1, inset, -inset),
  ];
};

const archimateService: PointsOf = (_style, w, h) => {
  const [w1, w2] = [Math.max(w - h / 2, w / 2), Math.min(h / 2, w / 2)];
  return [
    share(0.5, 0), share(0.5, 1), px(w1, 0), px(w1, h), px(w2, h), px(w2, 0),
    px(w1 + h * 0.355, h * 0.145), px(w1 + h / 2, h / 2), px(w1 + h * 0.355, h * 0.855), px(w2 - h * 0.355, h * 0.145), px(w2 - h / 2, h / 2), px(w2 - h * 0.355, h * 0.855),
  ];
};

const archimateEvent: PointsOf = (_style, w, h) => {
  const body = w - h / 2;
  return [px(body, 0), px(body, h), px(0, h), px(h / 2, h / 2), share(0, 0), share(1, 0.5), px(body / 2, 0), px(body / 2, h)];
};

// ---- Electrical -------------------------------------------------------------------------------

/** A whole number from the style, as parseInt reads it. */
const whole = (style: ReadonlyMap<string, string>, key: string, fallback: number) => Math.trunc(styleNumber(style, key, fallback));

const logicGate: PointsOf = (style) => {
  const inputs = whole(style, 'numInputs', 2);
  return [share(1, 0.5), ...Array.from({ length: Math.max(0, inputs) }, (_, i) => share(0, (i + 0.5) / inputs))];
};

/** A multiplexer (or, with operation=demux, a demultiplexer): 2^selectorPins inputs (outputs) down its side, its selectors along the bottom. */
const mux: PointsOf = (style, w, h) => {
  const selectors = whole(style, 'selectorPins', 1);
  const many = 2 ** selectors;
  const demux = (style.get('operation') ?? 'mux') !== 'mux';
  const spacing = (h - 16) / h / many;
  const pins = (x: number) => Array.from({ length: many }, (_, i) => at(x, spacing * (i + 0.5), 0, 3));
  const selectorSpacing = (w - 20) / (w * selectors);
  return [
    ...(demux ? [share(0, (0.5 * (h - 10)) / h), ...pins(1)] : [...pins(0), at(1, 0.5, 0, -5)]),
    ...Array.from({ length: Math.max(0, selectors) }, (_, i) => at(selectorSpacing * (i + 0.5), 1, 10, 0)),
  ];
};

/** Pin pairs every `spacing` from `first` while `more(at)`: on the left and right sides, or (`across`) the top and bottom. */
function pinPairs(across: boolean, first: number, spacing: number, more: (at: number, count: number) => boolean): ConstraintPoint[] {
  const points: ConstraintPoint[] = [];
  for (let offset = first, count = 1; spacing > 0 && more(offset, count); offset += spacing, count++) points.push(...(across ? [px(offset, 0), at(0, 1, offset, 0)] : [px(0, offset), at(1, 0, 0, offset)]));
  return points;
}

/** A DIP's pins: a pair every pinSpacing down its sides (startPin n or s), else along its top and bottom. */
const dualInline: PointsOf = (style, w, h) => {
  const spacing = styleNumber(style, 'pinSpacing', 20);
  const across = !['n', 's'].includes(style.get('startPin') ?? 'n');
  return pinPairs(across, spacing / 2, spacing, (_, count) => count * spacing <= (across ? w : h));
};

/** A QFP's pins: pairs every pinSpacing on all four sides, 20 px in from the corners. */
const quadFlat: PointsOf = (style, w, h) => {
  const spacing = styleNumber(style, 'pinSpacing', 20);
  const first = spacing / 2 + 20;
  return [...pinPairs(false, first, spacing, (y) => y <= h - first), ...pinPairs(true, first, spacing, (x) => x <= w - first)];
};

/** A kanban card: a point at its foot's left and one on its right side, `right` px down. */
const kanban = (right: number): PointsOf => (_style, w, h) => [px(4, h), px(w, right)];

export const LIBRARY_POINTS: Readonly<Record<string, PointsOf>> = {
  'mxgraph.sysml.accEvent': acceptEvent,
  'mxgraph.sysml.sendSigAct': sendSignal,
  'mxgraph.sysml.cont': continuation,
  'mxgraph.sysml.compState': tabbedState(125),
  'mxgraph.sysml.region': tabbedState(65),
  'mxgraph.sysml.simpleState': roundedState(0),
  'mxgraph.sysml.stateMachine': roundedState(10),
  'mxgraph.sysml.submState': roundedState(10),
  'mxgraph.eip.messageChannel': channel,
  'mxgraph.eip.dataChannel': channel,
  'mxgraph.eip.deadLetterChannel': channel,
  'mxgraph.eip.invalidMessageChannel': channel,
  'mxgraph.dfd.start': dfdStart,
  'mxgraph.dfd.check2': dfdCheck,
  'mxgraph.dfd.externalEntity': dfdExternalEntity,
  'mxgraph.dfd.loop': dfdLoop,
  'mxgraph.archimate3.application': archimateApplication,
  'mxgraph.archimate3.service': archimateService,
  'mxgraph.archimate3.event': archimateEvent,
  'mxgraph.bootstrap.popover': barCallout,
  'mxgraph.kubernetes.icon': () => [share(0, 0.5)],
  'mxgraph.electrical.logic_gates.logic_gate': logicGate,
  'mxgraph.electrical.abstract.mux2': mux,
  'mxgraph.electrical.logic_gates.dual_inline_ic': dualInline,
  'mxgraph.electrical.logic_gates.qfp_ic': quadFlat,
  'mxgraph.lean_mapping.production_kanban': kanban(25),
  'mxgraph.lean_mapping.withdrawal_kanban': kanban(25),
  'mxgraph.lean_mapping.signal_kanban': kanban(15),
};
