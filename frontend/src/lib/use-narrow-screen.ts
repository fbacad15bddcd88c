/**
 * Whether the screen is under the spec's 768 px breakpoint (NARROW_SCREEN_PX): short section
 * labels, compact charts. The one test of it every component asks.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_PX } from '@mcat/contracts';

export const useNarrowScreen = (): boolean =>
  useMediaQuery(`(max-width:${NARROW_SCREEN_PX - 0.02}px)`);
