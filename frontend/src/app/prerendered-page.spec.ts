import { describe, expect, it } from 'vitest';
import { canHydrate, PRERENDERED_ATTRIBUTE } from './prerendered-page';
import { createAppStore } from './store';

const container = (prerendered: boolean) => {
  const root = document.createElement('div');
  if (prerendered) root.setAttribute(PRERENDERED_ATTRIBUTE, '');
  return root;
};

describe('taking over a prerendered page', () => {
  it('hydrates it for a first-time visitor', () => {
    localStorage.clear();
    expect(canHydrate(container(true), createAppStore().getState())).toBe(true);
  });

  it('hydrates it whatever colour scheme was chosen: CSS colours the same markup', () => {
    localStorage.clear();
    localStorage.setItem('darkMode', 'true');
    expect(canHydrate(container(true), createAppStore().getState())).toBe(true);
  });

  it('renders afresh for a stored session, which the build did not render', () => {
    localStorage.clear();
    localStorage.setItem('token', 'a.b.c');
    expect(canHydrate(container(true), createAppStore().getState())).toBe(false);
  });

  it('renders a page the build did not prerender (the shell)', () => {
    localStorage.clear();
    expect(canHydrate(container(false), createAppStore().getState())).toBe(false);
  });
});
