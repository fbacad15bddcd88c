import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DueQuestion, ReviewedQuestion } from '@mcat/contracts';
import { renderRoute, serverAnswers, type ServerAnswer } from '../../test-support/render-route';
import { ReReviewRoute } from './re-review-route';

const TEST = { _id: 'a'.repeat(24), source: 'AAMC FL 2', dateTaken: '2025-01-15T00:00:00.000Z' };
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

const dueQuestion = (n: number, overrides: Partial<DueQuestion> = {}): DueQuestion => ({
  _id: String(n).padStart(24, '0'),
  test: TEST,
  section: 'Biological and Biochemical Foundations',
  questionNumber: n,
  mistakeType: 'Content Gap',
  wrongAnswerReason: `Confused the enzymes of question ${n}`,
  rightAnswerReason: `Hexokinase is inhibited by its product (${n})`,
  improvementPlan: `Redo the glycolysis flashcards (${n})`,
  ankiCardMade: false,
  topicTags: ['Glycolysis', 'Enzymes'],
  createdAt: '2025-01-16T10:00:00.000Z',
  nextReviewAt: '2025-01-16T10:00:00.000Z',
  nextReviewAtByOutcome: {
    again: inMs(10 * MIN),
    hard: inMs(15 * MIN),
    good: inMs(2 * DAY),
    easy: inMs(8 * DAY),
  },
  ...overrides,
});

const reviewed = (question: DueQuestion, nextReviewAt: string): ReviewedQuestion => {
  const { nextReviewAtByOutcome: _previews, ...rest } = question;
  return { ...rest, nextReviewAt };
};

/** Opens the page against the given answers; answers the POST bodies it sent, with their paths. */
const open = (due: DueQuestion[], more: Record<string, ServerAnswer> = {}) => {
  const answer = serverAnswers({
    'GET /api/questions/review/due': { status: 200, body: due },
    ...more,
  });
  const posts: [string, unknown][] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') {
      posts.push([new URL(request.url).pathname, await request.clone().json()]);
    }
    return answer(request);
  });
  renderRoute(<ReReviewRoute />, { pattern: '/re-review', path: '/re-review' });
  return posts;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/re-review', () => {
  it('shows what the question was first, and the reasons and plan only on "Show answer"', async () => {
    open([dueQuestion(7), dueQuestion(8)]);
    const card = await screen.findByRole('region', {
      name: 'Biological and Biochemical Foundations, question 7',
    });
    expect(screen.getByText('1 of 2')).toBeTruthy();
    expect(within(card).getByText('Content Gap')).toBeTruthy();
    expect(within(card).getByText('Glycolysis')).toBeTruthy();
    expect(within(card).getByText(/AAMC FL 2/)).toBeTruthy();
    expect(within(card).queryByText(/Confused the enzymes/)).toBeNull();
    expect(within(card).queryByText(/Redo the glycolysis/)).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Good/ })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Show answer' }));
    expect(within(card).getByText('Confused the enzymes of question 7')).toBeTruthy();
    expect(within(card).getByText('Hexokinase is inhibited by its product (7)')).toBeTruthy();
    expect(within(card).getByText('Redo the glycolysis flashcards (7)')).toBeTruthy();
    const group = within(card).getByRole('group', { name: 'How well did you remember it?' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Again: next review in 10 min (key 1)',
      'Hard: next review in 15 min (key 2)',
      'Good: next review in 2 days (key 3)',
      'Easy: next review in 8 days (key 4)',
    ]);
  });

  it('an outcome button posts it and the next question follows; the last ends the sitting', async () => {
    const [first, second] = [dueQuestion(7), dueQuestion(8)];
    const posts = open([first, second], {
      [`POST /api/questions/${first._id}/review`]: {
        status: 200,
        body: reviewed(first, inMs(2 * DAY)),
      },
      [`POST /api/questions/${second._id}/review`]: {
        status: 200,
        body: reviewed(second, inMs(10 * MIN)),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show answer' }));
    fireEvent.click(screen.getByRole('button', { name: /^Good:/ }));
    expect(
      await screen.findByRole('region', {
        name: 'Biological and Biochemical Foundations, question 8',
      }),
    ).toBeTruthy();
    expect(screen.getByText('2 of 2')).toBeTruthy();
    expect(screen.queryByText('Confused the enzymes of question 8')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show answer' }));
    fireEvent.keyDown(window, { key: '1' });
    expect(
      await screen.findByRole('heading', { name: 'Done: you re-reviewed 2 questions' }),
    ).toBeTruthy();
    expect(screen.getByText(/The next one is due in 10 min/)).toBeTruthy();
    expect(posts).toEqual([
      [`/api/questions/${first._id}/review`, { outcome: 'good' }],
      [`/api/questions/${second._id}/review`, { outcome: 'again' }],
    ]);
  });

  it("shows the server's message when a review is refused, and stays on the question", async () => {
    const question = dueQuestion(7);
    open([question], {
      [`POST /api/questions/${question._id}/review`]: {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'Question Not Found' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show answer' }));
    fireEvent.click(screen.getByRole('button', { name: /^Easy:/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Question Not Found');
    expect(screen.getByText('1 of 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to re-review now' })).toBeTruthy();
  });

  it('says what to do when nothing is due', async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'Nothing to re-review now' })).toBeTruthy();
    expect(screen.getByText(/Log missed questions while you review a practice test/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your tests' }).getAttribute('href')).toBe(
      '/tests',
    );
  });

  it("shows the server's message when the due list cannot be loaded", async () => {
    open([], {
      'GET /api/questions/review/due': {
        status: 503,
        body: { statusCode: 503, code: 'UNAVAILABLE', message: 'Questions are unavailable' },
      },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Questions are unavailable'),
    );
  });
});
