/**
 * What a data table is made of: its columns, each saying how it shows a row. The same columns
 * drive the table of a wide screen and the cards of a narrow one (data-table.tsx).
 */
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * What a column is to its row: `field`, a value under its header in the table and a labelled
 * line in the card; `rowHeader`, the row's name (its `th scope="row"`, the heading of its card);
 * `actions`, the row's buttons and links (kept on one line in the table, along the card's foot,
 * unlabelled).
 */
export type DataTableColumnKind = 'field' | 'rowHeader' | 'actions';

/**
 * How a value wraps in the table: `anywhere`, text a student typed, which may hold a word longer
 * than its column can be (broken inside it rather than widen the table); `words`, known words such
 * as a section's name, never broken inside; `never`, a number or a date, kept on one line.
 */
export type DataTableWrap = 'anywhere' | 'words' | 'never';

/** Attributes of a value's box such as `data-shade`, in both layouts. */
export type DataAttributes = Record<`data-${string}`, string>;

export interface DataTableColumn<Row> {
  /** The column's header in the table and the value's label in a card; unique in its table. */
  header: string;
  /** What the column shows of a row, the same in both layouts. */
  render: (row: Row) => ReactNode;
  /** `field` unless given. */
  kind?: DataTableColumnKind;
  /** A number: right-aligned in the table, and never broken across lines. */
  numeric?: boolean;
  /** How the column's values wrap in the table; `anywhere`, or `never` for a number, if not given. */
  wrap?: DataTableWrap;
  /** The look of a row's value (a shaded count), in both layouts. */
  valueSx?: (row: Row) => SxProps<Theme>;
  /** Attributes of a row's value box, in both layouts. */
  valueAttributes?: (row: Row) => DataAttributes;
}

/** A row's details, shown under it (a second table row, the end of its card) when open. */
export interface DataTableRowDetails<Row> {
  isOpen: (row: Row) => boolean;
  /** The details; they expand and collapse themselves (a Collapse whose `in` is `isOpen`). */
  render: (row: Row) => ReactNode;
}

export const kindOf = <Row>(column: DataTableColumn<Row>): DataTableColumnKind =>
  column.kind ?? 'field';
