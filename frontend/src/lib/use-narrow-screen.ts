/**
 * The screen widths the web app's components tell apart, all here.
 *
 * The narrow screen is the spec's 768 px breakpoint (NARROW_SCREEN_PX): short section labels,
 * compact charts, tables as cards. React asks `useNarrowScreen`; a size that must be right before
 * React runs (a box in a prerendered page) uses `NARROW_SCREEN_MEDIA` in `sx`, the same query.
 *
 * The wide layout is a second breakpoint, on purpose: the theme's `md` (900 px). Under it the nav
 * bar's links fold into its menu and the review's section stepper hides, as neither fits a tablet
 * held upright (768 px). In CSS (`WIDE_LAYOUT_ONLY`, `COMPACT_LAYOUT_ONLY`), so a prerendered page
 * shows the right one from its first paint. Padding and direction steps in `sx` (`{ xs, sm }`)
 * follow the theme's spacing scale and hide nothing.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_PX } from '@mcat/contracts';

/** Under NARROW_SCREEN_PX, fractional widths of a zoomed page included. */
export const NARROW_SCREEN_QUERY = `(max-width:${NARROW_SCREEN_PX - 0.02}px)`;

/** The narrow screen as an `sx` key: `{ height: 360, [NARROW_SCREEN_MEDIA]: { height: 280 } }`. */
export const NARROW_SCREEN_MEDIA = `@media ${NARROW_SCREEN_QUERY}`;

/** Whether the screen is narrow: the one test of it every component asks. */
export const useNarrowScreen = (): boolean => useMediaQuery(NARROW_SCREEN_QUERY);

/** Shown (as flex) from the wide layout's breakpoint up. */
export const WIDE_LAYOUT_ONLY = { display: { xs: 'none', md: 'flex' } } as const;

/** Shown only under the wide layout's breakpoint. */
export const COMPACT_LAYOUT_ONLY = { display: { md: 'none' } } as const;
