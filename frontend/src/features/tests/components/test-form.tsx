/**
 * The test form shared by /tests/new and /tests/:id/edit: date, source
 * (Other asks for a custom source), the four section scores and the computed total.
 */
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import Typography from '@mui/material/Typography';
import {
  OTHER_SOURCE,
  SECTIONS,
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  SOURCE_MAX_LENGTH,
  TEST_SOURCE_OPTIONS,
  computeTotalScore,
  testFormSchema,
} from '@mcat/contracts';
import type { z } from 'zod';
import { RouterLink } from '../../../components/router-link';
import { localToday } from '../../../lib/dates';
import type { TestFormFields } from '../utils/test-form-values';

const schema = testFormSchema(() => localToday());
export type TestFormOutput = z.output<typeof schema>;

const zod = zodResolver(schema);

/** The total is never typed: it is the computed sum, validated with the rest. */
const resolver: Resolver<TestFormFields, unknown, TestFormOutput> = (values, context, options) =>
  zod(
    { ...values, totalScore: computeTotalScore(values.subscores) ?? '' },
    context,
    options as never,
  ) as ReturnType<Resolver<TestFormFields, unknown, TestFormOutput>>;

interface TestFormProps {
  initialValues: TestFormFields;
  submitLabel: 'Save Test' | 'Update Test';
  /** An error to show above the buttons (a failed save or a premium limit). */
  errorMessage: string | null;
  onSubmit: (values: TestFormOutput) => Promise<void>;
}

export function TestForm({ initialValues, submitLabel, errorMessage, onSubmit }: TestFormProps) {
  const form = useForm<TestFormFields, unknown, TestFormOutput>({
    resolver,
    defaultValues: initialValues,
  });
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const source = useWatch({ control, name: 'source' });
  const subscores = useWatch({ control, name: 'subscores' });
  const total = computeTotalScore(subscores);
  const subscoreErrors = Boolean(errors.subscores);
  /** The resolver reports the computed total's error under this name. */
  const totalError = (errors as { totalScore?: { message?: string } }).totalScore;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Test details"
    >
      <FormTextField
        form={form}
        name="dateTaken"
        label="Date Taken"
        type="date"
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localToday() } }}
      />
      <Controller
        control={control}
        name="source"
        render={({ field }) => (
          <TextField
            select
            label="Test Source"
            required
            {...field}
            error={Boolean(errors.source)}
            helperText={errors.source?.message}
          >
            {TEST_SOURCE_OPTIONS.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {source === OTHER_SOURCE ? (
        <FormTextField
          form={form}
          name="customSource"
          label="Custom Test Source"
          required
          maxLength={SOURCE_MAX_LENGTH}
        />
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {SECTIONS.map((section) => (
          <FormTextField
            key={section.key}
            form={form}
            name={`subscores.${section.key}`}
            label={`${section.scoreLabel} Score`}
            type="number"
            required
            hint={`${SECTION_SCORE_MIN}-${SECTION_SCORE_MAX}`}
            slotProps={{
              htmlInput: { min: SECTION_SCORE_MIN, max: SECTION_SCORE_MAX, inputMode: 'numeric' },
            }}
          />
        ))}
      </Box>
      <Box>
        <Typography component="p" variant="h6" aria-live="polite">
          Total Score: <span data-testid="computed-total">{total ?? '—'}</span>
        </Typography>
        {totalError && !subscoreErrors ? (
          <Typography color="error" variant="body2">
            {totalError.message}
          </Typography>
        ) : null}
      </Box>
      {errorMessage ? <Alert severity="error">{errorMessage}</Alert> : null}
      <Stack direction="row" spacing={2}>
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          {submitLabel}
        </SubmitButton>
        <Button component={RouterLink} to="/tests">
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
