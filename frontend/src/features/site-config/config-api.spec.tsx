import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { api } from '../../lib/api';
import { serverAnswers } from '../../test-support/render-route';
import { DEFAULT_PUBLIC_CONFIG } from './default-config';
import { prefetchPublicConfig, usePublicConfig } from './config-api';

const SERVED = { ...DEFAULT_PUBLIC_CONFIG, brandName: 'Served Logbook' };

describe('usePublicConfig', () => {
  it('answers the defaults until the gateway answers, then its answer', async () => {
    serverAnswers({ 'GET /api/config': { status: 200, body: SERVED } });
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const { result } = renderHook(() => usePublicConfig(), { wrapper });
    expect(result.current.brandName).toBe(DEFAULT_PUBLIC_CONFIG.brandName);
    await waitFor(() => expect(result.current.brandName).toBe('Served Logbook'));
  });

  it('renders its reader again only when the answer changes, not when the request’s state does', async () => {
    const server = serverAnswers({ 'GET /api/config': { status: 200, body: SERVED } });
    const store = createAppStore();
    await act(async () => {
      await store.dispatch(prefetchPublicConfig());
    });
    await waitFor(() => expect(server).toHaveBeenCalledTimes(1));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return usePublicConfig();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.brandName).toBe('Served Logbook'));
    const rendersWithTheAnswer = renders;

    // Asked again, with the same answer: the request's state goes to fetching and back.
    act(() => {
      store.dispatch(api.util.invalidateTags(['Config']));
    });
    await waitFor(() => expect(server).toHaveBeenCalledTimes(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(renders).toBe(rendersWithTheAnswer);
  });
});
