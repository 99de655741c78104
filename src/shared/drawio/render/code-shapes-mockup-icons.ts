/**
 * The Mockups palette's small icons and the playback controls, as mxMockupMisc.js draws them:
 * the edit, print, share, trash can and volume icons (a box of corners a twentieth of its sides),
 * the copyright and registered marks (a circle), each glyph filled in strokeColor (#999999); the
 * playback controls' seven round buttons. Their outlines are diagrams.net's, written here as path
 * data in fractions of the box (or in pixels) and scaled.
 */
import type { Painter, ShapeContext } from './code-shape-context';
import { PathData } from './code-shape-pen';
import { ovalCornerBox } from './code-shapes-mockup-forms';

/**
 * Path data (M, L, A and Z, numbers separated by commas or spaces) scaled by sx, sy and moved by
 * dx, dy: an arc's radii scale with the axes, its flags stay.
 */
function scaledPath(data: string, sx: number, sy: number, dx = 0, dy = 0): PathData {
  const path = new PathData();
  for (const [, command, args] of data.matchAll(/([MLAZ])([^MLAZ]*)/g)) {
    const n = args.trim() === '' ? [] : args.trim().split(/[\s,]+/).map(Number);
    if (command === 'M') path.moveTo(dx + n[0] * sx, dy + n[1] * sy);
    else if (command === 'L') path.lineTo(dx + n[0] * sx, dy + n[1] * sy);
    else if (command === 'A') path.arcTo(n[0] * sx, n[1] * sy, n[2], n[3] === 1 ? 1 : 0, n[4] === 1 ? 1 : 0, dx + n[5] * sx, dy + n[6] * sy);
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

export const MOCKUP_ICON_SHAPES: Readonly<Record<string, Painter>> = {
  ...Object.fromEntries(Object.entries(ICONS).map(([name, parts]) => [`mxgraph.mockup.misc.${name}`, icon(parts)])),
  'mxgraph.mockup.misc.playbackControls': playbackControls,
};
