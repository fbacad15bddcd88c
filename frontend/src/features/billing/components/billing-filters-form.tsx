import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  EMAIL_MAX_LENGTH,
  EVENT_TYPE_FILTER_MAX_LENGTH,
  STATUS_FILTER_MAX_LENGTH,
} from '@mcat/contracts';
import { FilterForm } from '../../../components/filter-form';
import { NO_BILLING_FILTERS, type BillingFilters } from '../utils/billing-filters';

/** The longest text each filter takes (the server's limits). */
const MAX_LENGTH: Partial<Record<keyof BillingFilters, number>> = {
  type: EVENT_TYPE_FILTER_MAX_LENGTH,
  status: STATUS_FILTER_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
};

interface BillingFiltersFormProps {
  onApply: (filters: BillingFilters) => void;
}

/** Event type, status, e-mail and a date range; Apply Filters and Clear Filters. */
export function BillingFiltersForm({ onApply }: BillingFiltersFormProps) {
  const [values, setValues] = useState<BillingFilters>(NO_BILLING_FILTERS);
  const field = (key: keyof BillingFilters, label: string, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={values[key]}
      onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      slotProps={
        type === 'date'
          ? { inputLabel: { shrink: true } }
          : { htmlInput: { maxLength: MAX_LENGTH[key] } }
      }
    />
  );
  return (
    <FilterForm label="Filter billing records" onSearch={() => onApply(values)} columnPx={150}>
      {field('type', 'Event type')}
      {field('status', 'Status')}
      {field('email', 'Email')}
      {field('from', 'From', 'date')}
      {field('to', 'To', 'date')}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Apply Filters
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            setValues(NO_BILLING_FILTERS);
            onApply(NO_BILLING_FILTERS);
          }}
        >
          Clear Filters
        </Button>
      </Box>
    </FilterForm>
  );
}
