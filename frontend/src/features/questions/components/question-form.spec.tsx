import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TOPIC_TAGS,
  QUESTION_TEXT_MAX_LENGTH,
  SECTION_NAMES,
  TOO_LONG,
  TOPIC_TAG_MAX_LENGTH,
  TOPIC_TAGS_MAX,
  type QuestionBody,
} from '@mcat/contracts';
import { newQuestionForm, type QuestionFormFields } from '../utils/question-form-values';
import { QuestionForm } from './question-form';

const TEST_ID = '0123456789abcdef01234567';

const renderForm = (values: Partial<QuestionFormFields> = {}) => {
  const onSubmit = vi.fn<(body: QuestionBody) => Promise<void>>().mockResolvedValue(undefined);
  render(
    <QuestionForm
      initialValues={{
        ...newQuestionForm(TEST_ID, { section: SECTION_NAMES[2], questionNumber: 7 }),
        ...values,
      }}
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
  it("shows each explanation's limit, counts what is typed and stops typing at it", async () => {
    const { user } = renderForm();
    const wrong = screen.getByLabelText(/^Why I Got It Wrong/);
    for (const label of [/^Why I Got It Wrong/, /^Why the Right Answer/, /^How to Improve/]) {
      expect(screen.getByLabelText(label).getAttribute('maxlength')).toBe(
        String(QUESTION_TEXT_MAX_LENGTH),
      );
    }
    expect(screen.getAllByText('0 / 5,000')).toHaveLength(3);
    await user.type(wrong, 'Mixed up');
    expect(screen.getByText('8 / 5,000')).toBeTruthy();
  });

  it("refuses a saved explanation over the limit with the server's message", async () => {
    const { onSubmit, user } = renderForm({
      wrongAnswerReason: 'w'.repeat(QUESTION_TEXT_MAX_LENGTH + 1),
      rightAnswerReason: 'Km is affinity',
      improvementPlan: 'Drill enzyme kinetics',
    });
    await user.click(screen.getByRole('button', { name: 'Save Question' }));
    expect(await screen.findByText(TOO_LONG.wrongAnswerReason)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes at most 20 topic tags of at most 50 characters', async () => {
    const almostFull = Array.from({ length: TOPIC_TAGS_MAX - 1 }, (_, i) => `zz tag ${i}`);
    const { user } = renderForm({ topicTags: almostFull });
    const tags = screen.getByRole('combobox', { name: 'Topic Tags' });
    expect(tags.getAttribute('maxlength')).toBe(String(TOPIC_TAG_MAX_LENGTH));
    await user.type(tags, 'zz tag 19{Enter}');
    await user.type(tags, 'zz tag 20{Enter}');
    const chosen = within(screen.getByRole('list', { name: 'Chosen topic tags' }));
    expect(chosen.getAllByRole('listitem')).toHaveLength(TOPIC_TAGS_MAX);
    expect(screen.getByText(`${TOO_LONG.topicTags} (20 / 20 tags)`)).toBeTruthy();
  });

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
