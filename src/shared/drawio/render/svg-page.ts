/**
 * One page of a diagram as SVG, drawn as the canvas draws it and from the same code
 * (src/shared/drawio/render): what the page holds (pageContent), each shape's figure (its image,
 * its stencil, the shape diagrams.net draws in code, else the outline of its type) in the colours
 * the canvas gives it, group frames and swimlane bands with their titles, edges on their routes
 * with their heads and labels. Pure apart from the stencil drawing and the images it is handed.
 */
import { boundsOf, type Rect } from '../geometry';
import { fileCellId, fileStyleText, shapeStyleText, type DrawioRecord, type EdgeRecord, type ForeignRecord, type GroupRecord, type ShapeRecord, type Theme } from '../model';
import { recordsFromSnapshot, type DrawioRecords } from '../collections';
import { stencilNamesOfStyle, styleEntries } from '../stencils';
import {
  DEFAULT_FONT_SIZE,
  edgeDashes,
  SHAPE_DASHES,
  SHAPE_STROKE_WIDTH,
  drawnColors,
  edgeCoreMarkerIds,
  edgeMarkerIds,
  filledEdgeCore,
  edgeStroke,
  edgeWidth,
  markerMarkup,
  markersInUse,
  themeColors,
  type Vocabulary,
} from './cell-paint';
import { drawnReferences, withReferencedStroke } from './cell-references';
import { frameColors } from './default-ink';
import { codeShapeLabelBox, codeShapeLabelStyle, codeShapeMarkup, codeShapeName, containerStyle, isInvisibleGroup, type StencilDrawer } from './code-shapes';
import { screenOffset } from './screen-offset';
import { edgeLabelSpots, pathPolyline } from './edge-label';
import { edgeRoute } from './edge-route';
import { drawsEdgeShape, edgeRecordShapeMarkup } from './edge-shapes';
import { perimeterBox, shapePerimeter, type EndBox } from './edge-perimeter';
import { GROUP_FRAME_DASHES, groupFrameLook } from './group-frame';
import { groupTitleLayout, titleBox } from './group-title';
import { imageSourceOf, imageTurn, keepsImageAspect, labelImageBox, STRETCHED_IMAGE, type ImageSource } from './image-source';
import { DEFAULT_FONT_FAMILY, NO_INSETS, labelBold, labelLook, styleLabelFont } from './label-look';
import { tableGrid } from './table-grid';
import { pageContent, type PageGroup, type PageRecords } from './page-content';
import { shapeFigureStyle } from './shape-figure';
import { labelInsets, labelPlacement, shapeOutline, stylePlacement } from './shape-geometry';
import { stencilFigure, xmlAttr, type StencilPaint } from './stencil-figure';
import { edgeLabelMarkup, num, shapeLabelMarkup, titleMarkup, xmlText } from './svg-label';
import { textWidth } from './text-metrics';
import { cellShadow, dropShadowFilter, labelShadow, type ShadowLook } from './shadow';

/** Room around the drawing, so strokes and heads at its edge are not cut. */
export const PAGE_BORDER = 10;

/** The stencils a page draws with (the export worker's diagrams.net stencils); absent, stencil shapes are drawn as their type's outline. */
export interface PageStencils {
  /** The key diagrams.net registers the stencil under and its drawing, or undefined when no library has it. */
  stencil(name: string): { key: string; draw: (box: readonly [number, number, number, number], paint: StencilPaint) => string } | undefined;
}

export interface DrawOptions {
  /** The page to draw; the active page when absent. */
  pageId?: string;
  /** The diagram's workspace path, which relative image paths are read against. */
  diagramPath?: string;
  /** The stencils (in the export worker); without them stencil shapes are drawn as their type's outline. */
  stencils?: PageStencils;
  /** Marks each shape's and edge's element with its record id (`data-cell`), for a view that picks them; never in a file. */
  cellIds?: boolean;
  /** A data: URL for an image the page draws, or undefined for a placeholder. */
  image(source: ImageSource): string | undefined;
}

export interface DrawnPage {
  /** The page's SVG elements, in page coordinates. */
  body: string;
  /** What they cover, with PAGE_BORDER around. */
  bounds: Rect;
  /** How many shapes were drawn from a stencil. */
  stencilCount: number;
}

function translated(rect: Rect | undefined, x: number, y: number): Rect | undefined {
  return rect && { x: rect.x + x, y: rect.y + y, w: rect.w, h: rect.h };
}

/** An image at the shape's size, fitted as diagrams.net fits it; a placeholder naming what is not drawn. */
function imageMarkup(source: ImageSource, url: string | undefined, style: ReadonlyMap<string, string>, w: number, h: number): string {
  if (url !== undefined) {
    const fit = keepsImageAspect(style) ? 'xMidYMid meet' : 'none';
    const turned = imageTurn(style, w, h);
    const box = turned?.box ?? { x: 0, y: 0, w, h };
    const image = `<image x="${num(box.x)}" y="${num(box.y)}" width="${num(box.w)}" height="${num(box.h)}" preserveAspectRatio="${fit}" xlink:href="${xmlAttr(url)}"/>`;
    if (!turned) return image;
    const [cx, cy] = [num(w / 2), num(h / 2)];
    return `<g transform="rotate(${num(turned.turn)} ${cx} ${cy}) translate(${cx} ${cy}) scale(${turned.sx} ${turned.sy}) translate(${num(-w / 2)} ${num(-h / 2)})">${image}</g>`;
  }
  const name = source.kind === 'file' ? source.path : source.kind === 'refused' ? source.image : source.kind === 'remote' ? source.url : 'image';
  const shown = name.length > 60 ? `${name.slice(0, 57)}...` : name;
  const size = `${Math.round(w)}×${Math.round(h)}`;
  return (
    `<rect x="0.5" y="0.5" width="${num(Math.max(0, w - 1))}" height="${num(Math.max(0, h - 1))}" fill="#f5f7fa" stroke="#9aa5b1" stroke-dasharray="4 3"/>` +
    `<text x="${num(w / 2)}" y="${num(h / 2)}" text-anchor="middle" font-family="${xmlAttr(DEFAULT_FONT_FAMILY)}" font-size="9" fill="#4a5560">` +
    `<tspan x="${num(w / 2)}" dy="-0.3em">${xmlText(shown)}</tspan><tspan x="${num(w / 2)}" dy="1.2em">${size}</tspan></text>`
  );
}

class PageDrawer {
  private readonly maps: PageRecords & Vocabulary & Pick<DrawioRecords, 'pages'>;
  private gradientCount = 0;
  private shadowCount = 0;
  stencilCount = 0;
  private readonly covered: Rect[] = [];

  constructor(
    records: readonly DrawioRecord[],
    private readonly options: DrawOptions,
  ) {
    this.maps = recordsFromSnapshot(records);
  }

  draw(): DrawnPage {
    const content = pageContent(this.maps, this.options.pageId);
    const parts: string[] = [];
    // Edges whose stroke names another cell's drawn in that colour (their heads too).
    const edges = content.edges.map((edge) => withReferencedStroke(edge, this.maps.groups));
    const markers = markersInUse(edges.filter((edge) => !drawsEdgeShape(edge)));
    if (markers.length) parts.push(`<defs>${markers.map(markerMarkup).join('')}</defs>`);
    const frames = new Map(content.groups.map((g) => [g.record.id, g]));
    // Each cell at its place in diagrams.net's painting order, as the canvas stacks them.
    const drawn: Array<{ id: string; draw: () => string }> = [
      ...content.foreign.map(({ record }) => ({ id: record.id, draw: () => this.keptLine(record.line) })),
      ...content.groups.map((group) => ({ id: group.record.id, draw: () => this.group(group, content.edges) })),
      ...edges.map((edge) => ({ id: edge.id, draw: () => this.edge(edge, frames) })),
      ...content.shapes.map((shape) => ({ id: shape.id, draw: () => this.shape(shape) })),
    ];
    const rank = (id: string) => content.paintOrder.get(id) ?? 0;
    for (const cell of drawn.sort((a, b) => rank(a.id) - rank(b.id))) parts.push(cell.draw());
    const covered = boundsOf(this.covered) ?? { x: 0, y: 0, w: 0, h: 0 };
    const bounds = { x: Math.floor(covered.x - PAGE_BORDER), y: Math.floor(covered.y - PAGE_BORDER), w: 0, h: 0 };
    bounds.w = Math.ceil(covered.x + covered.w + PAGE_BORDER) - bounds.x;
    bounds.h = Math.ceil(covered.y + covered.h + PAGE_BORDER) - bounds.y;
    return { body: parts.join('\n'), bounds, stencilCount: this.stencilCount };
  }

  /** A kept cell's line, in the studio's placeholder grey; nothing for a kept cell without one. */
  private keptLine(line: ForeignRecord['line']): string {
    if (!line || line.length < 2) return '';
    this.covered.push(boundsOf(line.map((p) => ({ ...p, w: 0, h: 0 })))!);
    return `<polyline points="${line.map((p) => `${num(p.x)},${num(p.y)}`).join(' ')}" fill="none" stroke="#8a94a0" stroke-width="1"/>`;
  }

  private nextGradientId(): string {
    return `tandem-gradient-${++this.gradientCount}`;
  }

  /** A figure drawn from its stencil, or undefined for one maxGraph cannot draw without a browser's layout (the outline stands in). */
  /** Draws the stencils a code shape draws inside itself (an AWS 4 group's icon, a BPMN task's markers). */
  private readonly innerStencils: StencilDrawer = (name, box, paint) => this.options.stencils?.stencil(name)?.draw(box, paint);

  private stencilBody(style: ReadonlyMap<string, string>, paint: { w: number; h: number; fill: string; stroke: string; gradientId: string }, stencil: NonNullable<ReturnType<PageStencils['stencil']>>): string | undefined {
    try {
      const figure = stencilFigure(style, paint, stencil.draw);
      this.stencilCount++;
      return `<g data-stencil="${xmlAttr(stencil.key)}">${figure}</g>`;
    } catch {
      return undefined;
    }
  }

  private shape(record: ShapeRecord): string {
    const { w, h } = record;
    const own = drawnColors(record, this.maps);
    const type = own.type;
    const { colors, text, html } = drawnReferences(record, own.colors, this.maps.groups, this.maps);
    const styleText = shapeStyleText(record);
    const fileStyle = styleEntries(styleText ?? '');
    const style = record.style;
    let body: string | undefined;
    const image = record.look === 'image' && styleText !== undefined ? imageSourceOf(styleText, this.options.diagramPath) : undefined;
    if (image) body = imageMarkup(image, this.options.image(image), fileStyle, w, h);
    const stencilName = record.look !== undefined && record.look !== 'image' ? stencilNamesOfStyle(fileStyle)[0] : undefined;
    const stencil = body === undefined && stencilName !== undefined ? this.options.stencils?.stencil(stencilName) : undefined;
    if (stencil) body = this.stencilBody(fileStyle, { w, h, fill: colors.fill, stroke: colors.stroke, gradientId: this.nextGradientId() }, stencil);
    let labelBox: Rect | undefined;
    const figureStyle = body === undefined ? shapeFigureStyle(record, fileStyle) : undefined;
    if (figureStyle) {
      body = codeShapeMarkup(figureStyle, { w, h, fill: colors.fill, stroke: colors.stroke, gradientId: this.nextGradientId(), cellId: fileCellId(record), label: html ?? text }, this.innerStencils);
      // As on the canvas, a code shape's label sits in the part of it the shape gives the label.
      if (body !== undefined) labelBox = codeShapeLabelBox(figureStyle, w, h);
    }
    if (body === undefined) {
      const outline = shapeOutline(type, w, h, { rounded: style.rounded });
      const dash = style.dashed ? ` stroke-dasharray="${SHAPE_DASHES}"` : '';
      const paint = `stroke="${xmlAttr(colors.stroke)}" stroke-width="${SHAPE_STROKE_WIDTH}"${dash}`;
      body = `<path d="${outline.body}" fill="${xmlAttr(colors.fill)}" ${paint}/>` + (outline.details ? `<path d="${outline.details}" fill="none" ${paint}/>` : '');
    }
    body += this.labelShapeImage(fileStyle, styleText, w, h);
    const placement = stylePlacement(fileStyle) ?? labelPlacement(type);
    const look = fileStyle.size ? labelLook(codeShapeLabelStyle(fileStyle, w, h)) : undefined;
    const label = shapeLabelMarkup(
      {
        text,
        html,
        placement,
        look,
        insets: labelInsets(type),
        labelBox,
        at: record,
        font: { fontSize: style.fontSize ?? DEFAULT_FONT_SIZE, color: colors.fontColor, bold: labelBold(style.bold, fileStyle), italic: !!style.italic, underline: !!style.underline, fontFamily: look?.fontFamily },
      },
      w,
      h,
    );
    this.covered.push({ x: record.x, y: record.y, w, h });
    const labelBounds = translated(label.bounds, record.x, record.y);
    if (labelBounds) this.covered.push(labelBounds);
    const opacity = style.opacity !== undefined ? ` opacity="${style.opacity / 100}"` : '';
    const figure = this.shadowed(body, cellShadow(fileStyle, style.shadow), { x: 0, y: 0, w, h });
    const labelMarkup = this.shadowed(label.markup, labelShadow(fileStyle), label.bounds ?? { x: 0, y: 0, w, h });
    return `<g${this.cellMark(record.id)} transform="translate(${num(record.x)},${num(record.y)})"${opacity}>${figure}${labelMarkup}</g>`;
  }

  /** The picture diagrams.net's label shape draws beside its text, stretched to its box; '' for a cell without one. */
  private labelShapeImage(fileStyle: ReadonlyMap<string, string>, styleText: string | undefined, w: number, h: number): string {
    const box = labelImageBox(fileStyle, w, h);
    const source = box && styleText !== undefined ? imageSourceOf(styleText, this.options.diagramPath) : undefined;
    if (!box || !source) return '';
    return `<g transform="translate(${num(box.x)},${num(box.y)})">${imageMarkup(source, this.options.image(source), STRETCHED_IMAGE, box.w, box.h)}</g>`;
  }

  private group({ record, bounds }: PageGroup, edges: readonly EdgeRecord[]): string {
    this.covered.push(bounds);
    const colors = record.theme ? themeColors(record.theme, this.maps) : undefined;
    const fileStyle = styleEntries(fileStyleText(record.file) ?? '');
    // diagrams.net draws a file's `group` not at all; the studio draws only a title it has.
    if (isInvisibleGroup(fileStyle) && record.text === '') return '';
    const drawn = this.drawnFrame(record, bounds, colors);
    const body = drawn ?? this.plainFrame(record, bounds, colors, edges, isInvisibleGroup(fileStyle));
    return `<g transform="translate(${num(bounds.x)},${num(bounds.y)})">${body}</g>`;
  }

  /**
   * A container drawn as diagrams.net draws it, as the canvas's DrawnFrame: the code shape its
   * style names (a plain file container is a `rect`), else its stencil, with its label where the
   * style and the shape put it. Undefined for the studio's own frame.
   */
  private drawnFrame(record: GroupRecord, bounds: Rect, colors: Theme | undefined): string | undefined {
    const { w, h } = bounds;
    const fileStyle = styleEntries(fileStyleText(record.file) ?? '');
    const style = containerStyle(fileStyle);
    // Coloured by the style it is drawn with (a visible `group` keeps the stylesheet's no fill).
    const paint = { w, h, ...frameColors(colors, style ?? fileStyle), gradientId: this.nextGradientId() };
    let figure: string | undefined;
    if (style && codeShapeName(style)) {
      const table = codeShapeName(style) === 'table' ? tableGrid(record, this.maps.groups, this.maps.shapes) : undefined;
      figure = codeShapeMarkup(style, { ...paint, table, cellId: fileCellId(record) }, this.innerStencils);
    } else if (fileStyle.get('shape') && fileStyle.get('tandemGroup') !== '1') {
      const stencil = this.options.stencils?.stencil(fileStyle.get('shape')!);
      if (stencil) figure = this.stencilBody(fileStyle, paint, stencil);
    }
    if (figure === undefined) return undefined;
    const labelStyle = style ?? fileStyle;
    const label = shapeLabelMarkup(
      {
        text: record.text,
        html: record.html,
        placement: stylePlacement(labelStyle) ?? 'inside',
        look: labelLook(labelStyle),
        insets: NO_INSETS,
        labelBox: codeShapeLabelBox(labelStyle, w, h),
        at: bounds,
        font: styleLabelFont(labelStyle),
      },
      w,
      h,
    );
    const labelBounds = translated(label.bounds, bounds.x, bounds.y);
    if (labelBounds) this.covered.push(labelBounds);
    return this.shadowed(figure, cellShadow(fileStyle), { x: 0, y: 0, w, h }) + this.shadowed(label.markup, labelShadow(labelStyle), label.bounds ?? { x: 0, y: 0, w, h });
  }

  /** The studio's own frame, as the canvas's PlainFrame: its title where its style puts it, or in its lane's band. */
  private plainFrame(record: GroupRecord, bounds: Rect, colors: Theme | undefined, edges: readonly EdgeRecord[], invisible: boolean): string {
    const { w, h } = bounds;
    const lane = record.swimlane;
    const look = groupFrameLook(colors, !!lane);
    const inset = look.strokeWidth / 2;
    const stroke = `stroke="${xmlAttr(look.stroke)}" stroke-width="${num(look.strokeWidth)}"`;
    const dash = look.dashed ? ` stroke-dasharray="${GROUP_FRAME_DASHES}"` : '';
    const box = (bw: number, bh: number, fill: { fill: string; fillOpacity: number }, radius: number) =>
      `<rect x="${num(inset)}" y="${num(inset)}" width="${num(Math.max(0, bw - 2 * inset))}" height="${num(Math.max(0, bh - 2 * inset))}" rx="${num(radius)}" fill="${xmlAttr(fill.fill)}" fill-opacity="${num(fill.fillOpacity)}" ${stroke}${dash}/>`;
    const parts = invisible ? [] : [box(w, h, look, look.radius)];
    const font = { fontSize: look.title.fontSize, color: look.title.color, bold: true, italic: false, underline: false };
    if (lane) {
      const band = lane.vertical ? { w: lane.header, h } : { w, h: lane.header };
      parts.push(box(band.w, band.h, look.band, 0));
      const centre = { x: band.w / 2, y: band.h / 2 };
      const turn = lane.vertical ? { degrees: -90, ...centre } : undefined;
      const css = lane.vertical
        ? { left: 0, top: 0, width: band.w, height: band.h, display: 'flex', alignItems: 'center', justifyContent: 'center', writingMode: 'vertical-lr' as const, transform: 'rotate(180deg)' }
        : { left: 0, top: 0, width: band.w, height: band.h, display: 'flex', alignItems: 'center', justifyContent: 'center' };
      parts.push(titleMarkup(band, record.text, record.html, font, css, { ...centre, anchor: 'middle', turn }));
    } else {
      const { padding } = look.title;
      const width = textWidth(record.text, font.fontSize, true) + 2 * padding.x;
      const place = titleBox(groupTitleLayout(record, bounds, this.maps.shapes, edges), w, width, padding.x);
      const lineMiddle = padding.y + (font.fontSize * 1.25) / 2;
      const css = { left: place.left, top: 0, maxWidth: place.maxWidth, padding: `${padding.y}px ${padding.x}px`, whiteSpace: 'nowrap' as const, overflow: 'hidden', textOverflow: 'ellipsis' };
      parts.push(titleMarkup({ w, h }, record.text, record.html, font, css, { x: place.left + padding.x, y: lineMiddle, anchor: 'start' }));
    }
    return parts.join('');
  }

  /** The box an edge's end is drawn to: its shape, its container's frame, or its loose point. */
  private endBox(id: string, point: EdgeRecord['sourcePoint'], frames: ReadonlyMap<string, PageGroup>): EndBox | undefined {
    if (id === '') return point && { x: point.x, y: point.y, w: 0, h: 0 };
    const shape = this.maps.shapes.get(id);
    if (shape) return perimeterBox({ x: shape.x, y: shape.y, w: shape.w, h: shape.h }, shapePerimeter(shape));
    const frame = frames.get(id);
    return frame && perimeterBox(frame.bounds, shapePerimeter(frame.record));
  }

  private edge(edge: EdgeRecord, frames: ReadonlyMap<string, PageGroup>): string {
    const source = this.endBox(edge.source, edge.sourcePoint, frames);
    const target = this.endBox(edge.target, edge.targetPoint, frames);
    if (!source || !target) return '';
    const route = edgeRoute(edge, source, target);
    const polyline = pathPolyline(route.path);
    const covers = this.covered.push(boundsOf(polyline.map((p) => ({ ...p, w: 0, h: 0 }))) ?? { ...route.from, w: 0, h: 0 }) - 1;
    const width = edgeWidth(edge);
    const offset = screenOffset(width);
    // An edge of a shape of its own (flexArrow, link, ...) is that shape through its ends and bends.
    const shape = edgeRecordShapeMarkup(edge, route.labelLine, { stroke: edgeStroke(edge), strokeWidth: width });
    const markers = edgeMarkerIds(edge);
    const dash = edgeDashes(edge);
    const attributes = [
      `d="${xmlAttr(route.drawn)}"`,
      'fill="none"',
      `stroke="${xmlAttr(edgeStroke(edge))}"`,
      `stroke-width="${num(width)}"`,
      offset ? `transform="translate(${offset},${offset})"` : '',
      dash ? `stroke-dasharray="${dash}"` : '',
      markers.start ? `marker-start="url(#${xmlAttr(markers.start)})"` : '',
      markers.end ? `marker-end="url(#${xmlAttr(markers.end)})"` : '',
    ].filter(Boolean);
    const labels = edgeLabelSpots(edge, route.labelLine).map((spot) => {
      const label = edgeLabelMarkup(spot);
      if (label.bounds) this.covered.push(label.bounds);
      return this.shadowed(label.markup, spot.shadow, label.bounds ?? { ...spot.at, w: 1, h: 1 });
    });
    // A filledEdge's core: the line again in its fill colour, narrower, its heads again over the first.
    const core = filledEdgeCore(edge);
    const coreMarkers = edgeCoreMarkerIds(edge);
    const coreLine = core
      ? `<path d="${xmlAttr(route.drawn)}" fill="none" stroke="${xmlAttr(core.stroke)}" stroke-width="${num(core.width)}"${offset ? ` transform="translate(${offset},${offset})"` : ''}${core.dash ? ` stroke-dasharray="${core.dash}"` : ''}${coreMarkers.start ? ` marker-start="url(#${xmlAttr(coreMarkers.start)})"` : ''}${coreMarkers.end ? ` marker-end="url(#${xmlAttr(coreMarkers.end)})"` : ''}/>`
      : '';
    const figure = shape === undefined ? `<path ${attributes.join(' ')}/>${coreLine}` : offset ? `<g transform="translate(${offset},${offset})">${shape}</g>` : shape;
    const line = this.shadowed(figure, cellShadow(styleEntries(fileStyleText(edge.file) ?? '')), this.covered[covers]);
    return `<g${this.cellMark(edge.id)}>${line}${labels.join('')}</g>`;
  }

  /** A cell's figure (or a textShadow=1 label) casting its shadow (see shadow.ts); `box` is its extent. */
  private shadowed(figure: string, look: ShadowLook | undefined, box: Rect): string {
    if (!look) return figure;
    const id = `tandem-shadow-${++this.shadowCount}`;
    return `<defs>${dropShadowFilter(id, look, box)}</defs><g filter="url(#${id})">${figure}</g>`;
  }

  private cellMark(id: string): string {
    return this.options.cellIds ? ` data-cell="${xmlAttr(id)}"` : '';
  }
}

/** Draws one page (see DrawOptions). */
export function drawPage(records: readonly DrawioRecord[], options: DrawOptions): DrawnPage {
  return new PageDrawer(records, options).draw();
}

/** Attribute text that keeps line breaks (an XML reader turns a raw one into a space). */
function attributeKeepingLines(value: string): string {
  return xmlAttr(value).replace(/>/g, '&gt;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/**
 * A whole SVG file of a drawn page at `scale`: `content`, when given, is the diagram's mxfile XML,
 * kept in the root's `content` attribute as diagrams.net keeps it in a .drawio.svg; `css` goes in
 * a style element (the label font's faces).
 */
export function svgFile(page: DrawnPage, options: { scale?: number; content?: string; background?: string; css?: string } = {}): string {
  const scale = options.scale ?? 1;
  const { x, y, w, h } = page.bounds;
  const attributes = [
    'xmlns="http://www.w3.org/2000/svg"',
    'xmlns:xlink="http://www.w3.org/1999/xlink"',
    'version="1.1"',
    `width="${num(w * scale)}px"`,
    `height="${num(h * scale)}px"`,
    `viewBox="${x} ${y} ${w} ${h}"`,
    options.content !== undefined ? `content="${attributeKeepingLines(options.content)}"` : '',
  ].filter(Boolean);
  const background = options.background ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${xmlAttr(options.background)}"/>\n` : '';
  const css = options.css ? `<defs><style type="text/css">${xmlText(options.css)}</style></defs>\n` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
    `<svg ${attributes.join(' ')}>`,
    `${css}${background}${page.body}`,
    '</svg>',
    '',
  ].join('\n');
}
