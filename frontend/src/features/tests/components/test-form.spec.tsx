import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION } from '@mcat/contracts';
import { emptyTestForm } from '../utils/test-form-values';
import { TestForm, type TestFormOutput } from './test-form';

const renderForm = (onSubmit = vi.fn<(values: TestFormOutput) => Promise<void>>()) => {
  render(
    <MemoryRouter>
      <TestForm
        initialValues={emptyTestForm()}
        submitLabel="Save Test"
        errorMessage={null}
        onSubmit={onSubmit}
      />
    </MemoryRouter>,
  );
  return onSubmit;
};

const typeScores = async (scores: Record<string, string>) => {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(scores)) {
    await user.type(screen.getByLabelText(new RegExp(`^${label} Score`)), value);
  }
  return user;
};

const total = () => screen.getByTestId('computed-total').textContent;

afterEach(cleanup);

describe('the computed total score', () => {
  it('is the plain sum of the four section scores', async () => {
    renderForm();
    await typeScores({ 'Chem/Phys': '125', CARS: '124', Bio: '127', 'Psych/Soc': '126' });
    expect(total()).toBe('502');
  });

  it('is a dash while a section score is missing', async () => {
    renderForm();
    expect(total()).toBe('—');
    await typeScores({ 'Chem/Phys': '125', CARS: '124', Bio: '127' });
    expect(total()).toBe('—');
  });

  it('is a dash when the sum falls outside 472-528', async () => {
    renderForm();
    await typeScores({ 'Chem/Phys': '140', CARS: '140', Bio: '140', 'Psych/Soc': '140' });
    expect(total()).toBe('—');
  });

  it('is sent with the test, and a custom source replaces Other', async () => {
    const onSubmit = renderForm(vi.fn().mockResolvedValue(undefined));
    const user = await typeScores({
      'Chem/Phys': '120',
      CARS: '121',
      Bio: '122',
      'Psych/Soc': '123',
    });
    await user.type(screen.getByLabelText(/^Date Taken/), '2025-01-15');
    await user.click(screen.getByRole('combobox', { name: /Test Source/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Save Test' }));
    expect(await screen.findByText(VALIDATION.customSourceRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Custom Test Source/), '  My Own FL  ');
    await user.click(screen.getByRole('button', { name: 'Save Test' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      dateTaken: '2025-01-15',
      source: 'My Own FL',
      subscores: { chemPhys: 120, cars: 121, bio: 122, psychSoc: 123 },
      totalScore: 486,
    });
  });
});
