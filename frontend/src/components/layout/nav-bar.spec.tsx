import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createAppStore } from '../../app/store';
import { NavBar } from './nav-bar';

const navBar = () => (
  <AppProviders store={createAppStore()}>
    <MemoryRouter>
      <NavBar
        brandName="MCAT Logbook"
        signedIn={false}
        isPremium={false}
        isBillingStaff={false}
        onLogout={() => undefined}
      />
    </MemoryRouter>
  </AppProviders>
);

afterEach(cleanup);

describe('the menu toggle of a prerendered page', () => {
  it('cannot be tapped before React runs, then opens the menu once the page is hydrated', async () => {
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
