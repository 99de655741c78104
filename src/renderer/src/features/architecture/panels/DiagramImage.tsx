/**
 * A rendered D2 diagram, fitted to its frame, with zoom and pan as on the diagram canvas: the
 * wheel (or a pinch) zooms about the pointer, a drag pans, the buttons zoom and fit, and so do the
 * keys when the frame has the focus (+ and - zoom, 0 fits, the arrows pan). The view fits again
 * when the diagram or the frame's size changes, until the person zooms or pans it themself.
 *
 * The SVG is markup D2 made from text an AI wrote, so it is shown as an <img> from a data: URL: an
 * image document runs no script and loads nothing, whatever it holds (and the page's CSP allows
 * data: images only, not blob: ones).
 */
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type PanZoom, fitView, panBy, svgSize, wheelFactor, zoomAt } from '../../../common/pan-zoom';
import { ToolButton, icon } from '../../../common/ToolButton';
import { svgImageSource } from '../model';

const KEY_PAN_PX = 40;
const BUTTON_ZOOM = 1.25;

export function DiagramImage(props: { svg: string; label: string; testId: string; stale?: boolean }) {
  const src = useMemo(() => svgImageSource(props.svg), [props.svg]);
  const picture = useMemo(() => svgSize(props.svg) ?? { width: 800, height: 600 }, [props.svg]);
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<PanZoom>({ scale: 1, x: 0, y: 0 });
  const touched = useRef(false);
  const drag = useRef<{ x: number; y: number } | undefined>(undefined);

  const fit = useCallback(() => {
    const box = frame.current?.getBoundingClientRect();
    if (box) setView(fitView(picture, { width: box.width, height: box.height }));
    touched.current = false;
  }, [picture]);
  const change = (next: (view: PanZoom) => PanZoom) => {
    touched.current = true;
    setView(next);
  };
  const zoomCentre = (factor: number) => {
    const box = frame.current!.getBoundingClientRect();
    change((v) => zoomAt(v, factor, { x: box.width / 2, y: box.height / 2 }));
  };

  // A new diagram, or a frame of another size, fits again unless the person has moved the view.
  useLayoutEffect(fit, [fit]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (!touched.current) fit();
    });
    observer.observe(element);
    // The wheel must not scroll the page: React's wheel listener is passive, so this one is added by hand.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      change((v) => zoomAt(v, wheelFactor(event.deltaY, event.deltaMode), { x: event.clientX - box.left, y: event.clientY - box.top }));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, [fit]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pan = { ArrowLeft: [KEY_PAN_PX, 0], ArrowRight: [-KEY_PAN_PX, 0], ArrowUp: [0, KEY_PAN_PX], ArrowDown: [0, -KEY_PAN_PX] }[event.key];
    if (pan) change((v) => panBy(v, pan[0], pan[1]));
    else if (event.key === '+' || event.key === '=') zoomCentre(BUTTON_ZOOM);
    else if (event.key === '-') zoomCentre(1 / BUTTON_ZOOM);
    else if (event.key === '0') fit();
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: event.clientX, y: event.clientY };
    change((v) => panBy(v, event.clientX - from.x, event.clientY - from.y));
  };
  const endDrag = () => (drag.current = undefined);

  return (
    <div className={`arch-diagram${props.stale ? ' stale' : ''}`} data-testid={props.testId} data-scale={view.scale.toFixed(3)}>
      <div
        ref={frame}
        className="pan-zoom-frame"
        tabIndex={0}
        role="img"
        aria-label={`${props.label}: the wheel zooms, a drag pans; keys + and - zoom, 0 fits, the arrows pan`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          src={src}
          alt={props.label}
          draggable={false}
          style={{ width: picture.width, height: picture.height, transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
      <div className="pan-zoom-controls">
        <ToolButton id={`${props.testId}-zoom-in`} label="Zoom in" title="Zoom in (+)" iconOnly onClick={() => zoomCentre(BUTTON_ZOOM)}>
          {icon('zoomIn')}
        </ToolButton>
        <ToolButton id={`${props.testId}-zoom-out`} label="Zoom out" title="Zoom out (-)" iconOnly onClick={() => zoomCentre(1 / BUTTON_ZOOM)}>
          {icon('zoomOut')}
        </ToolButton>
        <ToolButton id={`${props.testId}-fit`} label="Fit to the frame" title="Show the whole diagram (0)" iconOnly onClick={fit}>
          {icon('select')}
        </ToolButton>
      </div>
    </div>
  );
}
