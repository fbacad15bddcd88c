import { useEffect, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrationProvider, useHydrated } from './use-hydrated';

/** A reader that records each value it renders with. */
const readerRecording = (seen: boolean[]) =>
  function Reader() {
    const hydrated = useHydrated();
    seen.push(hydrated);
    return <button disabled={!hydrated}>Save</button>;
  };

const hydratingPage = (children: ReactNode) => (
  <HydrationProvider hydrating>{children}</HydrationProvider>
);

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  cleanup();
  container.remove();
});

describe('useHydrated', () => {
  it('is false in the prerendered HTML and while hydrating, true once hydrated, with no mismatch', async () => {
    const seen: boolean[] = [];
    const Reader = readerRecording(seen);
    container.innerHTML = renderToString(hydratingPage(<Reader />));
    expect(container.querySelector('button')?.disabled).toBe(true);
    seen.length = 0;

    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, hydratingPage(<Reader />), { onRecoverableError: recoverable });
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.querySelector('button')?.disabled).toBe(false);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('turns true in a task of its own after the hydrating commit, not in the same blocking task', async () => {
    const seen: boolean[] = [];
    const Reader = readerRecording(seen);
    let inTheCommitsTask: boolean[] | undefined;
    function AfterTheCommit() {
      // Runs with the hydrating commit's effects; a microtask still belongs to the same task.
      useEffect(() => queueMicrotask(() => (inTheCommitsTask = [...seen])), []);
      return null;
    }
    const page = hydratingPage(
      <>
        <Reader />
        <AfterTheCommit />
      </>,
    );
    container.innerHTML = renderToString(page);
    seen.length = 0;
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const root = hydrateRoot(container, page);
      await vi.waitFor(() => expect(seen.at(-1)).toBe(true));
      root.unmount();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(inTheCommitsTask).toEqual([false]);
  });

  it('is true at once in a component first rendered after the hydration', async () => {
    const later: boolean[] = [];
    const Reader = readerRecording([]);
    const Later = readerRecording(later);
    let showLater: (show: boolean) => void = () => undefined;
    function Page() {
      const [shown, setShown] = useState(false);
      showLater = setShown;
      return (
        <>
          <Reader />
          {shown && <Later />}
        </>
      );
    }
    container.innerHTML = renderToString(hydratingPage(<Page />));
    await act(async () => {
      hydrateRoot(container, hydratingPage(<Page />));
    });
    await act(async () => showLater(true));
    expect(later).toEqual([true]);
  });

  it('is true from the first render of a page rendered from scratch, and outside the providers', async () => {
    const seen: boolean[] = [];
    const Reader = readerRecording(seen);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <HydrationProvider hydrating={false}>
          <Reader />
        </HydrationProvider>,
      ),
    );
    expect(seen).toEqual([true]);
    act(() => root.unmount());
    const outside = render(<Reader />);
    expect((outside.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
