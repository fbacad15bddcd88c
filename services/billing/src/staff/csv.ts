/** One CSV line (RFC 4180, CRLF). */
export function csvLine(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A value as a CSV cell: quoted when it holds a comma, quote or line break; text starting with
 * = + - @ or a tab is prefixed with ' so a spreadsheet does not run it as a formula.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document: the header line, then one line per row, produced as rows are read. */
export async function* csvDocument<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  toValues: (row: T) => (string | number | boolean | null)[],
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const row of rows) yield csvLine(toValues(row));
}
