/**
 * Whether React runs the page: false in the HTML the build prerendered (src/prerender) and while
 * the browser hydrates it, true from then on, and from the first render in a page React renders
 * from scratch (or in a component rendered outside the app's providers).
 *
 * The app's providers hold it (`HydrationProvider`). After the hydrating commit it turns true in a
 * transition, so the readers render again in tasks that yield to the browser, like the hydration
 * itself; a useSyncExternalStore whose server and client snapshots differ would render them all
 * again synchronously, in one blocking task right after hydration. A component first rendered
 * after that reads true at once.
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

const HydratedContext = createContext(true);

/**
 * `hydrating`: React takes over HTML the build prerendered, or the build prerenders it; the
 * readers say false until that render is committed.
 */
export function HydrationProvider({
  hydrating,
  children,
}: {
  hydrating: boolean;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

export const useHydrated = (): boolean => useContext(HydratedContext);
