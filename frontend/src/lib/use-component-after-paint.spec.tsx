import { Component, Profiler, type ComponentType, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePaintObserver } from '../test-support/fake-paint-observer';

type Hook = typeof import('./use-component-after-paint').useComponentAfterPaint;

/** A fresh copy of the hook: the page's first paint and the last turn are kept in modules. */
const freshHook = async (): Promise<Hook> => {
  vi.resetModules();
  return (await import('./use-component-after-paint')).useComponentAfterPaint;
};

/** Long enough for a frame and the task after it: when the component appears unless it waits. */
const frameAndTask = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

const chart =
  (name: string): ComponentType<{ label: string }> =>
  ({ label }) => <p>{`${name}: ${label}`}</p>;

/** Renders the loaded component, or "waiting" until there is one. */
const Slot = ({
  useLoaded,
  load,
}: {
  useLoaded: Hook;
  load: () => Promise<ComponentType<{ label: string }>>;
}) => {
  const Loaded = useLoaded(load);
  return Loaded ? <Loaded label="scores" /> : <p>waiting</p>;
};

class Boundary extends Component<{ children: ReactNode }, { caught: Error | null }> {
  override state = { caught: null as Error | null };

  static getDerivedStateFromError(caught: Error) {
    return { caught };
  }

  override render() {
    return this.state.caught ? (
      <p>{`caught: ${this.state.caught.message}`}</p>
    ) : (
      this.props.children
    );
  }
}

describe('useComponentAfterPaint', () => {
  beforeEach(() => vi.stubGlobal('PerformanceObserver', FakePaintObserver));

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakePaintObserver.observers = [];
  });

  it('loads nothing until the browser reports the first contentful paint, then renders the component', async () => {
    const useLoaded = await freshHook();
    const load = vi.fn(() => Promise.resolve(chart('Total')));
    render(<Slot useLoaded={useLoaded} load={load} />);

    await frameAndTask();
    FakePaintObserver.report('first-paint');
    await frameAndTask();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('waiting')).not.toBeNull();

    FakePaintObserver.report('first-contentful-paint');
    await screen.findByText('Total: scores');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing while the component is not wanted, and loads it once it is', async () => {
    const useLoaded = await freshHook();
    const load = vi.fn(() => Promise.resolve(chart('Total')));
    const Wanted = ({ wanted }: { wanted: boolean }) => {
      const Loaded = useLoaded(load, wanted);
      return Loaded ? <Loaded label="scores" /> : <p>waiting</p>;
    };
    const { rerender } = render(<Wanted wanted={false} />);
    FakePaintObserver.report('first-contentful-paint');
    await frameAndTask();
    await frameAndTask();
    expect(load).not.toHaveBeenCalled();

    rerender(<Wanted wanted />);
    // The stand-in observer keeps no past paints, as the browser's buffer does: reported again.
    FakePaintObserver.report('first-contentful-paint');
    await screen.findByText('Total: scores');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders components that waited together in separate commits, in the order they asked', async () => {
    const useLoaded = await freshHook();
    const loadTotal = () => Promise.resolve(chart('Total'));
    const loadSections = () => Promise.resolve(chart('Sections'));
    const commits: string[] = [];
    const onRender = (
      id: string,
      phase: string,
      _actual: number,
      _base: number,
      _start: number,
      commitTime: number,
    ) => {
      if (phase !== 'mount') commits.push(`${id}@${commitTime}`);
    };
    render(
      <>
        <Profiler id="total" onRender={onRender}>
          <Slot useLoaded={useLoaded} load={loadTotal} />
        </Profiler>
        <Profiler id="sections" onRender={onRender}>
          <Slot useLoaded={useLoaded} load={loadSections} />
        </Profiler>
      </>,
    );

    FakePaintObserver.report('first-contentful-paint');
    await screen.findByText('Sections: scores');
    expect(screen.queryByText('Total: scores')).not.toBeNull();
    expect(commits.map((commit) => commit.split('@')[0])).toEqual(['total', 'sections']);
    const [totalCommit, sectionsCommit] = commits.map((commit) => Number(commit.split('@')[1]));
    expect(sectionsCommit).toBeGreaterThan(totalCommit);
  });

  it('renders at once after a frame where the browser reports no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const useLoaded = await freshHook();
    render(<Slot useLoaded={useLoaded} load={() => Promise.resolve(chart('Total'))} />);
    await screen.findByText('Total: scores');
  });

  it('throws a module that fails to load to the nearest error boundary, as React.lazy does', async () => {
    const useLoaded = await freshHook();
    const failure = new Error('Failed to fetch dynamically imported module');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Slot useLoaded={useLoaded} load={() => Promise.reject(failure)} />
      </Boundary>,
    );
    FakePaintObserver.report('first-contentful-paint');
    await screen.findByText(`caught: ${failure.message}`);
  });
});
