import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePaintObserver } from '../test-support/fake-paint-observer';

const LISTED = ['/assets/react-dom-1.js', '/assets/start-app-2.js'];

/** A fresh copy of the loader: the page's first contentful paint is remembered in a module. */
const freshLoadApp = async () => {
  vi.resetModules();
  return (await import('./load-app')).loadApp;
};

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

const frameAndTask = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

const pageWith = (text: string): HTMLElement => {
  const container = document.createElement('div');
  container.textContent = text;
  document.body.append(container);
  return container;
};

describe('loadApp', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'app-modules';
    meta.content = LISTED.join(' ');
    document.head.append(meta);
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });

  afterEach(() => {
    document.head.replaceChildren();
    document.body.replaceChildren();
    vi.unstubAllGlobals();
    FakePaintObserver.observers = [];
  });

  it("fetches the app's chunks once the page's first content is painted, in the listed order", async () => {
    const loadApp = await freshLoadApp();
    const loaded = loadApp(pageWith('Track every MCAT practice test'));

    await frameAndTask();
    FakePaintObserver.report('first-paint');
    await frameAndTask();
    expect(preloaded()).toEqual([]);

    FakePaintObserver.report('first-contentful-paint');
    const app = await loaded;
    expect(preloaded()).toEqual(LISTED);
    expect(typeof app.startApp).toBe('function');
  });

  it('goes on after a frame on a page with nothing to paint (no prerendered page, no shell)', async () => {
    const loadApp = await freshLoadApp();
    const app = await loadApp(pageWith(''));
    expect(preloaded()).toEqual(LISTED);
    expect(typeof app.startApp).toBe('function');
  });

  it('goes on without a paint in a hidden tab, which paints nothing until it is shown', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const loadApp = await freshLoadApp();
    const app = await loadApp(pageWith('Track every MCAT practice test'));
    expect(preloaded()).toEqual(LISTED);
    expect(typeof app.startApp).toBe('function');
  });
});
