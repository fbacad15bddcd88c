// @vitest-environment node
/**
 * The dashboard's signed-in shell: the page the build writes for /dashboard is the signed-in
 * navigation bar and the page's heading, nothing that waits for data, and its inline script greets
 * the student stored on this browser before the first paint, or empties the shell for anyone else.
 */
import { readFile } from 'node:fs/promises';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@mcat/contracts';
import { pageDocument } from '../../vite-plugins/prerender';
import { SIGNED_IN_SHELL_ATTRIBUTE, STUDENT_NAME_SLOT } from '../app/prerendered-page';
import { SHELL_NAV_ATTRIBUTE } from '../lib/nav-account';
import { renderPage } from './render-page';

let page = '';
let script = '';

beforeAll(async () => {
  const template = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
  page = pageDocument(template, await renderPage('/dashboard'));
  script =
    new JSDOM(page).window.document.body.querySelector('script:not([src])')?.textContent ?? '';
});

/** The page as a browser with this storage has it after the shell's script. */
const firstPaint = (stored: Record<string, string>) => {
  const dom = new JSDOM(page, { url: 'http://localhost/dashboard', runScripts: 'outside-only' });
  for (const [key, value] of Object.entries(stored)) dom.window.localStorage.setItem(key, value);
  dom.window.eval(script);
  return dom.window.document;
};

const heading = (document: Document) => document.querySelector('h1')?.textContent;

describe("the dashboard's signed-in shell", () => {
  it('is the signed-in navigation and the heading, marked, with no spinner or data', () => {
    const { document } = new JSDOM(page).window;
    const root = document.getElementById('root');
    expect(root?.hasAttribute(SIGNED_IN_SHELL_ATTRIBUTE)).toBe(true);
    expect(root?.hasAttribute('data-prerendered')).toBe(false);
    expect(document.title).toBe('Dashboard | MCAT Logbook');
    expect(document.querySelector(`h1 [${STUDENT_NAME_SLOT}]`)).not.toBeNull();
    expect(root?.textContent).toContain('Logout');
    expect(root?.textContent).not.toContain('Loading');
    expect(root?.textContent).not.toContain('Add New Test');
  });

  it('has a Logout button that cannot be clicked before the app runs, as it would sign no one out', () => {
    const { document } = new JSDOM(page).window;
    const logout = [...document.querySelectorAll('nav button')].find(
      (button) => button.textContent === 'Logout',
    );
    expect(logout?.hasAttribute('disabled')).toBe(true);
  });

  it('runs its script after #root, blocking, before the app', () => {
    const { document } = new JSDOM(page).window;
    const tag = document.body.querySelector('script:not([src])');
    expect(tag?.previousElementSibling?.id).toBe('root');
    expect(tag?.hasAttribute('async')).toBe(false);
    expect(tag?.hasAttribute('defer')).toBe(false);
  });

  it('greets the signed-in student by the stored name', () => {
    const document = firstPaint({
      [STORAGE_KEYS.token]: 'a.b.c',
      [STORAGE_KEYS.studentName]: 'Ada',
    });
    expect(heading(document)).toBe('Welcome, Ada!');
    expect(document.getElementById('root')?.hasAttribute(SIGNED_IN_SHELL_ATTRIBUTE)).toBe(true);
  });

  it('writes the name as text, never as markup', () => {
    const name = '<img src=x onerror=alert(1)>';
    const document = firstPaint({
      [STORAGE_KEYS.token]: 'a.b.c',
      [STORAGE_KEYS.studentName]: name,
    });
    expect(heading(document)).toBe(`Welcome, ${name}!`);
    expect(document.querySelector('h1 img')).toBeNull();
  });

  it('greets a student who gave no name as the dashboard does', () => {
    const document = firstPaint({ [STORAGE_KEYS.token]: 'a.b.c', [STORAGE_KEYS.studentName]: '' });
    expect(heading(document)).toBe('Welcome, Student!');
  });

  /** The navigation bar's texts and the premium crown, as the first paint shows them. */
  const navigation = (document: Document) => {
    const nav = document.querySelector('nav');
    return {
      upgrade: nav?.textContent?.includes('Upgrade to Premium'),
      billing: nav?.textContent?.includes('Billing'),
      crown: nav?.querySelector('[data-testid="premium-crown"]') !== null,
    };
  };
  const signedIn = { [STORAGE_KEYS.token]: 'a.b.c', [STORAGE_KEYS.studentName]: 'Ada' };

  it.each([
    ['a free student', 'free', { upgrade: true, billing: false, crown: false }],
    ['a premium student', 'premium', { upgrade: false, billing: false, crown: true }],
    ['free billing staff', 'free billing', { upgrade: true, billing: true, crown: false }],
    ['premium billing staff', 'premium billing', { upgrade: false, billing: true, crown: true }],
  ])("shows %s's navigation, from the stored account", (_case, marks, shown) => {
    const document = firstPaint({ ...signedIn, [STORAGE_KEYS.studentNav]: marks });
    expect(navigation(document)).toEqual(shown);
  });

  it("shows a free student's navigation when the session was stored before accounts were", () => {
    expect(navigation(firstPaint(signedIn))).toEqual({
      upgrade: true,
      billing: false,
      crown: false,
    });
  });

  it('holds each account-dependent item, marked, before its script runs', () => {
    const { document } = new JSDOM(page).window;
    const marked = [...document.querySelectorAll(`[${SHELL_NAV_ATTRIBUTE}]`)].map((item) =>
      item.getAttribute(SHELL_NAV_ATTRIBUTE),
    );
    expect(marked).toEqual(['billing', 'free', 'premium']);
  });

  it.each([
    ['no one is signed in', {}],
    ['a name is left without a token', { [STORAGE_KEYS.studentName]: 'Ada' }],
    ['the session was stored before names were', { [STORAGE_KEYS.token]: 'a.b.c' }],
  ])('is emptied, for the app to render as on any page, when %s', (_case, stored) => {
    const document = firstPaint(stored);
    const root = document.getElementById('root');
    expect(root?.childElementCount).toBe(0);
    expect(root?.hasAttribute(SIGNED_IN_SHELL_ATTRIBUTE)).toBe(false);
  });
});
