/**
 * One label of an edge, drawn as diagrams.net draws an html label (edge-label-look.ts, which the
 * export writes its labels with too): an HTML box centred on its spot in a 1 px foreignObject. The
 * text is drawn by LabelText, the same runs (bold, italic, underline, colour) as shape labels; no
 * markup from a file reaches the page as markup.
 */
import { memo } from 'react';
import type { EdgeLabelSpot } from '../../../../../shared/drawio/render/edge-label';
import { edgeLabelAnchorCss, edgeLabelCss } from '../../../../../shared/drawio/render/edge-label-look';
import { LabelText } from './LabelText';
import { filterOf } from './shadow-css';
import { CANVAS_INK, readableOnCanvas } from '../../../../../shared/drawio/render/default-ink';

/**
 * On the canvas a label in diagrams.net's default ink with no box behind it lies on the canvas and
 * takes the theme's ink (a dark colour the file names, lightened in the dark theme); one in its box
 * (white unless the file names another) keeps the file's ink on it, in dark theme too, as the export
 * draws it.
 */
function canvasSpot(spot: EdgeLabelSpot): EdgeLabelSpot {
  if (spot.background !== undefined) return spot;
  return { ...spot, color: spot.defaultInk ? CANVAS_INK : spot.color && readableOnCanvas(spot.color) };
}

function EdgeLabelView({ spot: fileSpot }: { spot: EdgeLabelSpot }) {
  const spot = canvasSpot(fileSpot);
  return (
    <foreignObject className="edge-label-box" x={spot.at.x} y={spot.at.y} width={1} height={1}>
      <div style={edgeLabelAnchorCss(spot)}>
        <div className="edge-label" data-testid="edge-label" style={{ ...edgeLabelCss(spot), ...filterOf(spot.shadow) }}>
          <LabelText text={spot.text} html={spot.html} />
        </div>
      </div>
    </foreignObject>
  );
}

export const EdgeLabel = memo(EdgeLabelView);
