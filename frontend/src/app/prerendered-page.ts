/**
 * The build writes two kinds of page as HTML (src/prerender):
 * - the public pages, for a first-time visitor: no session, the default public configuration. The
 *   colour scheme is no exception: the markup is the same in both, CSS variables under
 *   <html data-color-scheme> colour it (lib/theme.ts). The browser's app takes that HTML over as it
 *   is (hydrates it) when it would render the same; otherwise it renders afresh over it.
 * - the dashboard's signed-in shell: the navigation bar of a signed-in student and the page's
 *   heading. index.html's second inline script writes the stored name into its slot before the
 *   first paint and keeps the navigation items of the stored account (lib/nav-account.ts: a
 *   premium student's crown, not "Upgrade to Premium"), or empties the shell when no one is
 *   signed in on this browser. The app renders afresh over it once the session is loaded, so the
 *   shell never gives way to a spinner.
 */
import type { RootState } from './store';

/** The attribute on #root of a public page the build prerendered. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The attribute on #root of the signed-in shell (index.html's inline script reads it too). */
export const SIGNED_IN_SHELL_ATTRIBUTE = 'data-signed-in-shell';

/** The attribute of the element that holds the student's name in the shell. */
export const STUDENT_NAME_SLOT = 'data-student-name';

/** The name the dashboard greets a student who gave none with (the inline script's too). */
export const STUDENT_FALLBACK_NAME = 'Student';

export const canHydrate = (container: HTMLElement, state: RootState): boolean =>
  container.hasAttribute(PRERENDERED_ATTRIBUTE) && state.session.token === null;

/** The signed-in shell is on screen: the app waits for the session before it replaces it. */
export const holdsSignedInShell = (container: HTMLElement): boolean =>
  container.hasAttribute(SIGNED_IN_SHELL_ATTRIBUTE);
