/**
 * Whether the component's first render has reached the screen and the browser has reported the
 * page's first contentful paint: what waits for it (the score charts' chunk) is never fetched on
 * the way to the page's first content, even when the browser presents that frame late.
 */
import { useEffect, useState } from 'react';

let firstContentfulPaint: Promise<void> | undefined;

/** Settles once the page's first contentful paint is reported (at once where paints are not). */
const pageFirstContentfulPaint = (): Promise<void> =>
  (firstContentfulPaint ??= new Promise<void>((resolve) => {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  }));

export const usePainted = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void pageFirstContentfulPaint().then(() => {
      if (cancelled) return;
      // An animation frame runs just before the browser paints; a task queued from it runs after.
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true));
      });
    });
    return () => {
      cancelled = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
};
