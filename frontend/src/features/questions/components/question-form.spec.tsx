import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOPIC_TAGS, SECTION_NAMES, type QuestionBody } from '@mcat/contracts';
import { newQuestionForm } from '../utils/question-form-values';
import { QuestionForm } from './question-form';

const TEST_ID = '0123456789abcdef01234567';

const renderForm = () => {
  const onSubmit = vi.fn<(body: QuestionBody) => Promise<void>>().mockResolvedValue(undefined);
  render(
    <QuestionForm
      initialValues={newQuestionForm(TEST_ID, { section: SECTION_NAMES[2], questionNumber: 7 })}
      submitLabel="Save Question"
      errorMessage={null}
      tagPool={DEFAULT_TOPIC_TAGS}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
};

const fillReasons = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText(/^Why I Got It Wrong/), 'Mixed up Km and Vmax');
  await user.type(screen.getByLabelText(/^Why the Right Answer is Correct/), 'Km is affinity');
  await user.type(screen.getByLabelText(/^How to Improve/), 'Drill enzyme kinetics');
};

afterEach(cleanup);

describe('the question form', () => {
  it('Enter in the tag input adds a tag and does not submit', async () => {
    const { onSubmit, user } = renderForm();
    const tags = screen.getByRole('combobox', { name: 'Topic Tags' });
    await user.type(tags, 'enzy{Enter}');
    await user.type(tags, 'my own tag{Enter}');
    await user.type(tags, 'ENZYMES{Enter}');
    const chosen = within(screen.getByRole('list', { name: 'Chosen topic tags' }));
    expect(chosen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Enzymes',
      'my own tag',
    ]);
    await user.type(tags, '{Backspace}');
    expect(
      within(screen.getByRole('list', { name: 'Chosen topic tags' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the suggestion list shows at most five and Escape closes it', async () => {
    const { user } = renderForm();
    const tags = screen.getByRole('combobox', { name: 'Topic Tags' });
    await user.type(tags, 'o');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('Enter in a textarea adds a line and does not submit', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/^How to Improve/), 'one{Enter}two');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^How to Improve/).value).toBe('one\ntwo');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter in the question number submits the form with the preset section', async () => {
    const { onSubmit, user } = renderForm();
    await fillReasons(user);
    await user.type(screen.getByRole('combobox', { name: 'Topic Tags' }), 'Enzymes{Enter}');
    await user.type(screen.getByLabelText(/^Question Number/), '{Enter}');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      test: TEST_ID,
      section: SECTION_NAMES[2],
      questionNumber: 7,
      topicTags: ['Enzymes'],
      ankiCardMade: false,
    });
  });
});
