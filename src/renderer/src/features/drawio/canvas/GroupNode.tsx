/**
 * A group's frame: drawn behind its members, with the group's label in its header. A swimlane
 * from a file draws its title band (at the top, or at the left for a vertical lane).
 */
import type { NodeProps } from '@xyflow/react';
import { memo, useMemo, type CSSProperties } from 'react';
import { themeColors } from '../model/records';
import { useDrawio } from '../editor/drawio-context';
import type { GroupFlowNode } from './flow-mapping';
import { Highlight } from './Highlight';
import { LabelText } from './LabelText';
import { useRecentChange } from './recent-change';
import { tooltipOf } from './rich-label';

function GroupNodeView({ id, data, selected }: NodeProps<GroupFlowNode>) {
  const record = useDrawio((s) => s.groups.get(id)) ?? data.record;
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  const recent = useRecentChange(id);
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
      <div className="group-title" style={{ ...band, ...(colors?.fontColor ? { color: colors.fontColor } : {}) }}>
        <span>
          <LabelText text={record.text} html={record.html} />
        </span>
      </div>
      {recent && <Highlight origin={recent.origin} />}
    </div>
  );
}

export const GroupNode = memo(GroupNodeView);
