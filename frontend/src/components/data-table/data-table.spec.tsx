import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Button from '@mui/material/Button';
import { NARROW_SCREEN_PX } from '@mcat/contracts';
import { DataTable } from './data-table';
import type { DataTableColumn, DataTableRowDetails } from './data-table-column';
import { WindowedDataTable } from './windowed-data-table';

interface Score {
  id: string;
  source: string;
  total: number;
  note: string;
}

const SCORES: Score[] = [
  { id: 'a', source: 'AAMC FL 1', total: 505, note: 'Rushed CARS' },
  { id: 'b', source: 'Blueprint FL 2', total: 511, note: 'Slept well' },
];

const COLUMNS: DataTableColumn<Score>[] = [
  { header: 'Source', kind: 'rowHeader', render: (score) => score.source },
  {
    header: 'Total Score',
    numeric: true,
    render: (score) => score.total,
    valueSx: (score) => ({ fontWeight: score.total > 510 ? 700 : 400 }),
    valueAttributes: (score) => ({ 'data-high': String(score.total > 510) }),
  },
  { header: 'Note', render: (score) => score.note },
  {
    header: 'Actions',
    kind: 'actions',
    render: (score) => (
      <>
        <Button href={`/tests/${score.id}`}>View {score.source}</Button>
        <Button color="error">Delete {score.source}</Button>
      </>
    ),
  },
];

/** The scores as a table's rows, keyed by their id. */
const SCORE_ROWS = { rows: SCORES, rowKey: (score: Score) => score.id };

/** A screen `width` px wide, as `window.matchMedia` reports it to useNarrowScreen. */
const screenOf = (width: number) => {
  vi.stubGlobal('matchMedia', (query: string) => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: maxWidth !== null && width <= Number(maxWidth[1]),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
};

/** The scores in a plain data table, named `label`, with `caption` under them. */
const renderScores = (label: string, caption?: string) =>
  render(<DataTable {...SCORE_ROWS} columns={COLUMNS} label={label} caption={caption} />);

/** The second score's link, button and high total, in its row or card. */
const expectSecondScore = (second: HTMLElement) => {
  expect(within(second).getByRole('link', { name: 'View Blueprint FL 2' })).toBeTruthy();
  expect(within(second).getByRole('button', { name: 'Delete Blueprint FL 2' })).toBeTruthy();
  expect(within(second).getByText('511').getAttribute('data-high')).toBe('true');
};

/** The scores with a details toggle: the details of an open row show its note again, at length. */
function ScoresWithDetails() {
  const [open, setOpen] = useState<string | null>(null);
  const details: DataTableRowDetails<Score> = {
    isOpen: (score) => open === score.id,
    render: (score) => (open === score.id ? <p>Details of {score.source}</p> : null),
  };
  const columns: DataTableColumn<Score>[] = [
    ...COLUMNS,
    {
      header: 'More',
      kind: 'actions',
      render: (score) => (
        <Button onClick={() => setOpen(open === score.id ? null : score.id)}>
          Details of {score.source}
        </Button>
      ),
    },
  ];
  return <DataTable {...SCORE_ROWS} columns={columns} label="Scores" details={details} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the data table on a wide screen', () => {
  it('is a table named by its label: a header per column, a row per item, actions in it', () => {
    screenOf(NARROW_SCREEN_PX);
    renderScores('Scores');
    expect(screen.queryByRole('list')).toBeNull();
    const table = screen.getByRole('table', { name: 'Scores' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Source', 'Total Score', 'Note', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader').textContent).toBe('AAMC FL 1');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['505', 'Rushed CARS', 'View AAMC FL 1Delete AAMC FL 1']);
    expectSecondScore(second);
  });

  it('shows a caption under the rows, and the details of an open row in the row under it', () => {
    renderScores('Scores by test', 'Scores by test');
    expect(
      screen.getByRole('table', { name: 'Scores by test' }).querySelector('caption'),
    ).toBeTruthy();
    cleanup();

    render(<ScoresWithDetails />);
    const table = screen.getByRole('table', { name: 'Scores' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Details of Blueprint FL 2' }));
    const detailsRow = within(table).getAllByRole('row')[4];
    expect(detailsRow.textContent).toBe('Details of Blueprint FL 2');
  });
});

describe('the data table on a narrow screen', () => {
  it('is a list of cards named by its label, each with every field and its actions', () => {
    screenOf(NARROW_SCREEN_PX - 1);
    renderScores('Scores');
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Scores' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('AAMC FL 1');
    const labels = [...first.querySelectorAll('dt')].map((term) => term.textContent);
    const values = [...first.querySelectorAll('dd')].map((value) => value.textContent);
    expect(labels).toEqual(['Total Score', 'Note']);
    expect(values).toEqual(['505', 'Rushed CARS']);
    expect(within(first).getByRole('link', { name: 'View AAMC FL 1' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Delete AAMC FL 1' })).toBeTruthy();
    expectSecondScore(second);
  });

  it('shows the caption under the cards, and the details of an open row in its card', () => {
    screenOf(320);
    renderScores('Scores by test', 'The latest first');
    const list = screen.getByRole('list', { name: 'Scores by test' });
    expect(list.nextElementSibling?.textContent).toBe('The latest first');
    cleanup();

    render(<ScoresWithDetails />);
    fireEvent.click(screen.getByRole('button', { name: 'Details of AAMC FL 1' }));
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first).getByText('Details of AAMC FL 1', { selector: 'p' })).toBeTruthy();
    expect(within(second).queryByText('Details of Blueprint FL 2', { selector: 'p' })).toBeNull();
  });
});

describe('the windowed data table', () => {
  // jsdom lays nothing out: the box the rows scroll in shows 400 px of them.
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
  });

  const renderWindowed = () =>
    render(
      <WindowedDataTable
        {...SCORE_ROWS}
        columns={COLUMNS}
        label="Scores"
        maxHeight="70vh"
        estimatedHeight={{ row: 53, card: 200 }}
        overscan={2}
        footer={<p>All loaded</p>}
      />,
    );

  it('is a table on a wide screen, with the footer under the rows', () => {
    renderWindowed();
    const table = screen.getByRole('table', { name: 'Scores' });
    expect(within(table).getByRole('button', { name: 'Delete AAMC FL 1' })).toBeTruthy();
    expect(table.nextElementSibling?.textContent).toBe('All loaded');
  });

  it('is a list of cards with their actions on a narrow screen', () => {
    screenOf(375);
    renderWindowed();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Scores' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'AAMC FL 1',
      'Blueprint FL 2',
    ]);
    expect(within(cards[1]).getByRole('link', { name: 'View Blueprint FL 2' })).toBeTruthy();
    expect(within(cards[1]).getByRole('button', { name: 'Delete Blueprint FL 2' })).toBeTruthy();
    expect(screen.getByText('All loaded')).toBeTruthy();
  });
});
