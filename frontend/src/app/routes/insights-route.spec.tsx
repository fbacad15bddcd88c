import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIGHTS_MESSAGES, SECTION_NAMES, type Insights } from '@mcat/contracts';
import { renderRoute } from '../../test-support/render-route';
import { InsightsRoute } from './insights-route';

// The canvas is not what these tests look at; its table is.
vi.mock('../../features/insights/components/lazy-mistake-type-bar-chart', () => ({
  LazyMistakeTypeBarChart: () => null,
}));

const [CP, CARS, BIO, PS] = SECTION_NAMES;
const T1 = 'a'.repeat(24);
const T2 = 'b'.repeat(24);

const WHOLE: Insights = {
  bySection: [
    { section: CP, count: 10 },
    { section: CARS, count: 1 },
    { section: BIO, count: 2 },
    { section: PS, count: 0 },
  ],
  byMistakeType: [
    { mistakeType: 'Careless Error', count: 12 },
    { mistakeType: '', count: 1 },
  ],
  byTag: [
    { tag: 'Enzymes', count: 5 },
    { tag: 'Optics', count: 2 },
  ],
  overTime: [
    {
      testId: T1,
      dateTaken: '2025-01-10T00:00:00.000Z',
      source: 'Kaplan FL 1',
      counts: { 'Careless Error': 9 },
    },
    {
      testId: T2,
      dateTaken: '2025-03-01T00:00:00.000Z',
      source: 'AAMC FL 2',
      counts: { 'Careless Error': 3, '': 1 },
    },
  ],
};

const narrowed = (
  overTime: Insights['overTime'],
  byMistakeType: Insights['byMistakeType'] = [],
) => ({
  ...WHOLE,
  byMistakeType,
  overTime,
});

/** The insights answer for each query string the page asks for. */
const ANSWERS: Record<string, unknown> = {
  '': WHOLE,
  [`section=${CP}`]: narrowed(
    [],
    [
      { mistakeType: 'Careless Error', count: 9 },
      { mistakeType: '', count: 1 },
    ],
  ),
  [`section=${CARS}`]: narrowed([], [{ mistakeType: 'Careless Error', count: 1 }]),
  [`section=${BIO}`]: narrowed([], [{ mistakeType: 'Careless Error', count: 2 }]),
  [`section=${PS}`]: narrowed([]),
  'topicTag=Enzymes': narrowed([
    { ...WHOLE.overTime[0], counts: { 'Careless Error': 1 } },
    { ...WHOLE.overTime[1], counts: { 'Careless Error': 4 } },
  ]),
  'topicTag=Optics': narrowed([
    { ...WHOLE.overTime[0], counts: { 'Careless Error': 1 } },
    { ...WHOLE.overTime[1], counts: { 'Careless Error': 1 } },
  ]),
};

const serve = (answer: (query: string) => { status: number; body: unknown }) => {
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    const query = decodeURIComponent(url.search.slice(1).replace(/\+/g, ' '));
    const { status, body } =
      url.pathname === '/api/questions/insights'
        ? answer(query)
        : { status: 404, body: { statusCode: 404, message: 'Not Found' } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  return stub;
};

const open = () => renderRoute(<InsightsRoute />, { pattern: '/insights', path: '/insights' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/insights', () => {
  it('shows the findings, the tables and the topics with their trend', async () => {
    serve((query) => ({ status: 200, body: ANSWERS[query] }));
    open();
    expect(screen.getByText('Loading your insights...')).toBeTruthy();
    const findings = await screen.findByRole('region', { name: 'What stands out' });
    expect(
      within(findings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Careless errors fell from 9 to 3 over your last two tests.',
      'Enzymes is rising: 4 missed questions per test recently, up from 1 earlier.',
      `${CP} has the most missed questions: 10 of 13.`,
      'Careless errors are your most common mistake: 12 of 13 questions.',
      '1 question has no mistake type yet; giving it one sharpens these insights.',
    ]);

    const sections = screen.getByRole('region', { name: 'Sections and mistake types' });
    const cpRow = within(sections).getByRole('row', { name: new RegExp(`^${CP}`) });
    expect(
      within(cpRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '1', '10']);
    expect(within(cpRow).getAllByRole('cell')[0].getAttribute('data-shade')).toBe('1.00');
    const psRow = within(sections).getByRole('row', { name: new RegExp(`^${PS}`) });
    expect(
      within(psRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '0']);

    const topics = screen.getByRole('region', { name: 'Most-missed topics' });
    const rows = within(topics).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' '))).toEqual([
      'Enzymes5Rising (1 → 4 per test)',
      'Optics2Steady (1 → 1 per test)',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Show the chart as a table' }));
    const perTest = await screen.findByRole('table', {
      name: 'Missed questions per test by mistake type',
    });
    const testRows = within(perTest).getAllByRole('row').slice(1);
    expect(
      testRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['9', '0', '9'],
      ['3', '1', '4'],
    ]);
  });

  it('says what to do when no question is logged yet', async () => {
    serve(() => ({
      status: 200,
      body: {
        bySection: SECTION_NAMES.map((section) => ({ section, count: 0 })),
        byMistakeType: [],
        byTag: [],
        overTime: [],
      },
    }));
    open();
    await screen.findByRole('heading', { name: 'No missed questions yet' });
    expect(screen.getByRole('link', { name: 'Add a Test' }).getAttribute('href')).toBe(
      '/tests/new',
    );
    expect(
      screen.getByRole('link', { name: 'Log Questions from Your Tests' }).getAttribute('href'),
    ).toBe('/tests');
    expect(screen.queryByRole('region', { name: 'What stands out' })).toBeNull();
  });

  it('narrows everything to the section chosen', async () => {
    const none = {
      bySection: SECTION_NAMES.map((section) => ({ section, count: 0 })),
      byMistakeType: [],
      byTag: [],
      overTime: [],
    };
    const stub = serve((query) => ({
      status: 200,
      body: query.startsWith(`section=${PS}`) ? none : ANSWERS[query],
    }));
    open();
    await screen.findByRole('region', { name: 'What stands out' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Section' }));
    fireEvent.click(await screen.findByRole('option', { name: PS }));
    await screen.findByText(
      `No missed questions in ${PS} yet. Choose All Sections to see the others.`,
    );
    const asked = stub.mock.calls.map(([input]) =>
      decodeURIComponent(new URL(String(input instanceof Request ? input.url : input)).search),
    );
    expect(asked).toContain(`?section=${PS}`.replace(/ /g, '+'));
    expect(screen.queryByRole('heading', { name: 'No missed questions yet' })).toBeNull();
  });

  it("shows the server's message when the insights cannot be loaded", async () => {
    serve(() => ({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: 'Unknown section' },
    }));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown section');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('falls back to its own message without one from the server', async () => {
    serve(() => ({ status: 502, body: null }));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain(INSIGHTS_MESSAGES.fetchFailed);
  });
});
