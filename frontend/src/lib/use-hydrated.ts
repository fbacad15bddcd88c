/**
 * Whether React runs the page: false in the HTML the build prerendered (src/prerender) and while
 * the browser hydrates it, true from then on (and at once in a page React rendered itself).
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
