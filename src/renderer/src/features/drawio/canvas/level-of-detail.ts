/**
 * Level of detail: zoomed out this far, labels cannot be read and handles cannot be aimed at, so
 * shapes draw as plain boxes and edges as bare lines. The selector is a boolean, so a node renders
 * again only when the zoom crosses the threshold, not on every frame of a zoom.
 */
import { useStore, type ReactFlowState } from '@xyflow/react';

export const LOW_DETAIL_BELOW = 0.35;

const lowDetailSelector = (state: ReactFlowState) => state.transform[2] < LOW_DETAIL_BELOW;

export function useLowDetail(): boolean {
  return useStore(lowDetailSelector);
}
