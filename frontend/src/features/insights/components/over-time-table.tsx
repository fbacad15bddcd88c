import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import type { OverTimeSeries } from '../utils/chart-series';
import { mistakeTypeLabel } from '../utils/labels';

/** A test of the stacked bars: its label and where its counts are in each series. */
interface TestBar {
  label: string;
  index: number;
}

/** The stacked bars as a table: a row per test, a column per mistake type, and the total. */
export function OverTimeTable({ data, caption }: { data: OverTimeSeries; caption: string }) {
  const columns: DataTableColumn<TestBar>[] = [
    { header: 'Test', kind: 'rowHeader', render: (bar) => bar.label },
    ...data.series.map(({ type, counts }): DataTableColumn<TestBar> => ({
      header: mistakeTypeLabel(type),
      numeric: true,
      render: (bar) => counts[bar.index],
    })),
    {
      header: 'Total',
      numeric: true,
      render: (bar) => data.series.reduce((sum, { counts }) => sum + counts[bar.index], 0),
    },
  ];
  return (
    <DataTable
      rows={data.labels.map((label, index) => ({ label, index }))}
      columns={columns}
      rowKey={(bar) => String(bar.index)}
      label={caption}
      caption={caption}
    />
  );
}
