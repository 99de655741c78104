/**
 * A group's frame: drawn behind its members, with the group's label in its header. A swimlane
 * from a file draws its title band (at the top, or at the left for a vertical lane).
 */
import { Handle, type NodeProps, type Position } from '@xyflow/react';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { themeColors } from '../model/records';
import { useDrawio } from '../editor/drawio-context';
import { ANCHOR_HANDLE, type GroupFlowNode } from './flow-mapping';
import type { Rect } from '../model/geometry';
import { titleCrossings, titlePlacement } from '../../../../../shared/drawio-render/group-title';
import { Highlight } from './Highlight';
import { LabelText } from './LabelText';
import { useRecentChange } from './recent-change';
import { tooltipOf } from './rich-label';

/** Where the title sits so that no edge into or out of the group crosses it (see group-title). */
function useClearTitle(id: string, frame: Rect, text: string) {
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
  }, [text]);
  // As text, so the frame renders again only when the title's place changes, not with every edit.
  const placement = useDrawio((s) => {
    const { left, maxWidth } = titlePlacement(frame.w, titleCrossings(id, frame, s.shapes, s.edges.values()), titleWidth);
    return `${left} ${maxWidth}`;
  });
  const [left, maxWidth] = placement.split(' ').map(Number);
  return { ref, left, maxWidth };
}

function GroupNodeView({ id, data, selected }: NodeProps<GroupFlowNode>) {
  const record = useDrawio((s) => s.groups.get(id)) ?? data.record;
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  const recent = useRecentChange(id);
  const title = useClearTitle(id, data.bounds, record.text);
  const colors = useMemo(
    () => (record.theme ? themeColors(record.theme, { customTypes, customThemes }) : undefined),
    [record.theme, customTypes, customThemes],
  );
  const lane = record.swimlane;
  const band: CSSProperties | undefined = lane
    ? {
        ...(lane.vertical ? { width: lane.header } : { height: lane.header }),
        background: colors?.fill,
        borderColor: colors?.stroke,
      }
    : undefined;
  const classes = ['group-frame', selected && 'selected', colors && 'themed', lane && 'swimlane', lane?.vertical && 'vertical'].filter(Boolean).join(' ');
  return (
    <div
      className={classes}
      data-testid={`group-${record.name}`}
      data-group-id={id}
      title={tooltipOf(record)}
      style={colors ? { borderColor: colors.stroke, background: lane ? undefined : `color-mix(in srgb, ${colors.fill} 45%, transparent)` } : undefined}
    >
      <div
        ref={title.ref}
        className="group-title"
        // A swimlane's title fills its band; a plain frame's title keeps clear of edges.
        style={{ ...(lane ? band : { marginLeft: title.left, maxWidth: title.maxWidth }), ...(colors?.fontColor ? { color: colors.fontColor } : {}) }}
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
