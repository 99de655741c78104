/**
 * A rendered D2 diagram. The SVG is markup D2 made from text an AI wrote, so it is shown as an
 * <img> from a data: URL: an image document runs no script and loads nothing, whatever it holds
 * (and the page's CSP allows data: images only, not blob: ones).
 */
import { useMemo } from 'react';
import { svgImageSource } from '../model';

export function DiagramImage(props: { svg: string; label: string; testId: string; stale?: boolean }) {
  const src = useMemo(() => svgImageSource(props.svg), [props.svg]);
  return (
    <div className={`arch-diagram${props.stale ? ' stale' : ''}`} data-testid={props.testId}>
      <img src={src} alt={props.label} draggable={false} />
    </div>
  );
}
