/**
 * The data table for lists of any length: the rows scroll (downwards only) in a box of their own,
 * and only those in view are rendered (@tanstack/react-virtual). In the table each row is its own
 * `tbody`, so that an open row is measured with its details, and the rows above and below are
 * stood for by empty, hidden spacers; in the list of cards, by the list's padding.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useNarrowScreen } from '../../lib/use-narrow-screen';
import type { DataTableProps } from './data-table';
import {
  CARD_LIST_SX,
  DataTableCard,
  DataTableHead,
  DataTableRow,
  TABLE_SX,
} from './data-table-parts';

export interface WindowedDataTableProps<Row> extends Omit<DataTableProps<Row>, 'caption' | 'id'> {
  /** The box the rows scroll in: its greatest height (CSS). */
  maxHeight: string;
  /** A row's height in px until it is measured, in the table and as a card. */
  estimatedHeight: { row: number; card: number };
  /** Rows rendered beyond each edge of the box, so a fast scroll or a Tab meets real rows. */
  overscan: number;
  /** Told the index of the last row rendered, whenever it changes. */
  onRenderedThrough?: (lastIndex: number) => void;
  /** What shows under the rows, inside the box (loading more, a failure). */
  footer?: ReactNode;
}

type Layout = 'table' | 'cards';

function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  if (height <= 0) return null;
  return (
    <tbody aria-hidden="true">
      <tr>
        <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
      </tr>
    </tbody>
  );
}

function WindowedRows<Row>({
  layout,
  rows,
  columns,
  rowKey,
  label,
  details,
  maxHeight,
  estimatedHeight,
  overscan,
  onRenderedThrough,
  footer,
}: WindowedDataTableProps<Row> & { layout: Layout }) {
  const scrollBox = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    [rows, rowKey],
  );
  const estimate = layout === 'table' ? estimatedHeight.row : estimatedHeight.card;
  const estimateSize = useCallback(() => estimate, [estimate]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollBox.current,
    estimateSize,
    getItemKey,
    overscan,
    // Before the box is measured: a screenful, so the first rows show in the first paint.
    initialRect: { width: 0, height: window.innerHeight },
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const last = items[items.length - 1];
  const after = virtualizer.getTotalSize() - (last?.end ?? 0);
  const lastIndex = last?.index ?? -1;

  useEffect(() => {
    onRenderedThrough?.(lastIndex);
  }, [lastIndex, onRenderedThrough]);

  const shown = items.flatMap((item) => {
    const row = rows[item.index];
    return row === undefined ? [] : [{ item, row }];
  });

  if (layout === 'cards') {
    return (
      <Box ref={scrollBox} sx={{ maxHeight, overflowY: 'auto' }}>
        <Box
          component="ul"
          role="list"
          aria-label={label}
          sx={CARD_LIST_SX}
          style={{ paddingTop: before, paddingBottom: after }}
        >
          {shown.map(({ item, row }) => (
            <Box
              component="li"
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              sx={{ pb: 1.5 }}
            >
              <DataTableCard row={row} columns={columns} details={details} />
            </Box>
          ))}
        </Box>
        {footer}
      </Box>
    );
  }
  return (
    <TableContainer ref={scrollBox} sx={{ maxHeight, overflowY: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label} sx={TABLE_SX}>
        <DataTableHead columns={columns} />
        <Spacer height={before} columnCount={columns.length} />
        {shown.map(({ item, row }) => (
          <TableBody key={item.key} ref={virtualizer.measureElement} data-index={item.index}>
            <DataTableRow row={row} columns={columns} details={details} />
          </TableBody>
        ))}
        <Spacer height={after} columnCount={columns.length} />
      </Table>
      {footer}
    </TableContainer>
  );
}

/**
 * A table on a wide screen, cards on a narrow one; each layout measures its own rows, so a
 * change of layout starts again from the top.
 */
export function WindowedDataTable<Row>(props: WindowedDataTableProps<Row>) {
  const layout: Layout = useNarrowScreen() ? 'cards' : 'table';
  return <WindowedRows key={layout} layout={layout} {...props} />;
}
