/**
 * The build's prerender (vite-plugins/prerender.ts): the public pages rendered to HTML in Node,
 * as a first-time visitor's browser would render them (no session, the default public
 * configuration), with the styles they use; and the dashboard's signed-in shell, rendered for a
 * session whose user is not known yet (app/prerendered-page.ts says what follows). The markup is
 * the same in both colour schemes: the styles hold both as CSS variables, and the inline script in
 * the page's head picks one before the first paint. The browser paints that HTML before the app's
 * JavaScript arrives, then the app hydrates a public page, or renders over the shell.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from '../app/app-providers';
import { createAppRoutes } from '../app/router';
import { PRERENDERED_ATTRIBUTE, SIGNED_IN_SHELL_ATTRIBUTE } from '../app/prerendered-page';
import { createAppStore } from '../app/store';
import { initialSessionState, startSession } from '../features/auth/session-slice';
import { PageTitleRecorder } from '../lib/use-page-title';
import { EmptyStorage } from './empty-storage';

/** The public pages a visitor lands on from outside. */
const PUBLIC_PATHS = ['/', '/guide', '/about', '/login', '/register'];
/** The page a returning student lands on, as its signed-in shell. */
const SIGNED_IN_SHELL_PATHS = ['/dashboard'];

/** The pages the build prerenders. */
export const PRERENDERED_PATHS = [...PUBLIC_PATHS, ...SIGNED_IN_SHELL_PATHS] as const;

export interface RenderedPage {
  /** The page's markup, the content of #root. */
  html: string;
  /** `<style>` tags of the CSS the markup uses, for the head. */
  styleTags: string;
  /** The document title the page sets. */
  title: string;
  /** The attribute that marks #root: a public page, or the signed-in shell. */
  rootAttribute: string;
}

/** Signed in, the user not known yet: what the app sees between a stored token and its user. */
const signedInShellStore = () =>
  createAppStore({
    ...initialSessionState(),
    token: 'signed-in-shell',
    isAuthenticated: true,
    loading: false,
  });

export async function renderPage(path: string): Promise<RenderedPage> {
  globalThis.localStorage ??= new EmptyStorage();
  const signedInShell = SIGNED_IN_SHELL_PATHS.includes(path);
  const store = signedInShell ? signedInShellStore() : createAppStore();
  if (!signedInShell) store.dispatch(startSession());

  const { query, dataRoutes } = createStaticHandler(createAppRoutes(store));
  const context = await query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  if (context.statusCode !== 200) throw new Error(`${path} renders status ${context.statusCode}`);

  // compat: the styles are collected in the cache for the head, not written next to each element.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  let title = '';
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <PageTitleRecorder.Provider value={(text) => (title = text)}>
          <AppProviders store={store} hydrating>
            <StaticRouterProvider
              router={createStaticRouter(dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </AppProviders>
        </PageTitleRecorder.Provider>
      </CacheProvider>
    </StrictMode>,
  );
  const styleTags = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  const rootAttribute = signedInShell ? SIGNED_IN_SHELL_ATTRIBUTE : PRERENDERED_ATTRIBUTE;
  return { html, styleTags, title, rootAttribute };
}
