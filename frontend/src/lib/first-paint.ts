/**
 * The page's first contentful paint, as a promise: what waits for it (the React app's code, the
 * score charts' chunk) is never fetched or run on the way to the page's first content.
 */

let firstContentfulPaint: Promise<void> | undefined;

/** Settles once the browser reports the first contentful paint (at once where it cannot). */
const reportedFirstContentfulPaint = (): Promise<void> =>
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

/** A task queued from an animation frame: it runs once that frame is painted. */
export const afterNextFrame = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Settles once the page's first content is on screen: after the frame that follows the reported
 * first contentful paint, so a browser that reports the paint before presenting it has shown it.
 */
export const afterFirstContentfulPaint = (): Promise<void> =>
  reportedFirstContentfulPaint().then(afterNextFrame);
