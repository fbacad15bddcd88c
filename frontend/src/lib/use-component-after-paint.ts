/**
 * A component whose module is loaded only once the page has painted (a chart: chart.js is the
 * largest chunk of the app), so it is never fetched on the way to the page's first content, even
 * when the browser presents that frame late.
 *
 * Components that wait together appear in turn, a task apart, each in a transition of its own: a
 * page's charts are then created one per task, not all in one long task (docs/adr/0040).
 */
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { afterFirstContentfulPaint } from './first-paint';

let lastTurn: Promise<unknown> = Promise.resolve();

/** Settles with what `loaded` gives, in a task after every earlier turn has settled. */
function inTurn<T>(loaded: Promise<T>): Promise<T> {
  const turn = Promise.all([loaded, lastTurn]).then(
    ([value]) => new Promise<T>((resolve) => setTimeout(() => resolve(value))),
  );
  lastTurn = turn.catch(() => undefined);
  return turn;
}

interface Loaded<P> {
  component?: ComponentType<P>;
  failure?: unknown;
}

/**
 * null until the page has painted, the module is loaded and this component's turn has come; then
 * the component. Nothing is loaded while `wanted` is false (a chart far below the screen).
 * `load` must be the same function on every render (a module's constant). A module that fails
 * to load is thrown to the nearest error boundary, as `React.lazy` does.
 */
export function useComponentAfterPaint<P>(
  load: () => Promise<ComponentType<P>>,
  wanted = true,
): ComponentType<P> | null {
  const [loaded, setLoaded] = useState<Loaded<P>>({});
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void afterFirstContentfulPaint()
      .then(() => inTurn(load()))
      .then(
        (component) => {
          if (!cancelled) startTransition(() => setLoaded({ component }));
        },
        (failure: unknown) => {
          if (!cancelled) setLoaded({ failure });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [load, wanted]);
  if (loaded.failure !== undefined) throw loaded.failure;
  return loaded.component ?? null;
}
