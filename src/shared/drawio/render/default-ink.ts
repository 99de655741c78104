/**
 * diagrams.net's default ink and paper: the black a cell of a file (or of a diagrams.net palette)
 * is outlined and labelled in, and the white it is filled with, where its style names no colour
 * (no strokeColor, fontColor or fillColor, or `default`). The export draws them black and white, as
 * it is a file people share; the canvas draws them in the theme's ink and paper (black on white in
 * light, light on dark in dark), as diagrams.net's dark mode does, so a default line is not black on
 * a dark canvas. A colour the file names is drawn as named everywhere; the studio's own shapes keep
 * their themes. This module is the one place that decides which colours are the defaults.
 */
import { shapeStyleText, type ShapeRecord } from '../model';
import { styleEntries } from '../stencils';

/** diagrams.net's default ink, as the export draws it. */
export const FILE_INK = '#000000';
/** The theme's ink on the canvas (theme.css `--diagram-ink`). */
export const CANVAS_INK = 'var(--diagram-ink)';
/** diagrams.net's default fill (white), as the export draws it; its dark mode draws it dark, as the canvas does. */
export const FILE_PAPER = '#ffffff';
/** The theme's paper on the canvas (theme.css `--diagram-paper`): white in light, the canvas's own dark in dark. */
export const CANVAS_PAPER = 'var(--diagram-paper)';

export type InkKey = 'strokeColor' | 'fontColor' | 'fillColor';

/** A style value that leaves the colour to diagrams.net's default. */
export function namesNoColor(value: string | undefined): boolean {
  return value === undefined || value === '' || value === 'default';
}

/** Whether the style of a cell of a file leaves `key` to the default ink; a cell made here (no style) never does. */
export function leavesDefaultInk(styleText: string | undefined, key: InkKey): boolean {
  return styleText !== undefined && namesNoColor(styleEntries(styleText).get(key));
}

const FIELD_KEYS = { stroke: 'strokeColor', fill: 'fillColor' } as const;

/**
 * Whether a shape's outline (`stroke`) or fill is drawn in diagrams.net's default: its file names
 * no colour there and no edit has given it a colour or a theme since it was read.
 */
export function keepsDefaultColor(shape: Pick<ShapeRecord, 'file' | 'paletteStyle' | 'style' | 'theme'>, field: 'stroke' | 'fill'): boolean {
  if (!leavesDefaultInk(shapeStyleText(shape), FIELD_KEYS[field])) return false;
  const read = shape.file?.read as Partial<Pick<ShapeRecord, 'style' | 'theme'>> | undefined;
  return read === undefined || (read.style?.[field] === shape.style[field] && read.theme === shape.theme);
}

/**
 * What a label or a line lies on: `theme`, the canvas or the default paper, drawn in the theme's;
 * `file`, a fill the file names (a class box's `#ffffff`), drawn as named in either theme.
 */
export type Surface = 'theme' | 'file';

/** The surface a fill, as the canvas draws it, makes; undefined where it has none and what lies behind shows. */
export function surfaceOfFill(fill: string): Surface | undefined {
  if (fill === 'none' || fill === 'transparent' || fill === '') return undefined;
  return fill === CANVAS_PAPER ? 'theme' : 'file';
}

/**
 * The default ink on a surface: the theme's on the canvas and its paper; diagrams.net's black on a
 * fill the file names, as the file means it (light ink on a white class box would not read).
 */
export function inkOn(surface: Surface | undefined): string {
  return surface === 'file' ? FILE_INK : CANVAS_INK;
}

/**
 * The surface a container of a file gives the cells inside it: a swimlane's (or table's, or UML
 * frame's) body is its swimlaneFillColor, none unless named; another container's, its fill.
 */
export function memberSurface(style: ReadonlyMap<string, string>, bodyIsSwimlane: boolean, fill: string): Surface | undefined {
  if (!bodyIsSwimlane) return surfaceOfFill(fill);
  const body = style.get('swimlaneFillColor');
  return body === undefined || body === '' || body === 'none' ? undefined : 'file';
}

/**
 * Whether a file's label lies on the theme's surface (the canvas, or the theme's paper), where the
 * colours it names, in its style or in its markup (`<font color>`), are made readable in dark; a
 * cell made here (no file style) keeps its theme's colours, and a fill the file names its own.
 */
export function liesOnTheme(fileStyle: ReadonlyMap<string, string>, surface: Surface | undefined): boolean {
  return fileStyle.size > 0 && surface !== 'file';
}

/**
 * The colour a label is drawn in on the canvas: the theme's ink where the file names no colour and
 * the label lies on the theme's surface (its own default paper, or what is behind it beside its
 * shape or inside one without fill: the canvas, or a container's default paper); on a fill the file
 * names, its black (see inkOn), and a named colour as named.
 */
export function canvasLabelColor(fileStyle: ReadonlyMap<string, string>, surface: Surface | undefined, fontColor: string): string {
  if (!liesOnTheme(fileStyle, surface)) return fontColor;
  return namesNoColor(fileStyle.get('fontColor')) ? CANVAS_INK : readableOnCanvas(fontColor);
}

/** The lightness (OKLCH) a dark colour the file names is drawn with on the dark canvas. */
const DARK_CANVAS_LIGHTNESS = 0.78;
/** Below this relative luminance (WCAG) a colour does not read on the dark canvas (#ff0000 is 0.21; #8b0000, 0.06). */
const DARK_COLOR_LUMINANCE = 0.1;

/**
 * A colour the file names, drawn on the canvas itself (no fill of the file's behind it): as named in
 * the light theme; in the dark one, a dark colour (black, dark red, navy...) is lightened, its hue and
 * chroma kept, so what a file gives a label on its white page reads on the dark canvas as it does in
 * diagrams.net's dark mode. A colour that reads on both (red, orange) stays as named; the file and the
 * export keep every colour as named.
 */
export function readableOnCanvas(color: string): string {
  const luminance = relativeLuminance(color);
  if (luminance === undefined || luminance >= DARK_COLOR_LUMINANCE) return color;
  return `light-dark(${color}, oklch(from ${color} ${DARK_CANVAS_LIGHTNESS} c h))`;
}

/** The red, green and blue (0-255) of a `#rgb` or `#rrggbb` colour; undefined for anything else. */
export function hexChannels(color: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
  return [r, g, b];
}

/** WCAG relative luminance of `#rgb`, `#rrggbb`, `rgb(r, g, b)` or black; undefined for anything else. */
function relativeLuminance(color: string): number | undefined {
  const text = color.trim().toLowerCase();
  const functional = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(text);
  const rgb = text === 'black' ? [0, 0, 0] : (hexChannels(text) ?? functional?.slice(1, 4).map(Number));
  if (!rgb) return undefined;
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The fill and stroke a container of a file is drawn in: its theme's when it has one (an edit may
 * have set it), else its file's, on diagrams.net's white and default ink.
 */
export function frameColors(theme: { fill: string; stroke: string } | undefined, fileStyle: ReadonlyMap<string, string>, ink = FILE_INK, paper = FILE_PAPER) {
  const [fill, stroke] = [fileStyle.get('fillColor'), fileStyle.get('strokeColor')];
  return { fill: theme?.fill ?? (namesNoColor(fill) ? paper : fill!), stroke: theme?.stroke ?? (namesNoColor(stroke) ? ink : stroke!) };
}
