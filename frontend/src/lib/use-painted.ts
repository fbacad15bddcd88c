/**
 * Whether the component's first render has reached the screen and the browser has reported the
 * page's first contentful paint: what waits for it (the score charts' chunk) is never fetched on
 * the way to the page's first content, even when the browser presents that frame late.
 */
import { useEffect, useState } from 'react';
import { afterFirstContentfulPaint } from './first-paint';

export const usePainted = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void afterFirstContentfulPaint().then(() => {
      if (!cancelled) setPainted(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return painted;
};
