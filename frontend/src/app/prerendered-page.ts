/**
 * The build writes the public pages as HTML (src/prerender) for a first-time visitor: no session,
 * the default public configuration. The colour scheme is no exception: the markup is the same in
 * both, CSS variables under <html data-color-scheme> colour it (lib/theme.ts). The browser's app
 * takes that HTML over as it is (hydrates it) when it would render the same; otherwise it renders
 * afresh over it.
 */
import type { RootState } from './store';

/** The attribute on #root of a page the build prerendered. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export const canHydrate = (container: HTMLElement, state: RootState): boolean =>
  container.hasAttribute(PRERENDERED_ATTRIBUTE) && state.session.token === null;
