import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakePaintObserver } from '../test-support/fake-paint-observer';

/** A fresh copy of the hook: it remembers the page's first contentful paint in its module. */
const freshUsePainted = async () => {
  vi.resetModules();
  return (await import('./use-painted')).usePainted;
};

/** Long enough for a frame and the task after it: when the hook turns true unless it waits. */
const frameAndTask = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

describe('usePainted', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakePaintObserver.observers = [];
  });

  it('stays false until the browser reports the first contentful paint, then turns true', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const usePainted = await freshUsePainted();
    const { result } = renderHook(() => usePainted());

    await frameAndTask();
    FakePaintObserver.report('first-paint');
    await frameAndTask();
    expect(result.current).toBe(false);

    FakePaintObserver.report('first-contentful-paint');
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('turns true after a frame on a page that painted already (an in-app navigation)', async () => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    const usePainted = await freshUsePainted();
    const first = renderHook(() => usePainted());
    FakePaintObserver.report('first-contentful-paint');
    await waitFor(() => expect(first.result.current).toBe(true));

    const next = renderHook(() => usePainted());
    expect(next.result.current).toBe(false);
    await waitFor(() => expect(next.result.current).toBe(true));
  });

  it('turns true after a frame where the browser reports no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const usePainted = await freshUsePainted();
    const { result } = renderHook(() => usePainted());
    await waitFor(() => expect(result.current).toBe(true));
  });
});
