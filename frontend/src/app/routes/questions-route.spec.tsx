import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question, QuestionPage } from '@mcat/contracts';
import { fakeServer, json } from '../../test-support/fake-server';
import { storedQuestions } from '../../test-support/fixtures';
import { renderRoute } from '../../test-support/render-route';
import { QuestionsRoute } from './questions-route';

const ROW_PX = 53;
const BOX_PX = 600;

const idOf = (index: number) => String(index).padStart(24, '0');

const stored = (count: number): Question[] =>
  storedQuestions(count, (i) => (i % 2 === 0 ? 'Optics' : 'Enzymes'));

/**
 * The questions service as the page sees it: pages after a cursor (here the last question's id),
 * the search's topic tag, the Anki toggle and delete. `failNextPages` answers that many requests
 * for a page after the first with 503.
 */
function questionsServer(questions: Question[]) {
  const state = { questions, failNextPages: 0 };
  const page = (matching: Question[], url: URL): QuestionPage => {
    const limit = Number(url.searchParams.get('limit'));
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : matching.findIndex((q) => q._id === cursor) + 1;
    const shown = matching.slice(start, start + limit);
    const last = shown[shown.length - 1];
    return {
      questions: shown,
      total: matching.length,
      nextCursor: last && start + limit < matching.length ? last._id : null,
    };
  };
  const requests = fakeServer((route, url) => {
    if (route === 'GET /api/questions' || route === 'GET /api/questions/search') {
      if (url.searchParams.has('cursor') && state.failNextPages > 0) {
        state.failNextPages -= 1;
        return json(503);
      }
      const tag = url.searchParams.get('topicTag');
      return json(
        200,
        page(
          state.questions.filter((q) => !tag || q.topicTags.includes(tag)),
          url,
        ),
      );
    }
    const anki = /^PATCH \/api\/questions\/(\w+)\/anki$/.exec(route);
    if (anki) {
      const question = state.questions.find((q) => q._id === anki[1]);
      if (!question) return json(404, { statusCode: 404, message: 'Question Not Found' });
      question.ankiCardMade = !question.ankiCardMade;
      return json(200, question);
    }
    const removed = /^DELETE \/api\/questions\/(\w+)$/.exec(route);
    if (removed) {
      state.questions = state.questions.filter((q) => q._id !== removed[1]);
      return json(200, { message: 'Question deleted' });
    }
    return undefined;
  });
  const listRequests = () => requests.filter((url) => url.pathname.startsWith('/api/questions'));
  return { state, listRequests };
}

/** jsdom lays nothing out: the table's box shows BOX_PX and each question is ROW_PX high. */
const layOut = () => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(BOX_PX);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW_PX);
};

const openPage = async () => {
  renderRoute(<QuestionsRoute />, { pattern: '/questions', path: '/questions' });
  return screen.findByRole('table', { name: 'All missed questions' });
};

/** Scrolls the table's box to its end, as a student would. */
const scrollToEnd = (table: HTMLElement) => {
  const box = table.parentElement as HTMLElement;
  act(() => {
    box.scrollTop = 1_000_000;
    fireEvent.scroll(box);
  });
};

const switchOf = (questionNumber: number) =>
  screen.findByRole('switch', {
    name: new RegExp(`^Anki card made for question ${questionNumber} `),
  });

beforeEach(layOut);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/questions, a page at a time', { timeout: 30_000 }, () => {
  it('shows the first page at once with the count of the whole list', async () => {
    const { listRequests } = questionsServer(stored(120));
    const table = await openPage();
    expect(screen.getByRole('heading', { name: '120 questions' })).toBeTruthy();
    expect(await switchOf(1)).toBeTruthy();
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(1);
    expect(rendered).toBeLessThan(1 + 2 * 50);
    expect(listRequests().map((url) => url.search)).toEqual(['?limit=50']);
  });

  it('loads the next pages as the student scrolls near the end, each after the last cursor', async () => {
    const { listRequests } = questionsServer(stored(120));
    const table = await openPage();
    scrollToEnd(table);
    await waitFor(() =>
      expect(listRequests().map((url) => url.searchParams.get('cursor'))).toEqual([
        null,
        idOf(49),
        idOf(99),
      ]),
    );
    scrollToEnd(table);
    expect(await switchOf(120)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /^Anki card made for question 1 / })).toBeNull();
  });

  it('a page that fails to load says what to do, and Try again loads it', async () => {
    const { state, listRequests } = questionsServer(stored(120));
    state.failNextPages = 1;
    const table = await openPage();
    scrollToEnd(table);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Failed to fetch questions. The questions above are kept: check your connection, then try again.',
    );
    scrollToEnd(table);
    expect(listRequests()).toHaveLength(2);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(listRequests()[2]?.searchParams.get('cursor')).toBe(idOf(49));
    scrollToEnd(table);
    expect(await switchOf(120)).toBeTruthy();
  });

  it('applying filters starts the search from its first page, with its own count', async () => {
    const { listRequests } = questionsServer(stored(120));
    const table = await openPage();
    scrollToEnd(table);
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(1));
    fireEvent.change(screen.getByLabelText('Topic Tag'), { target: { value: 'Optics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByRole('heading', { name: '60 questions' })).toBeTruthy();
    const searches = listRequests().filter((url) => url.pathname === '/api/questions/search');
    expect(searches[0]?.search).toBe('?topicTag=Optics&limit=50');
    expect(await switchOf(1)).toBeTruthy();
  });

  it('an Anki toggle and a delete show in the list the student is looking at', async () => {
    questionsServer(stored(120));
    await openPage();
    const anki = await switchOf(3);
    expect((anki as HTMLInputElement).checked).toBe(false);
    fireEvent.click(anki);
    await waitFor(async () => expect(((await switchOf(3)) as HTMLInputElement).checked).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: /^Delete question 2 / }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('heading', { name: '119 questions' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /^Anki card made for question 2 / })).toBeNull();
  });
});
