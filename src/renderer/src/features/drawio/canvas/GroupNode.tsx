/**
 * A group's frame: drawn behind its members, with the group's label in its header. A container
 * diagrams.net draws in code (a swimlane, a table, a UML state or lifeline, an AWS 4 group...)
 * is drawn as it draws it, with its label where it puts it (see CodeShapeBody).
 */
import { Handle, type NodeProps, type Position } from '@xyflow/react';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { fileCellId, fileStyleText, type GroupRecord } from '../../../../../shared/drawio/model';
import { themeColors } from '../../../../../shared/drawio/render/cell-paint';
import { canvasLabelColor, liesOnTheme, surfaceOfFill } from '../../../../../shared/drawio/render/default-ink';
import { canvasFrameColors, useSurfaceBehind } from './surface';
import { useDrawio } from '../editor/drawio-context';
import { ANCHOR_HANDLE, type GroupFlowNode } from './flow-mapping';
import type { Rect } from '../../../../../shared/drawio/geometry';
import { groupFrameCssVariables, groupFrameLook } from '../../../../../shared/drawio/render/group-frame';
import { groupTitleLayout, titleBox } from '../../../../../shared/drawio/render/group-title';
import { Highlight } from './Highlight';
import { LabelText } from './LabelText';
import { useRecentChange } from './recent-change';
import { tooltipOf } from './rich-label';
import { styleEntries } from '../../../../../shared/drawio/stencils';
import { codeShapeLabelBox, codeShapeName, containerStyle, isInvisibleGroup, type TableGrid } from '../../../../../shared/drawio/render/code-shapes';
import { tableGrid } from '../../../../../shared/drawio/render/table-grid';
import { LABEL_BOX_CSS, NO_INSETS, labelFontCss, labelLook, labelTextCss, placedLabelCss, styleLabelFont } from '../../../../../shared/drawio/render/label-look';
import { stylePlacement } from '../../../../../shared/drawio/render/shape-geometry';
import { CodeShapeBody } from './CodeShapeBody';
import { StencilBody, useStencil } from './StencilBody';
import { labelShadowCss, useShadowCss } from './shadow-css';

/** Where the title sits: where the group's style puts it, as diagrams.net reads it (see group-title). */
function useStyledTitle(record: GroupRecord, frame: Rect, padding: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [titleWidth, setTitleWidth] = useState(0);
  // The title's own width (it is as wide as its text), measured once per text without its limit.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const limit = element.style.maxWidth;
    element.style.maxWidth = 'none';
    setTitleWidth(element.offsetWidth);
    element.style.maxWidth = limit;
  }, [record.text]);
  // As text, so the frame renders again only when the title's place changes, not with every edit.
  const placement = useDrawio((s) => {
    const { left, maxWidth } = titleBox(groupTitleLayout(record, frame, s.shapes, s.edges.values()), frame.w, titleWidth, padding);
    return `${left} ${maxWidth}`;
  });
  const [left, maxWidth] = placement.split(' ').map(Number);
  return { ref, left, maxWidth };
}

function GroupNodeView(props: NodeProps<GroupFlowNode>) {
  const record = useDrawio((s) => s.groups.get(props.id)) ?? props.data.record;
  const styleText = fileStyleText(record.file);
  const fileStyle = useMemo(() => styleEntries(styleText ?? ''), [styleText]);
  // A container from a file is drawn as diagrams.net draws it: its code shape, its plain box, or its stencil.
  const style = useMemo(() => containerStyle(fileStyle), [fileStyle]);
  const codeShape = style && codeShapeName(style);
  if (style && codeShape) return <CodeShapeFrame {...props} record={record} style={style} codeShape={codeShape} />;
  if (fileStyle.get('shape') && fileStyle.get('tandemGroup') !== '1') return <StencilFrame {...props} record={record} style={fileStyle} />;
  return <PlainFrame {...props} record={record} invisible={isInvisibleGroup(fileStyle)} />;
}

interface FrameProps extends NodeProps<GroupFlowNode> {
  record: GroupRecord;
}

/** A group's theme colours, when it has a theme. */
function useThemeColors(record: GroupRecord) {
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  return useMemo(() => (record.theme ? themeColors(record.theme, { customTypes, customThemes }) : undefined), [record.theme, customTypes, customThemes]);
}

/** The fill and stroke a container is drawn in (see frameColors), default ink and paper in the theme's. */
function useFrameColors(record: GroupRecord, style: ReadonlyMap<string, string>) {
  return canvasFrameColors(useThemeColors(record), style);
}

/** A container drawn as diagrams.net draws it: its figure, and its label where the style (and the shape) puts it. */
function DrawnFrame({ id, data, selected, record, style, children }: FrameProps & { style: ReadonlyMap<string, string>; children: ReactNode }) {
  const recent = useRecentChange(id);
  const { w, h } = data.bounds;
  const look = useMemo(() => labelLook(style), [style]);
  // Inside (where the shape puts it), or beside the frame where the style says, as a shape's label.
  const placement = stylePlacement(style) ?? 'inside';
  const placed = placedLabelCss(placement, look, w, h, NO_INSETS, codeShapeLabelBox(style, w, h), data.bounds);
  // Default ink in the ink of what the label lies on, as a shape's label is.
  const { fill } = useFrameColors(record, style);
  const font = styleLabelFont(style);
  const behind = useSurfaceBehind(record.parentId);
  const surface = placement === 'inside' ? (surfaceOfFill(fill) ?? behind) : behind;
  const color = canvasLabelColor(style, surface, font.color);
  const shadow = useShadowCss(style);
  return (
    <div className={`group-frame code-drawn${selected ? ' selected' : ''}`} data-testid={`group-${record.name}`} data-group-id={id} title={tooltipOf(record)}>
      <svg className="shape-svg" width={w} height={h} aria-hidden="true" style={shadow}>
        {children}
      </svg>
      <div className={`shape-label group-code-label${placement === 'inside' ? '' : ` ${placement}`}`} style={{ ...LABEL_BOX_CSS, ...placed, ...labelFontCss({ ...font, color }), ...labelShadowCss(style) }}>
        {/* As a shape's label: with overflow=fill as wide as the box, so its rules and paragraphs span it. */}
        <span style={labelTextCss(look)}>
          <LabelText text={record.text} html={record.html} onTheme={liesOnTheme(style, surface)} />
        </span>
      </div>
      {recent && <Highlight origin={recent.origin} />}
      <Handle id={ANCHOR_HANDLE} type="source" position={'top' as Position} className="shape-anchor" isConnectable={false} />
    </div>
  );
}

function CodeShapeFrame(props: FrameProps & { style: ReadonlyMap<string, string>; codeShape: string }) {
  const { data, record, style, codeShape } = props;
  const colors = useFrameColors(record, style);
  // A table's inner lines follow its rows and cells; as text, so the frame renders again only when they move.
  const gridText = useDrawio((s) => (codeShape === 'table' ? JSON.stringify(tableGrid(record, s.groups, s.shapes) ?? null) : 'null'));
  const table = useMemo(() => (JSON.parse(gridText) as TableGrid | null) ?? undefined, [gridText]);
  return (
    <DrawnFrame {...props}>
      <CodeShapeBody
        name={codeShape}
        style={style}
        w={data.bounds.w}
        h={data.bounds.h}
        fill={colors.fill}
        stroke={colors.stroke}
        table={table}
        cellId={fileCellId(record)}
      />
    </DrawnFrame>
  );
}

/** A container whose style names a stencil: drawn from it once loaded; the studio's frame while it loads or when no library has it. */
function StencilFrame(props: FrameProps & { style: ReadonlyMap<string, string> }) {
  const { data, record, style } = props;
  const colors = useFrameColors(record, style);
  const stencil = useStencil(style, style.get('shape'));
  if (stencil.status !== 'ready') return <PlainFrame {...props} />;
  return (
    <DrawnFrame {...props}>
      <StencilBody stencil={stencil.stencil} style={style} w={data.bounds.w} h={data.bounds.h} fill={colors.fill} stroke={colors.stroke} />
    </DrawnFrame>
  );
}

/** The studio's frame; `invisible` (a file's `group`, which diagrams.net does not draw) shows only its title, if it has one. */
function PlainFrame({ id, data, selected, record, invisible = false }: FrameProps & { invisible?: boolean }) {
  const recent = useRecentChange(id);
  const colors = useThemeColors(record);
  const lane = record.swimlane;
  const look = groupFrameLook(colors, !!lane);
  const title = useStyledTitle(record, data.bounds, look.title.padding.x);
  const band: CSSProperties | undefined = lane ? (lane.vertical ? { width: lane.header } : { height: lane.header }) : undefined;
  const classes = ['group-frame', selected && 'selected', lane && 'swimlane', lane?.vertical && 'vertical', invisible && 'invisible'].filter(Boolean).join(' ');
  return (
    <div className={classes} data-testid={`group-${record.name}`} data-group-id={id} title={tooltipOf(record)} style={groupFrameCssVariables(look)}>
      <div
        ref={title.ref}
        className="group-title"
        // A swimlane's title fills its band; a plain frame's title sits where its style says.
        style={lane ? band : { marginLeft: title.left, maxWidth: title.maxWidth }}
      >
        <span>
          <LabelText text={record.text} html={record.html} />
        </span>
      </div>
      {recent && <Highlight origin={recent.origin} />}
      {/* An edge of a file can end at a container: xyflow draws it to this handle (DrawioEdge finds the real end). */}
      <Handle id={ANCHOR_HANDLE} type="source" position={'top' as Position} className="shape-anchor" isConnectable={false} />
    </div>
  );
}

export const GroupNode = memo(GroupNodeView);
