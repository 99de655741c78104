/**
 * One shape on the canvas, drawn by its type in SVG with its theme and style, its label, its
 * badges, four connection handles and, when selected, a resizer. It selects its own record, so
 * a change to another shape does not render it again.
 * Zoomed far out (see level-of-detail) it is a plain box with the same test ids.
 */
import { Handle, NodeResizer, useUpdateNodeInternals, type NodeProps, type Position } from '@xyflow/react';
import { memo, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { fileCellId, shapeStyleText, type Badge, type ShapeRecord } from '../../../../../shared/drawio/model';
import { DEFAULT_FONT_SIZE, baseTypeOf, drawnColors, type ShapeColors, type Vocabulary } from '../../../../../shared/drawio/render/cell-paint';
import { drawnReferences, takesReferences } from '../../../../../shared/drawio/render/cell-references';
import { ReadMarkOutline, useReadMark } from '../../../common/presence';
import { useActions, useDrawio, useEditor } from '../editor/drawio-context';
import { useGestureActions } from './gesture-actions';
import { ANCHOR_HANDLE, FACES, type ShapeFlowNode } from './flow-mapping';
import { Highlight } from './Highlight';
import { RenameInput } from './RenameInput';
import { useRecentChange } from './recent-change';
import { LabelText } from './LabelText';
import { lookCaption, tooltipOf } from './rich-label';
import { labelInsets, labelPlacement, shapeOutline, stylePlacement } from '../../../../../shared/drawio/render/shape-geometry';
import { useLowDetail } from './level-of-detail';
import { DEFAULT_FONT_FAMILY, LABEL_BOX_CSS, labelBold, labelLook, labelTextCss, placedLabelCss } from '../../../../../shared/drawio/render/label-look';
import { StencilBody, useFileStyle, useStencil } from './StencilBody';
import { ImageBody } from './ImageBody';
import { CodeShapeBody } from './CodeShapeBody';
import { shapeFigureStyle } from '../../../../../shared/drawio/render/shape-figure';
import { codeShapeLabelBox, codeShapeLabelStyle, codeShapeName } from '../../../../../shared/drawio/render/code-shapes';
import { imageSourceOf, labelImageBox, STRETCHED_IMAGE } from '../../../../../shared/drawio/render/image-source';
import { CANVAS_PAPER, canvasLabelColor, inkOn, liesOnTheme, surfaceOfFill, type Surface } from '../../../../../shared/drawio/render/default-ink';
import { useSurfaceUnder } from './surface';
import { labelShadowCss, useShadowCss } from './shadow-css';

/** `none` is a colour value in the DSL; SVG wants `none` too, but CSS borders want `transparent`. */
function paint(color: string): string {
  return color === 'none' ? 'transparent' : color;
}

/**
 * A label's colour on the canvas: default ink in the ink of what it lies on, its own fill or what is
 * behind the shape (see default-ink); and whether that is the theme's surface, for its markup's colours.
 */
function labelInk(fileStyle: ReadonlyMap<string, string>, placement: string, colors: { fontColor: string; fill: string }, behind: Surface | undefined) {
  const surface = placement === 'inside' ? (surfaceOfFill(paint(colors.fill)) ?? behind) : behind;
  return { color: canvasLabelColor(fileStyle, surface, paint(colors.fontColor)), onTheme: liesOnTheme(fileStyle, surface) };
}

/**
 * A shape's colours on the canvas, with its file's style and its label's place: default ink in the
 * ink of what the shape lies on, its default paper the theme's (a colour the file names for its
 * label is lightened on it in the dark theme, see readableOnCanvas).
 */
function useCanvasColors(record: ShapeRecord, vocabulary: Vocabulary) {
  const fileStyle = useFileStyle(record);
  const placement = stylePlacement(fileStyle) ?? labelPlacement(baseTypeOf(record.type, vocabulary));
  const behind = useSurfaceUnder(record);
  const drawn = useMemo(() => drawnColors(record, vocabulary, inkOn(behind), CANVAS_PAPER), [record, vocabulary, behind]);
  return { ...drawn, fileStyle, placement, behind };
}

const STROKE_WIDTH = 1.5;
const MIN_SIZE = 20;
/** The least a shape can be grabbed by: a cell the file gives no size (0 x 0) or a line's width is still grabbed. */
const GRAB_SIZE = 10;

/**
 * The connection handles. Every shape keeps one invisible anchor, which is all xyflow needs to
 * route its edges (the edges find their own ends, see DrawioEdge); the four handles a person
 * drags from appear only on the shape under the pointer or the selected one. Four handles on
 * every shape would be thousands of components in a big diagram, and most of its first paint.
 */
function ConnectionHandles({ id, active }: { id: string; active: boolean }) {
  const updateNodeInternals = useUpdateNodeInternals();
  // xyflow only starts a connection from a handle it has measured.
  useEffect(() => {
    if (active) updateNodeInternals(id);
  }, [active, id, updateNodeInternals]);
  return (
    <>
      <Handle id={ANCHOR_HANDLE} type="source" position={'top' as Position} className="shape-anchor" isConnectable={false} />
      {active &&
        FACES.map((face) => <Handle key={face} id={face} type="source" position={face as Position} className="shape-handle" />)}
    </>
  );
}

function BadgePill({ badge }: { badge: Badge }) {
  return <span className={`shape-badge ${badge.pos}`}>{badge.text}</span>;
}

/**
 * Zoomed far out: the shape's box in its fill and stroke, with the anchor its edges need and the
 * same test ids; no label, badges, handles or resizer.
 */
function ShapeNodeLowDetail({ id, data, selected }: NodeProps<ShapeFlowNode>) {
  const record = useDrawio((s) => s.shapes.get(id)) ?? data.record;
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  const actions = useActions();
  const vocabulary = useMemo(() => ({ customTypes, customThemes }), [customTypes, customThemes]);
  const { type, colors } = useCanvasColors(record, vocabulary);
  const round = type === 'circle';
  return (
    <div
      className={`shape-node low-detail${selected ? ' selected' : ''}`}
      data-testid={`shape-${record.alias}`}
      data-shape-id={id}
      data-shape-type={record.type}
      style={{
        background: paint(colors.fill),
        borderColor: paint(colors.stroke),
        borderRadius: round ? '50%' : undefined,
        opacity: record.style.opacity !== undefined ? record.style.opacity / 100 : undefined,
      }}
      onDoubleClick={(event) => {
        event.stopPropagation();
        actions.startRename('shape', id);
      }}
    >
      <Handle id={ANCHOR_HANDLE} type="source" position={'top' as Position} className="shape-anchor" isConnectable={false} />
    </div>
  );
}

function ShapeNodeView(props: NodeProps<ShapeFlowNode>) {
  return useLowDetail() ? <ShapeNodeLowDetail {...props} /> : <ShapeNodeFull {...props} />;
}

function ShapeNodeFull({ id, data, selected, width, height }: NodeProps<ShapeFlowNode>) {
  const record = useDrawio((s) => s.shapes.get(id)) ?? data.record;
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  const renaming = useEditor((s) => s.renaming?.kind === 'shape' && s.renaming.id === id);
  // Resize grips on one shape at a time; a whole selection with grips is only noise.
  const alone = useEditor((s) => s.selection.shapeIds.length === 1);
  const recent = useRecentChange(id);
  const read = useReadMark(useDrawio((s) => s.documentId), id);
  const actions = useActions();
  const gestures = useGestureActions();
  const [hovered, setHovered] = useState(false);

  const vocabulary = useMemo(() => ({ customTypes, customThemes }), [customTypes, customThemes]);
  const { type, colors: ownColors, fileStyle, placement, behind } = useCanvasColors(record, vocabulary);
  const { colors, text, html } = useReferences(record, ownColors);
  const style = record.style;
  // While a resize is being dragged xyflow's size leads; otherwise the record's.
  const w = width ?? record.w;
  const h = height ?? record.h;
  const outline = useMemo(() => shapeOutline(type, w, h, { rounded: style.rounded }), [type, w, h, style.rounded]);
  const stencil = useStencil(fileStyle, record.look);
  // A shape diagrams.net draws in code (a swimlane, a UML frame, a wall, a plain box...) is drawn so here too.
  const figureStyle = useMemo(() => shapeFigureStyle(record, fileStyle), [record, fileStyle]);
  const codeShape = figureStyle && codeShapeName(figureStyle);
  const diagramPath = useDrawio((s) => s.path);
  const styleText = record.look === 'image' ? shapeStyleText(record) : undefined;
  const image = useMemo(() => (styleText === undefined ? undefined : imageSourceOf(styleText, diagramPath)), [styleText, diagramPath]);
  // diagrams.net's label shape draws its picture beside the text.
  const labelImage = useMemo(() => {
    const box = labelImageBox(fileStyle, w, h);
    const source = box && imageSourceOf(shapeStyleText(record) ?? '', diagramPath);
    return box && source && { box, source };
  }, [fileStyle, w, h, record, diagramPath]);
  // A shape from a file (or a palette) lays its label out as diagrams.net does; one made here keeps the studio's insets.
  const look = fileStyle.size ? labelLook(codeShapeLabelStyle(fileStyle, w, h)) : undefined;

  const shadow = useShadowCss(fileStyle, style.shadow);
  const thin = w < GRAB_SIZE || h < GRAB_SIZE;
  // An outline with nothing inside (fill none) is picked by its line, as the cells under it show through.
  const hollow = !image && stencil.status !== 'ready' && colors.fill === 'none' && colors.stroke !== 'none' && !thin;

  const ink = labelInk(fileStyle, placement, colors, behind);
  const labelStyle: CSSProperties = {
    ...LABEL_BOX_CSS,
    color: ink.color,
    fontSize: style.fontSize ?? DEFAULT_FONT_SIZE,
    fontWeight: labelBold(style.bold, fileStyle) ? 700 : undefined,
    fontStyle: style.italic ? 'italic' : undefined,
    textDecoration: style.underline ? 'underline' : undefined,
    // diagrams.net's font (as Arimo) for the studio's own shapes too, not the page's wider default.
    fontFamily: look?.fontFamily ?? DEFAULT_FONT_FAMILY,
    ...placedLabelCss(placement, look, w, h, labelInsets(type), figureStyle && codeShape ? codeShapeLabelBox(figureStyle, w, h) : undefined, record),
    ...labelShadowCss(fileStyle),
  };

  return (
    <div
      className={`shape-node${selected ? ' selected' : ''}${hollow ? ' hollow' : ''}`}
      data-testid={`shape-${record.alias}`}
      data-shape-id={id}
      data-shape-type={record.type}
      data-theme={record.theme}
      data-shape-look={record.look}
      title={tooltipOf(record)}
      style={{ opacity: style.opacity !== undefined ? style.opacity / 100 : undefined }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onDoubleClick={(event) => {
        event.stopPropagation();
        actions.startRename('shape', id);
      }}
    >
      {selected && alone && (
        <NodeResizer
          minWidth={MIN_SIZE}
          minHeight={MIN_SIZE}
          // A cell whose style says aspect=fixed keeps its ratio when resized, as in diagrams.net.
          keepAspectRatio={fileStyle.get('aspect') === 'fixed'}
          color="var(--accent)"
          onResizeEnd={(_event, result) => void gestures.resizeEnded({ id, type: 'shape', position: { x: 0, y: 0 }, data }, result)}
        />
      )}
      <svg className="shape-svg" width={w} height={h} aria-hidden="true" style={shadow}>
        {image ? null : figureStyle && codeShape ? (
          <CodeShapeBody
            name={codeShape}
            style={figureStyle}
            w={w}
            h={h}
            fill={colors.fill}
            stroke={colors.stroke}
            cellId={fileCellId(record)}
            label={html ?? text}
          />
        ) : stencil.status === 'ready' ? (
          <StencilBody stencil={stencil.stencil} style={fileStyle} w={w} h={h} fill={colors.fill} stroke={colors.stroke} />
        ) : stencil.status === 'loading' ? null : (
          <>
            <path
              d={outline.body}
              fill={colors.fill}
              stroke={colors.stroke}
              strokeWidth={STROKE_WIDTH}
              strokeDasharray={style.dashed ? '6 4' : undefined}
            />
            {outline.details && (
              <path d={outline.details} fill="none" stroke={colors.stroke} strokeWidth={STROKE_WIDTH} strokeDasharray={style.dashed ? '6 4' : undefined} />
            )}
          </>
        )}
      </svg>
      {image && <ImageBody source={image} style={fileStyle} w={w} h={h} shadow={shadow} />}
      {labelImage && (
        <div className="label-shape-image" style={{ left: labelImage.box.x, top: labelImage.box.y, width: labelImage.box.w, height: labelImage.box.h }}>
          <ImageBody source={labelImage.source} style={STRETCHED_IMAGE} w={labelImage.box.w} h={labelImage.box.h} />
        </div>
      )}
      {thin && <div className="shape-grab" data-testid={`grab-${record.alias}`} style={grabArea(w, h)} />}
      {renaming ? (
        <RenameInput
          initial={record.text}
          className={placement === 'inside' ? '' : placement}
          onCommit={(text) => void actions.finishRename(text)}
          onCancel={actions.cancelRename}
        />
      ) : (
        <div className={`shape-label ${placement}`} style={labelStyle}>
          {/* A shape of no area is grabbed by its text too, as in diagrams.net. */}
          <span style={{ ...(look && labelTextCss(look)), ...(thin && { pointerEvents: 'auto' }) }}>
            <LabelText text={text} html={html} onTheme={ink.onTheme} />
          </span>
        </div>
      )}
      {record.look !== undefined && !image && !codeShape && (stencil.status === 'none' || stencil.status === 'missing') && (
        <span className="shape-look" title={`${record.look}: drawn simplified here, kept as it is in the file`}>
          {lookCaption(record.look)}
        </span>
      )}
      {record.badges.map((badge) => (
        <BadgePill key={`${badge.pos}:${badge.text}`} badge={badge} />
      ))}
      {/* On a shape too thin to grab, the four handles would lie over its grab area: it is connected by the AI or a dropped edge end. */}
      <ConnectionHandles id={id} active={(hovered || selected) && !thin} />
      {recent && <Highlight origin={recent.origin} round={type === 'circle'} />}
      {read && !recent && <ReadMarkOutline mark={read} round={type === 'circle'} />}
    </div>
  );
}

/**
 * What a shape draws from around it (cell-references: an `inherit` or `swimlane` colour, a label's
 * placeholders), selected as text so the shape renders again only when that changes.
 */
function useReferences(record: ShapeRecord, colors: ShapeColors): { colors: ShapeColors; text: string; html?: string } {
  const takes = takesReferences(record, colors);
  const drawn = useDrawio((s) => (takes ? JSON.stringify(drawnReferences(record, colors, s.groups, s)) : ''));
  return useMemo(() => (drawn ? JSON.parse(drawn) : { colors, text: record.text, html: record.html }), [drawn, colors, record.text, record.html]);
}

/** A grab area of at least GRAB_SIZE each way, centred on a shape too thin to be grabbed. */
function grabArea(w: number, h: number): CSSProperties {
  const [gw, gh] = [Math.max(w, GRAB_SIZE), Math.max(h, GRAB_SIZE)];
  return { position: 'absolute', left: (w - gw) / 2, top: (h - gh) / 2, width: gw, height: gh };
}

export const ShapeNode = memo(ShapeNodeView);
