import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@mcat/contracts';
import { DEFAULT_PUBLIC_CONFIG } from '../../features/site-config/default-config';
import { renderRoute, serverAnswers } from '../../test-support/render-route';
import { GuideRoute } from './guide-route';

const configWith = (guideResources: PublicConfig['guideResources']): PublicConfig => ({
  ...DEFAULT_PUBLIC_CONFIG,
  guideResources,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the /guide resource links', () => {
  it('are the ones GET /api/config lists, in its order, each opening in a new tab', async () => {
    serverAnswers({
      'GET /api/config': {
        status: 200,
        body: configWith([
          { title: 'UWorld MCAT', url: 'https://gradschool.uworld.com/mcat', description: 'Qbank' },
          { title: 'Khan Academy MCAT', url: 'https://www.khanacademy.org/test-prep/mcat' },
        ]),
      },
    });
    renderRoute(<GuideRoute />, { pattern: '/guide', path: '/guide' });
    const list = await screen.findByRole('list', { name: 'Study resources' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['UWorld MCAT', 'https://gradschool.uworld.com/mcat'],
      ['Khan Academy MCAT', 'https://www.khanacademy.org/test-prep/mcat'],
    ]);
    expect(links[0]).toHaveProperty('target', '_blank');
    expect(within(list).getByText('Qbank')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'AAMC MCAT Official Prep' })).toBeNull();
  });

  it('leave out the Resources section when the configuration lists none', async () => {
    const server = serverAnswers({ 'GET /api/config': { status: 200, body: configWith([]) } });
    renderRoute(<GuideRoute />, { pattern: '/guide', path: '/guide' });
    await vi.waitFor(() => expect(server).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'How many practice tests?' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Resources' })).toBeNull();
  });
});
