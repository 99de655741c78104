/**
 * The Mockups palette's small icons, controls and pictures, as mxMockupMisc.js draws them:
 * the edit, print, share, trash can and volume icons (a box of corners a twentieth of its sides),
 * the copyright and registered marks (a circle), each glyph filled in strokeColor (#999999); the
 * playback controls' seven round buttons, the volume slider, the mail icon, the shopping cart and
 * the placeholder picture, icon grid, gauge and Gantt chart (mxMockupGraphics.js); the cover flow and map navigator
 * (mxMockupNavigation.js); the male and female users (mxMockupContainers.js). Their outlines are diagrams.net's, written here as path
 * data in fractions of the box (or in pixels) and scaled.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData, type TextPaint } from './code-shape-pen';
import { DEFAULT_FONT_FAMILY } from './label-look';
import { ovalCornerBox } from './code-shapes-mockup-forms';

/**
 * Path data (M, L, C, Q, A and Z, numbers separated by commas or spaces) scaled by sx, sy and
 * moved by dx, dy (a negative sx mirrors it): an arc's radii scale with the axes, its flags stay.
 */
function scaledPath(data: string, sx: number, sy: number, dx = 0, dy = 0): PathData {
  const path = new PathData();
  const x = (n: number) => dx + n * sx;
  const y = (n: number) => dy + n * sy;
  for (const [, command, args] of data.matchAll(/([MLCQAZ])([^MLCQAZ]*)/g)) {
    const n = args.trim() === '' ? [] : args.trim().split(/[\s,]+/).map(Number);
    if (command === 'M') path.moveTo(x(n[0]), y(n[1]));
    else if (command === 'L') path.lineTo(x(n[0]), y(n[1]));
    else if (command === 'C') path.curveTo(x(n[0]), y(n[1]), x(n[2]), y(n[3]), x(n[4]), y(n[5]));
    else if (command === 'Q') path.quadTo(x(n[0]), y(n[1]), x(n[2]), y(n[3]));
    else if (command === 'A') path.arcTo(Math.abs(n[0] * sx), Math.abs(n[1] * sy), n[2], n[3] === 1 ? 1 : 0, n[4] === 1 ? 1 : 0, x(n[5]), y(n[6]));
    else path.close();
  }
  return path;
}

/** What an icon draws over its box: glyphs filled in strokeColor, glyphs filled in the fill, lines in the stroke. */
interface IconParts {
  readonly round?: boolean;
  readonly glyph: string;
  readonly onGlyph?: string;
  readonly lines?: string;
  /** Boxes of rounded corners (x, y, w, h, rx, ry in fractions) filled like the glyph. */
  readonly bars?: ReadonlyArray<readonly [number, number, number, number, number, number]>;
}

/** An icon: its box (or circle), then its parts. */
function icon(parts: IconParts): Painter {
  return (c: ShapeContext) => {
    const { w, h } = c;
    if (parts.round) c.fig.ellipse(0, 0, w, h);
    else c.fig.path(ovalCornerBox(0, 0, w, h, w * 0.05, h * 0.05));
    const ink = { fill: c.color('strokeColor', '#999999') };
    c.fig.path(scaledPath(parts.glyph, w, h), 'fill', ink);
    for (const [x, y, bw, bh, rx, ry] of parts.bars ?? []) c.fig.path(ovalCornerBox(x * w, y * h, bw * w, bh * h, rx * w, ry * h), 'fill', ink);
    if (parts.onGlyph) c.fig.path(scaledPath(parts.onGlyph, w, h), 'fill');
    if (parts.lines) c.fig.path(scaledPath(parts.lines, w, h), 'stroke');
  };
}

/** A box of round corners inside an icon, from (.15, top) to (.85, .85), its corners .03 round. */
const INNER_BOX = (top: number) =>
  `M.15,${top + 0.03} A.03,.03 0 0 1 .18,${top} L.82,${top} A.03,.03 0 0 1 .85,${top + 0.03} L.85,.82 A.03,.03 0 0 1 .82,.85 L.18,.85 A.03,.03 0 0 1 .15,.82 Z`;

const ICONS: Readonly<Record<string, IconParts>> = {
  editIcon: { glyph: 'M.11,.8 L.2,.89 L.05,.95 Z M.74,.16 L.84,.26 L.22,.88 L.12,.78 Z M.755,.145 L.82,.08 L.92,.18 L.855,.245 Z' },
  printIcon: { glyph: `${INNER_BOX(0.55)} M.7,.52 L.3,.52 L.3,.15 L.55,.15 L.55,.3 L.7,.3 Z M.57,.15 L.7,.28 L.57,.28 Z` },
  shareIcon: {
    glyph: INNER_BOX(0.15),
    onGlyph: 'M.563,.34 A.095,.095 0 1 1 .603,.42 L.44,.5 L.602,.582 A.095,.095 0 1 1 .563,.653 L.403,.575 A.095,.095 0 1 1 .4,.42 Z',
  },
  trashcanIcon: {
    glyph: 'M.24,.24 A.04,.04 0 0 1 .24,.16 L.4,.16 L.4,.12 L.6,.12 L.6,.16 L.76,.16 A.04,.04 0 0 1 .76,.24 Z',
    bars: [0.26, 0.44, 0.62].map((x) => [x, 0.3, 0.1, 0.6, 0.06, 0.06] as const),
  },
  copyrightIcon: { round: true, glyph: 'M.713,.288 A.3,.3 0 1 0 .713,.712 L.784,.783 A.4,.4 0 1 1 .784,.217 Z' },
  registeredIcon: {
    round: true,
    glyph: 'M.29,.9 L.29,.09 L.5,.09 A.2195,.2195 0 0 1 .545,.525 L.738,.91 L.674,.91 L.4825,.53 L.35,.53 L.35,.9 Z M.35,.47 L.5,.47 A.15,.15 0 0 0 .5,.15 L.35,.15 Z',
  },
  volumeIcon: {
    glyph: 'M.1,.3 L.3,.3 L.5,.15 L.5,.85 L.3,.7 L.1,.7 Z',
    lines: 'M.6,.4 A.2,.2 0 0 1 .6,.6 M.7,.3 A.3,.3 0 0 1 .7,.7 M.8,.2 A.4,.4 0 0 1 .8,.8',
  },
};

/** The playback controls' symbols (start, rewind, back, play/pause, forward, fast forward, end), in pixels from the bar's top. */
const PLAYBACK_SYMBOLS = [
  'M16,10 L16,20 L18,20 L18,10 Z M20,15 L25,20 L25,10 Z',
  'M44,15 L49,20 L49,10 Z M51,15 L56,20 L56,10 Z',
  'M77,15 L82,20 L82,10 Z',
  'M108,10 L108,20 L110,20 L110,10 Z M117,15 L112,20 L112,10 Z',
  'M144,15 L139,20 L139,10 Z',
  'M171,15 L166,20 L166,10 Z M178,15 L173,20 L173,10 Z',
  'M203,10 L203,20 L205,20 L205,10 Z M201,15 L196,20 L196,10 Z',
];

/**
 * Playback controls (at least 225 x 30): a 30 px bar across the middle, seven 22 px round buttons
 * 30 px apart from 10 px in, in fillColor2 (#99ddff) outlined in strokeColor2 (none), their
 * symbols in fillColor3 (#ffffff) outlined in strokeColor3 (none).
 */
const playbackControls: Painter = (c) => {
  const w = Math.max(c.w, 225);
  const h = Math.max(c.h, 30);
  const top = h / 2 - 15;
  c.fig.rect(0, top, w, 30);
  const buttons = { fill: c.color('fillColor2', '#99ddff'), stroke: c.color('strokeColor2', 'none') };
  for (let i = 0; i < 7; i++) c.fig.ellipse(10 + 30 * i, h / 2 - 11, 22, 22, 'fillStroke', buttons);
  const symbols = { fill: c.color('fillColor3', '#ffffff'), stroke: c.color('strokeColor3', 'none') };
  for (const symbol of PLAYBACK_SYMBOLS) c.fig.path(scaledPath(symbol, 1, 1, 0, top), 'fillStroke', symbols);
};

/** A box and lines over it, in fractions of the box: the mail icon's flap (mail2), the placeholder picture's cross (simpleIcon). */
function boxWithLines(lines: string): Painter {
  return (c) => {
    c.fig.rect(0, 0, c.w, c.h);
    c.fig.path(scaledPath(lines, c.w, c.h), 'stroke');
  };
}

/** A shopping cart: its frame 3 px wide, its basket's 1 px wires, and two wheels filled in strokeColor. */
const shoppingCart: Painter = (c) => {
  const { w, h } = c;
  c.fig.path(scaledPath('M.975,.025 L.82,.055 L.59,.66 L.7,.765 A.06,.06 0 0 1 .665,.86 L.05,.86 M.74,.26 L.03,.28 L.065,.61 L.59,.66', w, h), 'stroke', { strokeWidth: 3 });
  const wires = 'M.15,.28 L.15,.62 M.265,.275 L.265,.63 M.38,.27 L.38,.64 M.495,.265 L.495,.65 M.61,.265 L.61,.61 M.69,.405 L.045,.405 M.645,.52 L.055,.52';
  c.fig.path(scaledPath(wires, w, h), 'stroke', { strokeWidth: 1 });
  const wheels = { fill: c.color('strokeColor', '#000000'), strokeWidth: 1 };
  for (const x of [0.075, 0.62]) c.fig.ellipse(w * x, h * 0.89, w * 0.1, h * 0.1, 'fillStroke', wheels);
};

/**
 * A volume slider (at least 87.5 x 25): a 7.5 px track of 5 px corners up to 32.5 px from the
 * right, filled in fillColor2 (#ddeeff) up to barPos % (80) with a round knob there, and a speaker
 * with its waves at the right, all in the fill and stroke.
 */
const volumeSlider: Painter = (c) => {
  const bar = 25;
  const w = Math.max(c.w, 3.5 * bar);
  const h = Math.max(c.h, bar);
  const top = (h - bar) / 2;
  const speaker = w - bar;
  c.fig.path(scaledPath('M.05,.35 L.15,.35 L.3,.2 L.3,.8 L.15,.65 L.05,.65 Z', bar, bar, speaker, top), 'fill');
  c.fig.path(scaledPath('M.4,.35 A.2,.3 0 0 1 .4,.65 M.425,.25 A.225,.35 0 0 1 .425,.75 M.5,.2 A.25,.4 0 0 1 .5,.8', bar, bar, speaker, top));
  const track = w - bar * 1.3;
  const at = (track * Math.min(Math.max(c.num('barPos', 80), 0), 100)) / 100;
  c.fig.roundRect(0, top + bar * 0.35, track, bar * 0.3, 5, 'fill');
  const done = { fill: c.color('fillColor2', '#ddeeff') };
  c.fig.roundRect(0, top + bar * 0.35, at, bar * 0.3, 5, 'fill', done);
  c.fig.ellipse(at - bar / 4, top + bar / 4, bar / 2, bar / 2, 'fillStroke', done);
};

/** A cover flow (mxMockupNavigation.js): three covers turned away on each side of the one in front, one path filled and stroked. */
const coverFlow: Painter = (c) => {
  const covers =
    'M.0924,.07 L.005,.01 L.005,.99 L.0924,.93 M.1774,.09 L.0924,.01 L.0924,.99 L.1774,.91 M.3373,.22 L.1774,.01 L.1774,.99 L.3373,.78 ' +
    'M.912,.07 L.998,.01 L.998,.99 L.912,.93 M.8271,.09 L.912,.01 L.912,.99 L.8271,.91 M.6672,.22 L.8271,.01 L.8271,.99 L.6672,.78 ' +
    'M.3373,.005 L.3373,.995 L.6672,.995 L.6672,.005 Z';
  c.fig.path(scaledPath(covers, c.w, c.h));
};

/** The map navigator's pan arrows (left, up, right, down) and the four small pointers between them, in fractions of the box. */
const MAP_ARROWS = [
  'M.1806,.34 L.1357,.366 L.0228,.3 L.1357,.234 L.1806,.26 L.1142,.3 Z',
  'M.433,.108 L.3881,.08 L.4994,.012 L.6123,.08 L.5658,.108 L.4994,.068 Z',
  'M.8198,.262 L.868,.233 L.9776,.3 L.868,.367 L.8198,.341 L.8863,.3 Z',
  'M.5641,.493 L.6123,.522 L.4994,.588 L.3881,.521 L.4363,.493 L.4994,.533 Z',
  'M.3333,.32 L.3333,.28 L.4163,.3 Z M.4662,.2 L.5326,.2 L.4994,.25 Z M.6654,.28 L.6654,.32 L.5824,.3 Z M.5326,.4 L.4662,.4 L.4994,.35 Z',
];

/**
 * A map navigator (mxMockupNavigation.js): a round pad over a handle, in the fill and stroke; its
 * arrows and the zoom buttons in fillColor2 (#99ddff) outlined in strokeColor2 (none); the zoom
 * buttons' plus and minus 2 px in strokeColor3 (#ffffff).
 */
const mapNavigator: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h * 0.6);
  c.fig.path(scaledPath('M.35,.584 L.35,.95 A.083,.05 0 0 0 .43,1 L.56,1 A.083,.05 0 0 0 .65,.95 L.65,.584', w, h));
  const controls = { fill: c.color('fillColor2', '#99ddff'), stroke: c.color('strokeColor2', 'none') };
  for (const y of [0.65, 0.85]) c.fig.ellipse(w * 0.4, h * y, w * 0.2, h * 0.12, 'fillStroke', controls);
  for (const arrow of MAP_ARROWS) c.fig.path(scaledPath(arrow, w, h), 'fillStroke', controls);
  c.fig.path(scaledPath('M.5,.67 L.5,.75 M.43,.71 L.57,.71 M.43,.91 L.57,.91', w, h), 'stroke', { stroke: c.color('strokeColor3', '#ffffff'), strokeWidth: 2 });
};

/** The male user's left half (head, ear, shoulder, hairline, shirt), which his right half mirrors; the female user whole. */
const USER_MALE_HALF =
  'M.5,.6721 C.3891,.6721 .31,.5648 .31,.3962 C.31,.3656 .3012,.3473 .3051,.3227 C.3126,.2762 .3124,.2212 .332,.1939 C.354,.1633 .4382,.12 .5,.12 M.3046,.3716 C.3046,.3716 .3046,.341 .2826,.3594 C.2606,.3778 .2661,.4452 .266,.4452 Q.2715,.4942 .277,.5065 C.2825,.5187 .277,.5187 .2935,.5371 C.31,.5554 .3375,.5615 .3375,.5616 M.3829,.6213 C.3829,.6213 .405,.7704 .2921,.7888 C.2536,.795 .1328,.85 .1052,.8745 C.0776,.899 .0641,.9316 .0571,.9622 Q.05,1 .05,1 M.3427,.4185 C.3427,.4185 .3427,.3839 .3427,.3593 C.3427,.3348 .3663,.3103 .3718,.3041 C.3773,.298 .3822,.2673 .3877,.2551 C.3932,.2429 .4095,.2429 .4259,.2367 C.4424,.2306 .4984,.2357 .4984,.2357 M.365,.7427 C.365,.7427 .3772,.8076 .4286,.8224 C.4816,.8377 .5028,.8347 .5028,.8347 M.3322,.7764 C.3322,.7764 .3556,.8386 .4038,.8684 C.4533,.8991 .5029,.8929 .5029,.8929 M.2717,.9 L.2717,1 M.1671,.8991 C.1671,.8991 .1726,.9114 .1836,.9481 C.1946,.9849 .2,1 .2,1';
const USER_FEMALE =
  'M.3148,.468 C.3045,.3195 .3176,.2383 .3302,.2069 C.3508,.1557 .44,.1156 .5026,.1156 M.5029,.6728 C.4616,.6728 .4018,.6177 .3663,.5653 M.3108,.4021 C.3108,.4021 .3091,.3765 .2891,.3933 C.2691,.4101 .2782,.4661 .2782,.4661 Q.2862,.5067 .2922,.5166 C.2982,.5265 .2929,.5268 .3097,.5412 M.4038,.6176 C.4038,.6176 .4324,.7778 .3375,.7963 C.3054,.8026 .1753,.8578 .15,.8826 C.1247,.9074 .1126,.9412 .1063,.9722 C.1,1.0032 .1,1 .1,1 M.6377,.3365 C.5927,.2634 .5206,.2634 .5206,.2634 Q.3769,.2591 .3713,.2659 C.3657,.2727 .3405,.3674 .3405,.3946 C.3405,.4218 .3405,.4602 .3405,.4602 Q.3546,.6401 .3546,.6626 M.2931,.818 C.2931,.818 .3224,.9159 .3826,.9677 C.4446,1.01 .5065,1 .5065,1 M.2995,.9106 L.2995,1 M.2081,.907 C.2081,.907 .2131,.9194 .2232,.9565 C.2333,.9936 .24,1 .24,1 M.6951,.4988 C.6951,.4662 .7042,.3453 .7,.32 C.6923,.273 .6926,.2175 .6727,.19 C.6504,.159 .5651,.1157 .5025,.1157 M.5029,.6728 C.5546,.6728 .6107,.6316 .6461,.5602 M.696,.4022 C.696,.4022 .6983,.3766 .7179,.4106 C.7375,.4278 .7273,.4836 .7273,.4836 Q.7184,.5241 .7123,.5338 C.7062,.5436 .7114,.544 .6943,.558 M.5995,.6278 C.5995,.6278 .5724,.7777 .6663,.7963 C.6984,.8026 .8386,.8578 .8638,.8826 C.8891,.9074 .9016,.9412 .9079,.9722 C.9142,1.0032 .91,1 .91,1 M.6545,.6802 L.6545,.3986 M.7132,.8078 C.7132,.8078 .6839,.916 .6237,.9678 C.5617,1.01 .4998,1 .4998,1 M.7111,.9106 L.7111,1 M.8075,.907 C.8075,.907 .8025,.9194 .7924,.9565 C.7823,.9936 .775,1 .775,1 M.3148,.5448 C.3148,.5448 .32,.6216 .3148,.6677 Q.2891,.7343 .2891,.7343 L.3303,.7625 L.39,.7625 M.6852,.5448 C.6852,.5448 .68,.6216 .6852,.6677 Q.7109,.7343 .7109,.7343 L.6697,.7625 L.62,.7625';

/**
 * A user's picture (mxMockupContainers.js's userMale and userFemale): its box in the fill and
 * stroke, the person's outline in strokeColor2 (#008cff) and the box's outline again.
 */
function user(outline: (w: number, h: number) => string): Painter {
  return (c) => {
    const { w, h } = c;
    c.fig.rect(0, 0, w, h);
    c.fig.path(outline(w, h), 'stroke', { stroke: c.color('strokeColor2', '#008cff') });
    c.fig.rect(0, 0, w, h, 'stroke');
  };
}

/** An icon grid (mxMockupGraphics.js): gridSize ("3,3") placeholder pictures, half a picture apart (at most 100 a side). */
const iconGrid: Painter = (c) => {
  const [across, down] = (c.style.get('gridSize') ?? '3,3').split(',').map((n) => Math.min(Math.max(parseInt(n, 10) || 0, 0), 100));
  if (!across || !down) return;
  const [bw, bh] = [c.w / (across + (across - 1) * 0.5), c.h / (down + (down - 1) * 0.5)];
  const crosses = new PathData();
  for (let i = 0; i < across; i++) {
    for (let j = 0; j < down; j++) {
      const [x, y] = [bw * 1.5 * i, bh * 1.5 * j];
      c.fig.rect(x, y, bw, bh);
      crosses.moveTo(x, y).lineTo(x + bw, y + bh).moveTo(x + bw, y).lineTo(x, y + bh);
    }
  }
  c.fig.path(crosses, 'stroke');
};

/**
 * A gauge (mxMockupGraphics.js): its dial, a scale of three bands (scaleColors, "#888888,#aaaaaa,
 * #444444": low, middle, high), its labels (gaugeLabels, "CPU[%],0,100") in textColor (#666666)
 * at textSize (12), a needle in needleColor (#008cff) turned three quarters of a turn across
 * gaugePos % (0) from the low end, a dot of the fill on its pivot, the dial's outline and two ticks.
 */
const gauge: Painter = (c) => {
  const { w, h } = c;
  c.fig.ellipse(0, 0, w, h);
  const [low = 'none', middle = 'none', high = 'none'] = (c.style.get('scaleColors') ?? '#888888,#aaaaaa,#444444').split(',');
  c.fig.path(scaledPath('M.05,.5 A.4,.4 0 0 1 .95,.5 L1,.5 A.5,.5 0 0 0 0,.5 Z', w, h), 'fill', { fill: middle });
  c.fig.path(scaledPath('M.05,.5 A.45,.45 0 0 0 .182,.818 L.146,.854 A.5,.5 0 0 1 0,.5 Z', w, h), 'fill', { fill: low });
  c.fig.path(scaledPath('M1,.5 A.5,.5 0 0 1 .854,.854 L.818,.818 A.45,.45 0 0 0 .95,.5 Z', w, h), 'fill', { fill: high });
  const [title = '', from = '', to = ''] = (c.style.get('gaugeLabels') ?? 'CPU[%],0,100').split(',');
  const paint: TextPaint = { size: c.num('textSize', 12), color: c.color('textColor', '#666666'), family: DEFAULT_FONT_FAMILY };
  c.fig.text(w * 0.5, h * 0.3, title, { ...paint, anchor: 'middle' });
  c.fig.text(w * 0.2, h * 0.85, from, paint);
  c.fig.text(w * 0.8, h * 0.85, to, { ...paint, anchor: 'end' });
  const turn = 0.75 * 2 * Math.PI * (Math.min(Math.max(c.num('gaugePos', 0), 0), 100) / 100) + 1.25 * Math.PI;
  const [sin, cos] = [Math.sin(turn), Math.cos(turn)];
  const needle = new PathData()
    .moveTo(w * (0.5 + 0.38 * sin), h * (0.5 - 0.38 * cos))
    .lineTo(w * (0.5 + 0.05 * cos), h * (0.5 + 0.05 * sin))
    .arcTo(w * 0.05, h * 0.05, 0, 0, 1, w * (0.5 - 0.05 * sin), h * (0.5 + 0.05 * cos))
    .arcTo(w * 0.05, h * 0.05, 0, 0, 1, w * (0.5 - 0.05 * cos), h * (0.5 - 0.05 * sin))
    .close();
  c.fig.path(needle, 'fill', { fill: c.color('needleColor', '#008cff') });
  c.fig.path(scaledPath('M.49,.49 L.51,.49 L.51,.51 L.49,.51 Z', w, h), 'fill');
  c.fig.ellipse(0, 0, w, h, 'stroke');
  c.fig.path(scaledPath('M.146,.854 L.219,.781 M.854,.854 L.781,.781', w, h), 'stroke');
};

/** The Gantt chart's grid: the header's rows and columns, the task column and the day columns, in fractions of the box. */
const GANTT_GRID =
  'M0,.13 L1,.13 M.4,0 L.4,1 M.4,.065 L1,.065 M.03,0 L.03,.13 M.1,0 L.1,.13 M.315,0 L.315,.13 M.45,.065 L.45,.13 M.5,.065 L.5,1 ' +
  'M.55,.065 L.55,.13 M.6,.065 L.6,1 M.65,.065 L.65,.13 M.7,.065 L.7,1 M.75,0 L.75,.13 M.8,.065 L.8,1 M.85,.065 L.85,.13 M.9,.065 L.9,1 M.95,.065 L.95,.13';
/** Its tasks: a summary bar with its ends pointing down, three task bars, and the progress inside the third. */
const GANTT_TASKS =
  'M.41,.15 L.64,.15 L.64,.18 L.625,.21 L.61,.18 L.44,.18 L.425,.21 L.41,.18 Z M.41,.24 L.49,.24 L.49,.275 L.41,.275 Z ' +
  'M.46,.31 L.64,.31 L.64,.345 L.46,.345 Z M.56,.39 L.69,.39 L.69,.425 L.56,.425 Z';
const GANTT_PROGRESS = 'M.46,.32 L.58,.32 L.58,.335 L.46,.335 Z';

/** A Gantt chart (mxMockupGraphics.js): its box and grid, its task bars in the first of fillColor2 ("#888888,#bbbbbb") and a progress bar in the second. */
const ganttChart: Painter = (c) => {
  const { w, h } = c;
  c.fig.rect(0, 0, w, h);
  c.fig.path(scaledPath(GANTT_GRID, w, h), 'stroke');
  const [tasks = 'none', progress = 'none'] = (c.style.get('fillColor2') ?? '#888888,#bbbbbb').split(',');
  c.fig.path(scaledPath(GANTT_TASKS, w, h), 'fill', { fill: tasks });
  c.fig.path(scaledPath(GANTT_PROGRESS, w, h), 'fill', { fill: progress });
};

export const MOCKUP_ICON_SHAPES: Readonly<Record<string, Painter>> = {
  ...Object.fromEntries(Object.entries(ICONS).map(([name, parts]) => [`mxgraph.mockup.misc.${name}`, icon(parts)])),
  'mxgraph.mockup.misc.playbackControls': playbackControls,
  'mxgraph.mockup.misc.mail2': boxWithLines('M0,0 L.5,.5 L1,0'),
  'mxgraph.mockup.graphics.simpleIcon': boxWithLines('M0,0 L1,1 M0,1 L1,0'),
  'mxgraph.mockup.graphics.iconGrid': iconGrid,
  'mxgraph.mockup.graphics.gauge': gauge,
  'mxgraph.mockup.graphics.ganttChart': ganttChart,
  'mxgraph.mockup.misc.shoppingCart': shoppingCart,
  'mxgraph.mockup.misc.volumeSlider': volumeSlider,
  'mxgraph.mockup.navigation.coverFlow': coverFlow,
  'mxgraph.mockup.navigation.mapNavigator': mapNavigator,
  'mxgraph.mockup.containers.userMale': user((w, h) => `${scaledPath(USER_MALE_HALF, w, h)} ${scaledPath(USER_MALE_HALF, -w, h, w)}`),
  'mxgraph.mockup.containers.userFemale': user((w, h) => scaledPath(USER_FEMALE, w, h).toString()),
};
