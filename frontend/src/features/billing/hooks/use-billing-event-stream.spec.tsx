import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@mcat/contracts';
import { createAppStore } from '../../../app/store';
import { useBillingEventStream } from './use-billing-event-stream';

const TOKEN = 'header.payload.signature';

const followStream = () => {
  const store = createAppStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const hook = renderHook(() => useBillingEventStream(TOKEN, vi.fn()), { wrapper });
  return { store, hook };
};

/** Lets the stream's calls settle and well over a reconnect pause go by. */
const waitLong = () => act(() => vi.advanceTimersByTimeAsync(20_000));

describe('the billing live stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.token, TOKEN);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('on a 401 removes the stored token, ends the session and stops asking', async () => {
    const server = vi.fn(async () =>
      Response.json({ statusCode: 401, message: 'Unauthorized' }, { status: 401 }),
    );
    vi.stubGlobal('fetch', server);
    const { store } = followStream();
    await waitLong();
    expect(server).toHaveBeenCalledTimes(1);
    expect(store.getState().session).toMatchObject({
      token: null,
      isAuthenticated: false,
      expired: true,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('after another failure keeps the session and tries again', async () => {
    const server = vi.fn(async () =>
      Response.json({ statusCode: 502, message: 'Unavailable' }, { status: 502 }),
    );
    vi.stubGlobal('fetch', server);
    const { store, hook } = followStream();
    await waitLong();
    expect(server.mock.calls.length).toBeGreaterThan(1);
    expect(hook.result.current).toBe('disconnected');
    expect(store.getState().session.token).toBe(TOKEN);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN);
  });
});
