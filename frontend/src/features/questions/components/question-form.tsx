/**
 * The missed-question form shared by /tests/:testId/questions/new, /questions/:id/edit and the
 * review wizard's inline form.
 */
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import {
  MISTAKE_TYPES,
  QUESTION_TEXT_MAX_LENGTH,
  SECTIONS,
  questionBodySchema,
  type QuestionBody,
} from '@mcat/contracts';
import { enterSubmitsForm } from '../utils/enter-submits';
import type { QuestionFormFields } from '../utils/question-form-values';
import { TagInput } from './tag-input';

const resolver = zodResolver(questionBodySchema) as unknown as Resolver<
  QuestionFormFields,
  unknown,
  QuestionBody
>;

/**
 * The three explanations: required text of up to QUESTION_TEXT_MAX_LENGTH characters, counted, in
 * a field three rows high. Their labels stay above their fields: in a phone's width the longest
 * ("Why the Right Answer is Correct") would be cut short inside an empty field.
 */
const EXPLANATION_FIELD = {
  slotProps: { inputLabel: { shrink: true } },
  multiline: true,
  minRows: 3,
  required: true,
  maxLength: QUESTION_TEXT_MAX_LENGTH,
  counter: true,
} as const;

/** The explanations' fields and labels, in the form's order. */
const EXPLANATIONS = [
  ['wrongAnswerReason', 'Why I Got It Wrong'],
  ['rightAnswerReason', 'Why the Right Answer is Correct'],
  ['improvementPlan', 'How to Improve'],
] as const;

/** A section's full name wraps on a narrow screen rather than being cut short. */
const WRAPPING_SELECTION = { style: { whiteSpace: 'normal' } } as const;

interface QuestionFormProps {
  initialValues: QuestionFormFields;
  submitLabel: 'Save Question' | 'Update Question';
  errorMessage: string | null;
  tagPool: readonly string[];
  onSubmit: (body: QuestionBody) => Promise<void>;
  onCancel: () => void;
}

export function QuestionForm({
  initialValues,
  submitLabel,
  errorMessage,
  tagPool,
  onSubmit,
  onCancel,
}: QuestionFormProps) {
  const form = useForm<QuestionFormFields, unknown, QuestionBody>({
    resolver,
    defaultValues: initialValues,
  });
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  /** The list's own error (too many tags) or the first tag's (too long). */
  const tagsError =
    errors.topicTags?.message ??
    (Array.isArray(errors.topicTags)
      ? errors.topicTags.find((tagError) => tagError?.message)?.message
      : undefined);

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label="Missed question"
      onSubmit={handleSubmit(onSubmit)}
      onKeyDown={enterSubmitsForm}
    >
      {errors.test ? <Alert severity="error">{errors.test.message}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <Controller
          control={control}
          name="section"
          render={({ field }) => (
            <TextField
              select
              label="Section"
              required
              slotProps={{ select: { SelectDisplayProps: WRAPPING_SELECTION } }}
              {...field}
              error={Boolean(errors.section)}
              helperText={errors.section?.message}
            >
              {SECTIONS.map((section) => (
                <MenuItem key={section.key} value={section.name}>
                  {section.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          form={form}
          name="questionNumber"
          label="Question Number"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <Controller
        control={control}
        name="mistakeType"
        render={({ field }) => (
          <TextField select label="Type of Mistake" {...field}>
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {MISTAKE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {EXPLANATIONS.map(([name, label]) => (
        <FormTextField key={name} form={form} name={name} label={label} {...EXPLANATION_FIELD} />
      ))}
      <Controller
        control={control}
        name="topicTags"
        render={({ field }) => (
          <TagInput
            label="Topic Tags"
            value={field.value}
            onChange={field.onChange}
            pool={tagPool}
            error={tagsError}
          />
        )}
      />
      <Controller
        control={control}
        name="ankiCardMade"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label="I made an Anki card for this question"
          />
        )}
      />
      {errorMessage ? <Alert severity="error">{errorMessage}</Alert> : null}
      <Stack direction="row" spacing={2}>
        <SubmitButton busy={isSubmitting} busyLabel="Saving...">
          {submitLabel}
        </SubmitButton>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}
