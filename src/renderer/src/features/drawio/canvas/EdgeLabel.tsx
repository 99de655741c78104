/**
 * One label of an edge, drawn as diagrams.net draws an html label (edge-label-look.ts, which the
 * export writes its labels with too): an HTML box centred on its spot in a 1 px foreignObject. The
 * text is drawn by LabelText, the same runs (bold, italic, underline, colour) as shape labels; no
 * markup from a file reaches the page as markup.
 */
import { memo } from 'react';
import type { EdgeLabelSpot } from '../../../../../shared/drawio/render/edge-label';
import { EDGE_LABEL_COLOR, edgeLabelAnchor, edgeLabelAnchorCss, edgeLabelCss } from '../../../../../shared/drawio/render/edge-label-look';
import { LabelText } from './LabelText';
import { filterOf } from './shadow-css';
import { CANVAS_INK, CANVAS_PAPER, readableOnCanvas } from '../../../../../shared/drawio/render/default-ink';

/**
 * On the canvas a label lies on the theme's surface where it has no box, or its box is diagrams.net's
 * page colour (drawn in the theme's paper, as diagrams.net's dark mode draws it): there it takes the
 * theme's ink, and a dark colour the file names, in its style or its markup, is lightened in the dark
 * theme. A box whose colour the file names keeps it, and the file's ink on it, in dark theme too, as
 * the export draws it.
 */
function canvasSpot(spot: EdgeLabelSpot): { spot: EdgeLabelSpot; onTheme: boolean } {
  if (spot.background !== undefined && !spot.defaultPaper) return { spot, onTheme: false };
  const color = spot.defaultInk ? CANVAS_INK : readableOnCanvas(spot.color ?? EDGE_LABEL_COLOR);
  return { spot: { ...spot, color, ...(spot.background !== undefined && { background: CANVAS_PAPER }) }, onTheme: true };
}

function EdgeLabelView({ spot: fileSpot }: { spot: EdgeLabelSpot }) {
  const { spot, onTheme } = canvasSpot(fileSpot);
  const anchor = edgeLabelAnchor(spot);
  return (
    <foreignObject className="edge-label-box" x={anchor.x} y={anchor.y} width={1} height={1}>
      <div style={edgeLabelAnchorCss(spot)}>
        <div className="edge-label" data-testid="edge-label" style={{ ...edgeLabelCss(spot), ...filterOf(spot.shadow) }}>
          <LabelText text={spot.text} html={spot.html} onTheme={onTheme} />
        </div>
      </div>
    </foreignObject>
  );
}

export const EdgeLabel = memo(EdgeLabelView);
