/** Filters of the questions tables: Section, Mistake Type, Anki Status, and optionally Test and Topic Tag. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ANKI_STATUSES, MISTAKE_TYPES, SECTIONS, TOPIC_TAG_MAX_LENGTH } from '@mcat/contracts';
import { FilterForm } from '../../../components/filter-form';
import type { QuestionFilterValues } from '../utils/question-filters';

export interface TestOption {
  id: string;
  label: string;
}

interface QuestionFiltersProps {
  values: QuestionFilterValues;
  onChange: (values: QuestionFilterValues) => void;
  onClear: () => void;
  /** Shown with the Test filter (the all-questions page). */
  testOptions?: readonly TestOption[];
  /** Shown with the Topic Tag filter and the Apply Filters button (the all-questions page). */
  onApply?: () => void;
}

const ANKI_LABELS = { made: 'Anki card made', 'not made': 'No Anki card' } as const;

export function QuestionFilters({
  values,
  onChange,
  onClear,
  testOptions,
  onApply,
}: QuestionFiltersProps) {
  const set = <K extends keyof QuestionFilterValues>(key: K, value: QuestionFilterValues[K]) =>
    onChange({ ...values, [key]: value });

  return (
    <FilterForm label="Filter questions" onSearch={() => onApply?.()} columnPx={160} mb={2}>
      <TextField
        select
        size="small"
        label="Section"
        value={values.section}
        onChange={(event) => set('section', event.target.value as QuestionFilterValues['section'])}
      >
        <MenuItem value="">All Sections</MenuItem>
        {SECTIONS.map((section) => (
          <MenuItem key={section.key} value={section.name}>
            {section.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Mistake Type"
        value={values.mistakeType}
        onChange={(event) =>
          set('mistakeType', event.target.value as QuestionFilterValues['mistakeType'])
        }
      >
        <MenuItem value="">All Types</MenuItem>
        {MISTAKE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Anki Status"
        value={values.ankiStatus}
        onChange={(event) =>
          set('ankiStatus', event.target.value as QuestionFilterValues['ankiStatus'])
        }
      >
        <MenuItem value="">All</MenuItem>
        {ANKI_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {ANKI_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      {testOptions ? (
        <TextField
          select
          size="small"
          label="Test"
          value={values.testId}
          onChange={(event) => set('testId', event.target.value)}
        >
          <MenuItem value="">All Tests</MenuItem>
          {testOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {onApply ? (
        <TextField
          size="small"
          label="Topic Tag"
          value={values.topicTag}
          onChange={(event) => set('topicTag', event.target.value)}
          slotProps={{ htmlInput: { maxLength: TOPIC_TAG_MAX_LENGTH } }}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {onApply ? (
          <Button type="submit" variant="contained">
            Apply Filters
          </Button>
        ) : null}
        <Button variant="outlined" onClick={onClear}>
          Clear Filters
        </Button>
      </Box>
    </FilterForm>
  );
}
