import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { useTheme } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createAppStore } from '../../app/store';
import { COLOR_SCHEME_ATTRIBUTE } from '../../lib/theme';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { NavBar } from './nav-bar';

/** A system that prefers dark (or light), as `window.matchMedia` reports it. */
const systemPrefers = (scheme: 'light' | 'dark') => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && scheme === 'dark',
    media: query,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
};

const shownScheme = () => document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE);
const storedChoice = () => localStorage.getItem('darkMode');

const renderToggle = () =>
  render(
    <AppProviders store={createAppStore()}>
      <ColorSchemeToggle />
    </AppProviders>,
  );

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(COLOR_SCHEME_ATTRIBUTE);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the colour scheme', () => {
  it("follows the system's preference while the student has chosen none", () => {
    systemPrefers('dark');
    renderToggle();
    expect(shownScheme()).toBe('dark');
    expect(storedChoice()).toBeNull();
  });

  it("is the student's stored choice, whatever the system prefers", () => {
    systemPrefers('dark');
    localStorage.setItem('darkMode', 'false');
    renderToggle();
    expect(shownScheme()).toBe('light');
    cleanup();

    systemPrefers('light');
    localStorage.setItem('darkMode', 'true');
    renderToggle();
    expect(shownScheme()).toBe('dark');
  });

  it('is switched and kept by the toggle; choosing the system scheme follows the system again', () => {
    systemPrefers('dark');
    renderToggle();
    act(() => screen.getByRole('button').click());
    expect(shownScheme()).toBe('light');
    expect(storedChoice()).toBe('false');

    act(() => screen.getByRole('button').click());
    expect(shownScheme()).toBe('dark');
    expect(storedChoice()).toBeNull();

    act(() => screen.getByRole('button').click());
    expect(shownScheme()).toBe('light');
    cleanup();

    renderToggle();
    expect(shownScheme()).toBe('light');
  });

  it('gives useTheme() its palette as colours, for canvases and Stripe', () => {
    systemPrefers('dark');
    const Probe = () => <p>{useTheme().palette.background.default}</p>;
    render(
      <AppProviders store={createAppStore()}>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText('#121212')).toBeDefined();
  });

  it("follows another tab's choice", () => {
    systemPrefers('light');
    renderToggle();
    expect(shownScheme()).toBe('light');
    act(() => {
      localStorage.setItem('darkMode', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode', newValue: 'true' }));
    });
    expect(shownScheme()).toBe('dark');
  });
});

describe('an app rendered from scratch (no prerendered markup)', () => {
  it('renders once: the scheme is read in the first render, not again after mounting', async () => {
    systemPrefers('dark');
    let renders = 0;
    const Probe = () => {
      renders += 1;
      return <p>{useTheme().palette.mode}</p>;
    };
    render(
      <AppProviders store={createAppStore()}>
        <Probe />
      </AppProviders>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('dark')).toBeDefined();
    expect(renders).toBe(1);
  });
});

describe('the toggle', () => {
  it('is named by the action its scheme shows (CSS picks it, so it is right before React runs)', () => {
    systemPrefers('light');
    renderToggle();
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeDefined();
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeDefined();
  });
});

describe('a prerendered nav bar', () => {
  /** The nav bar as the build prerenders it, and as the browser then hydrates it. */
  const navBar = () => (
    <AppProviders store={createAppStore()} hydrating>
      <MemoryRouter>
        <NavBar
          brandName="MCAT Logbook"
          signedIn={false}
          account={{ isPremium: false, isBillingStaff: false }}
          onLogout={() => undefined}
        />
      </MemoryRouter>
    </AppProviders>
  );

  it('is hydrated in the dark scheme with no mismatch, then switches back to light', async () => {
    const html = renderToString(navBar());
    systemPrefers('light');
    localStorage.setItem('darkMode', 'true');
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, navBar()));
    expect(errors).not.toHaveBeenCalled();
    expect(shownScheme()).toBe('dark');
    act(() => screen.getByRole('button', { name: 'Switch to light mode' }).click());
    expect(shownScheme()).toBe('light');
    expect(storedChoice()).toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  it('has a menu toggle that cannot be tapped before React runs and opens the menu once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(navBar());
    document.body.append(container);
    expect(
      container.querySelector('button[aria-label="Open menu"]')?.hasAttribute('disabled'),
    ).toBe(true);

    const root = await act(async () => hydrateRoot(container, navBar()));
    const toggle = screen.getByRole<HTMLButtonElement>('button', { name: 'Open menu' });
    expect(toggle.disabled).toBe(false);
    act(() => toggle.click());
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
