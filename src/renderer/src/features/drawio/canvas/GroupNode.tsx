/** A group's frame: drawn behind its members, with the group's label in its header. */
import type { NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { themeColors } from '../model/records';
import { useDrawio } from '../editor/drawio-context';
import type { GroupFlowNode } from './flow-mapping';
import { Highlight } from './Highlight';
import { useRecentChange } from './recent-change';

function GroupNodeView({ id, data, selected }: NodeProps<GroupFlowNode>) {
  const record = useDrawio((s) => s.groups.get(id)) ?? data.record;
  const customTypes = useDrawio((s) => s.customTypes);
  const customThemes = useDrawio((s) => s.customThemes);
  const recent = useRecentChange(id);
  const colors = useMemo(
    () => (record.theme ? themeColors(record.theme, { customTypes, customThemes }) : undefined),
    [record.theme, customTypes, customThemes],
  );
  return (
    <div
      className={`group-frame${selected ? ' selected' : ''}${colors ? ' themed' : ''}`}
      data-testid={`group-${record.name}`}
      data-group-id={id}
      style={colors ? { borderColor: colors.stroke, background: `color-mix(in srgb, ${colors.fill} 45%, transparent)` } : undefined}
    >
      <div className="group-title" style={colors?.fontColor ? { color: colors.fontColor } : undefined}>
        {record.text}
      </div>
      {recent && <Highlight origin={recent.origin} />}
    </div>
  );
}

export const GroupNode = memo(GroupNodeView);
