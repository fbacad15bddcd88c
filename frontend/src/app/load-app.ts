/**
 * Loads the React app after the page's first content is on screen, and evaluates it a library at
 * a time, one task each, instead of in one long task that holds the main thread while the student
 * already sees the page (docs/adr/0040-app-evaluated-in-stages.md).
 *
 * The build cuts a chunk for each stage below, in this order (vite-plugins/app-chunk.ts, which
 * reads them from this module), and lists them all in the page's `app-modules` meta: they are
 * fetched together, then run one after the other.
 */
import { afterFirstContentfulPaint, afterNextFrame } from '../lib/first-paint';

/** The meta tag in which the build lists the app's chunks (vite-plugins/app-chunk.ts). */
const APP_MODULES_META = 'app-modules';

/**
 * The libraries, each evaluated in a task of its own, before the app that uses them. Each stage
 * takes one binding the app uses, not the module's namespace: a namespace would keep every export
 * of the library in the build (the router's chunk was twice the size).
 */
const LIBRARY_STAGES: readonly (() => Promise<unknown>)[] = [
  () => import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot),
  () => import('@mui/material/styles').then(({ ThemeProvider }) => ThemeProvider),
  () => import('../lib/theme').then(({ appTheme }) => appTheme),
  () => import('react-router-dom').then(({ createBrowserRouter }) => createBrowserRouter),
];

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/** Starts fetching, without running, every chunk the build listed for the app. */
function preloadAppModules(): void {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${APP_MODULES_META}"]`);
  for (const href of listed?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Waits for the first contentful paint when the page has content to paint (a prerendered page,
 * the signed-in shell) and the browser will paint it (a hidden tab does not); otherwise only for
 * the next frame, or the next task in a hidden tab.
 */
function afterPageShown(container: HTMLElement): Promise<void> {
  if (document.visibilityState !== 'visible') return nextTask();
  return container.hasChildNodes() ? afterFirstContentfulPaint() : afterNextFrame();
}

export async function loadApp(container: HTMLElement): Promise<typeof import('./start-app')> {
  await afterPageShown(container);
  preloadAppModules();
  for (const stage of LIBRARY_STAGES) {
    await stage();
    await nextTask();
  }
  return import('./start-app');
}
