/** Sets the document title of a page: "{page} | {brand}". */
import { useEffect } from 'react';

export const usePageTitle = (title: string, brandName = 'MCAT Logbook'): void => {
  useEffect(() => {
    document.title = `${title} | ${brandName}`;
  }, [title, brandName]);
};
