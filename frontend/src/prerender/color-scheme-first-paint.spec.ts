// @vitest-environment node
/**
 * The first paint of a prerendered page is in the visitor's colour scheme: the page the build
 * writes (index.html with the rendered markup and styles) runs its inline colour-scheme script in
 * its <head>, before the body is parsed, and the styles the page carries colour it by the attribute
 * that script sets. Nothing here waits for React.
 */
import { readFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageDocument } from '../../vite-plugins/prerender';
import { appTheme, COLOR_SCHEME_ATTRIBUTE, type ColorScheme } from '../lib/theme';
import { renderPage } from './render-page';

const BACKGROUND_VAR = '--mui-palette-background-default';

let page = '';
let script = '';

beforeAll(async () => {
  const template = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
  page = pageDocument(template, await renderPage('/'));
  script =
    new JSDOM(page).window.document.head.querySelector('script:not([src])')?.textContent ?? '';
});

/** The page as a browser with this storage and system preference has it after the head script. */
const firstPaint = (stored: string | null, systemDark: boolean) => {
  const dom = new JSDOM(page, { url: 'http://localhost/', runScripts: 'outside-only' });
  const { window } = dom;
  if (stored !== null) window.localStorage.setItem('darkMode', stored);
  window.matchMedia = (query: string) =>
    ({
      matches: systemDark && query === '(prefers-color-scheme: dark)',
      media: query,
    }) as MediaQueryList;
  window.eval(script);
  return window.document;
};

/** The value of a custom property on <html>: its last rule that matches (they tie on specificity). */
const rootValue = (document: Document, property: string): string | undefined => {
  let value: string | undefined;
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!('selectorText' in rule) || !('style' in rule)) continue;
      const { selectorText, style } = rule as CSSStyleRule;
      const declared = style.getPropertyValue(property).trim();
      if (declared && document.documentElement.matches(selectorText)) value = declared;
    }
  }
  return value;
};

const background = (scheme: ColorScheme) =>
  appTheme.colorSchemes[scheme]?.palette.background.default;

describe('the first paint of a prerendered page', () => {
  it('runs the colour-scheme script in <head>, blocking, before the page is painted', () => {
    const { document } = new JSDOM(page).window;
    const tag = document.head.querySelector('script:not([src])');
    expect(tag?.textContent).toContain('data-color-scheme');
    expect(tag?.hasAttribute('async')).toBe(false);
    expect(tag?.hasAttribute('defer')).toBe(false);
    expect(tag?.getAttribute('type')).toBeNull();
  });

  it('colours the body with the scheme variables', () => {
    const { document } = new JSDOM(page).window;
    const bodyBackground = Array.from(document.styleSheets)
      .flatMap((sheet: CSSStyleSheet) => Array.from(sheet.cssRules))
      .filter((rule): rule is CSSStyleRule => 'selectorText' in rule)
      .find((rule) => rule.selectorText === 'body')
      ?.style.getPropertyValue('background-color');
    expect(bodyBackground).toBe(`var(${BACKGROUND_VAR})`);
  });

  it.each([
    ['dark', 'nothing is stored and the system prefers dark', null, true],
    ['light', 'nothing is stored and the system prefers light', null, false],
    ['dark', 'dark was chosen and the system prefers light', 'true', false],
    ['light', 'light was chosen and the system prefers dark', 'false', true],
  ] as const)('is %s when %s', (scheme: ColorScheme, _case, stored, systemDark) => {
    const document = firstPaint(stored, systemDark);
    expect(document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE)).toBe(scheme);
    expect(rootValue(document, BACKGROUND_VAR)).toBe(background(scheme));
  });

  it.each([
    ['dark', 'true', true],
    ['light', 'false', false],
  ] as const)(
    'gives the body the dark-mode class when the scheme is %s: %s',
    (_scheme, stored, hasClass) => {
      const document = firstPaint(stored, false);
      expect(document.body.classList.contains('dark-mode')).toBe(hasClass);
    },
  );

  it('moves the dark-mode class with the scheme when it changes after the first paint', async () => {
    const document = firstPaint('true', false);
    // What MUI's ThemeProvider does when the student switches.
    document.documentElement.setAttribute(COLOR_SCHEME_ATTRIBUTE, 'light');
    await Promise.resolve();
    expect(document.body.classList.contains('dark-mode')).toBe(false);
    document.documentElement.setAttribute(COLOR_SCHEME_ATTRIBUTE, 'dark');
    await Promise.resolve();
    expect(document.body.className).toBe('dark-mode');
  });

  it('stays light where the script cannot read the preference', () => {
    const dom = new JSDOM(page, { url: 'http://localhost/', runScripts: 'outside-only' });
    dom.window.eval(script);
    expect(rootValue(dom.window.document, BACKGROUND_VAR)).toBe(background('light'));
  });
});
