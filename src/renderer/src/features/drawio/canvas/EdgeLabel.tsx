/**
 * One label of an edge, drawn as diagrams.net draws an html label: an HTML box centred on its
 * spot (a 1 px foreignObject whose content overflows it on every side), in the label's font, with
 * its background tight around the text, on one line per line break unless its geometry gives a
 * wrap width. The text is drawn by LabelText, the same runs (bold, italic, underline, colour) as
 * shape labels; no markup from a file reaches the page as markup.
 */
import { memo, type CSSProperties } from 'react';
import type { EdgeLabelSpot } from '../../../../../shared/drawio/render/edge-label';
import { LABEL_LINE_HEIGHT } from '../../../../../shared/drawio/render/label-look';
import { LabelText } from './LabelText';

const DEFAULT_COLOR = '#1f2933';

function labelCss(spot: EdgeLabelSpot): CSSProperties {
  return {
    fontSize: spot.fontSize,
    fontFamily: spot.fontFamily,
    color: spot.color ?? DEFAULT_COLOR,
    background: spot.background,
    lineHeight: LABEL_LINE_HEIGHT,
    fontWeight: spot.bold ? 700 : undefined,
    fontStyle: spot.italic ? 'italic' : undefined,
    textDecoration: spot.underline ? 'underline' : undefined,
    ...(spot.wrapWidth !== undefined ? { width: spot.wrapWidth, whiteSpace: 'normal', overflowWrap: 'break-word' } : { whiteSpace: 'nowrap' }),
  };
}

function EdgeLabelView({ spot }: { spot: EdgeLabelSpot }) {
  return (
    <foreignObject className="edge-label-box" x={spot.at.x} y={spot.at.y} width={1} height={1}>
      <div className="edge-label-anchor">
        <div className="edge-label" data-testid="edge-label" style={labelCss(spot)}>
          <LabelText text={spot.text} html={spot.html} />
        </div>
      </div>
    </foreignObject>
  );
}

export const EdgeLabel = memo(EdgeLabelView);
