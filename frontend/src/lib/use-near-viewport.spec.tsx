import { useRef } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

/** The browser's IntersectionObserver, stood in for: a test says when the element comes near. */
class FakeIntersectionObserver {
  static observers: FakeIntersectionObserver[] = [];
  readonly rootMargin: string;
  observed: Element[] = [];

  constructor(
    private readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    options: { rootMargin: string },
  ) {
    this.rootMargin = options.rootMargin;
    FakeIntersectionObserver.observers.push(this);
  }

  observe(element: Element): void {
    this.observed.push(element);
  }

  disconnect(): void {
    this.observed = [];
  }

  static report(isIntersecting: boolean): void {
    for (const observer of FakeIntersectionObserver.observers) {
      if (observer.observed.length > 0) observer.callback([{ isIntersecting }]);
    }
  }
}

function Probe() {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return <div ref={box}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakeIntersectionObserver.observers = [];
  });

  it('is false until the element comes within 300 px of the screen, then stays true', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe />);
    expect(screen.queryByText('far')).not.toBeNull();
    expect(FakeIntersectionObserver.observers[0].rootMargin).toBe('300px 0px');

    act(() => FakeIntersectionObserver.report(false));
    expect(screen.queryByText('far')).not.toBeNull();

    act(() => FakeIntersectionObserver.report(true));
    await screen.findByText('near');
    expect(FakeIntersectionObserver.observers[0].observed).toEqual([]);
  });

  it('is true at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.queryByText('near')).not.toBeNull();
  });
});
