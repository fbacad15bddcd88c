/** Sets the document title of a page: "{page} | {brand}". */
import { createContext, useContext, useEffect } from 'react';

/**
 * Where a page rendered outside a browser (the build's prerender, src/prerender) writes its
 * title, since effects never run there. In the browser nobody provides it.
 */
export const PageTitleRecorder = createContext<((title: string) => void) | null>(null);

export const usePageTitle = (title: string, brandName = 'MCAT Logbook'): void => {
  const text = `${title} | ${brandName}`;
  useContext(PageTitleRecorder)?.(text);
  useEffect(() => {
    document.title = text;
  }, [text]);
};
