import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

interface FilterFormProps {
  /** The form's accessible name. */
  label: string;
  /** Called when the form is submitted (Enter in a field, or its submit button). */
  onSearch: () => void;
  /** The narrowest a column gets from md up, in px. */
  columnPx: number;
  /** Space under the form, in theme spacing units. */
  mb?: number;
  children: ReactNode;
}

/**
 * A list's filters (role search): its fields in a grid, one column on a phone, two from sm, and
 * from md as many columns at least `columnPx` wide as fit.
 */
export function FilterForm({ label, onSearch, columnPx, mb, children }: FilterFormProps) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        onSearch();
      }}
      sx={{
        display: 'grid',
        gap: 2,
        mb,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: '1fr',
          sm: '1fr 1fr',
          md: `repeat(auto-fit, minmax(${columnPx}px, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
