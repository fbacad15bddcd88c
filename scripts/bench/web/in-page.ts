/**
 * What runs inside the measured page. The code is held as strings: this folder is type-checked
 * with Node's libraries only (no DOM), and functions handed to Playwright would be serialised
 * after tsx's transform, which can add helpers the page does not have.
 */

export interface PaintCandidate {
  /** ms since the navigation started */
  time: number;
  size: number;
  /** tag, id or first class, and the start of its text (or the image's address) */
  element: string;
}

export interface LayoutShift {
  time: number;
  value: number;
  hadRecentInput: boolean;
  /** the elements that moved (up to the five the browser names), described as for paints */
  sources: string[];
}

export interface LongTask {
  start: number;
  duration: number;
}

/** Everything the observers saw, as the page keeps it in `window.__webBench`. */
export interface PageRecord {
  firstContentfulPaint: number | null;
  paints: PaintCandidate[];
  shifts: LayoutShift[];
  longTasks: LongTask[];
}

/** Page-time facts read once the load is over. */
export interface PageSnapshot extends PageRecord {
  /** When each response (document included) was complete, ms since navigation start. */
  responses: { url: string; responseEnd: number }[];
  path: string;
  /** ms since navigation start when the snapshot was taken */
  now: number;
}

/**
 * Added to every new document before its own scripts (Playwright's init script), so no entry is
 * missed: long tasks, unlike paints, are not kept for an observer that starts late. Only the top
 * frame records.
 */
export const OBSERVERS = `(() => {
  if (window !== window.top) return;
  const record = { firstContentfulPaint: null, paints: [], shifts: [], longTasks: [] };
  window.__webBench = record;
  const describe = (node, url) => {
    const element = node && node.nodeType !== 1 ? node.parentElement : node;
    if (!element) return url ? 'image ' + url : '(element removed)';
    const name = element.tagName.toLowerCase() +
      (element.id ? '#' + element.id : element.classList.length ? '.' + element.classList[0] : '');
    const text = (element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return text ? name + ' "' + text + '"' : url ? name + ' ' + url : name;
  };
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry))
        .observe({ type, buffered: true });
    } catch (error) {
      // An entry type this Chromium does not know leaves its list empty.
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') record.firstContentfulPaint = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    record.paints.push({
      time: entry.startTime,
      size: entry.size,
      element: describe(entry.element, entry.url),
    });
  });
  observe('layout-shift', (entry) => {
    record.shifts.push({
      time: entry.startTime,
      value: entry.value,
      hadRecentInput: entry.hadRecentInput,
      sources: (entry.sources || []).map((source) => describe(source.node, '')),
    });
  });
  observe('longtask', (entry) => {
    record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
})()`;

/** Evaluated once the load is over: the record plus resource timing. */
export const SNAPSHOT = `(() => {
  const record = window.__webBench ||
    { firstContentfulPaint: null, paints: [], shifts: [], longTasks: [] };
  const entries = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ];
  return {
    ...record,
    responses: entries.map((entry) => ({ url: entry.name, responseEnd: entry.responseEnd })),
    path: location.pathname,
    now: performance.now(),
  };
})()`;

/** ms since navigation start at which the last long task ended (0 if none yet). */
export const LAST_LONG_TASK_END = `(() => {
  const tasks = (window.__webBench || { longTasks: [] }).longTasks;
  const last = tasks[tasks.length - 1];
  return { lastEnd: last ? last.start + last.duration : 0, now: performance.now() };
})()`;
