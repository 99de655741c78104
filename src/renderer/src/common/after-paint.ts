/**
 * Work that can wait for the page's first paint: the Diagram view's canvas code (React Flow, d3,
 * the shapes' drawing) is a large chunk whose evaluation, landing between the view's render and
 * its frame, held that frame back. Asked for once the view has painted, it loads just after.
 */
import { useEffect, useState } from 'react';

/**
 * Resolves after the browser has painted its next frame: a task queued from an animation frame
 * callback runs once that frame is out (at once where nothing paints, as in a hidden tab's tests).
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    }),
  );
}

/** False on the component's first render, true once the frame that shows it has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => live && setPainted(true));
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
