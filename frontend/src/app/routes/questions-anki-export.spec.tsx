import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_ID_HEADER,
  ANKI_MESSAGES,
  type Question,
  type QuestionPage,
} from '@mcat/contracts';
import { fakeServer, json } from '../../test-support/fake-server';
import { storedQuestions } from '../../test-support/fixtures';
import { renderRoute } from '../../test-support/render-route';
import { QuestionsRoute } from './questions-route';

const EXPORT_ID = '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11';

const stored = (): Question[] => storedQuestions(4, (i) => (i < 2 ? 'Optics' : 'Enzymes'));

/** The questions service: the list and search, and the Anki export of the search's answer. */
function ankiServer() {
  const questions = stored();
  let exported: string[] = [];
  const requests = fakeServer((route, url) => {
    const tag = url.searchParams.get('topicTag');
    const matching = questions.filter((q) => !tag || q.topicTags.includes(tag));
    if (route === 'GET /api/questions' || route === 'GET /api/questions/search') {
      const page: QuestionPage = {
        questions: matching.map((q) => ({ ...q })),
        total: matching.length,
        nextCursor: null,
      };
      return json(200, page);
    }
    if (route === 'GET /api/questions/export/anki') {
      exported = matching.map((q) => q._id);
      return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.anki',
          [ANKI_EXPORT_ID_HEADER]: EXPORT_ID,
          [ANKI_EXPORT_COUNT_HEADER]: String(exported.length),
        },
      });
    }
    if (route === 'POST /api/questions/export/anki/mark') {
      for (const q of questions) if (exported.includes(q._id)) q.ankiCardMade = true;
      return json(200, {
        marked: exported.length,
        message: ANKI_MESSAGES.marked(exported.length),
      });
    }
    return undefined;
  });
  return { requests };
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(53);
  Object.assign(URL, { createObjectURL: () => 'blob:deck', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const switchOf = (questionNumber: number) =>
  screen.findByRole('switch', {
    name: new RegExp(`^Anki card made for question ${questionNumber} `),
  }) as Promise<HTMLInputElement>;

describe('/questions: Export to Anki', { timeout: 30_000 }, () => {
  it('exports the filtered questions, and marking them shows in the list at once', async () => {
    const { requests } = ankiServer();
    renderRoute(<QuestionsRoute />, { pattern: '/questions', path: '/questions' });
    await screen.findByRole('table', { name: 'All missed questions' });
    fireEvent.change(screen.getByLabelText('Topic Tag'), { target: { value: 'Optics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByRole('heading', { name: '2 questions' })).toBeTruthy();
    expect((await switchOf(1)).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: ANKI_MESSAGES.exportButton }));
    const offer = await screen.findByRole('alert');
    expect(offer.textContent).toContain(ANKI_MESSAGES.exported(2));
    const exportCall = requests.find((url) => url.pathname === '/api/questions/export/anki');
    expect(exportCall?.search).toBe('?topicTag=Optics');

    const searchesBefore = requests.filter((u) => u.pathname === '/api/questions/search').length;
    fireEvent.click(within(offer).getByRole('button', { name: ANKI_MESSAGES.markButton }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(ANKI_MESSAGES.marked(2)),
    );
    await waitFor(async () => {
      expect((await switchOf(1)).checked).toBe(true);
      expect((await switchOf(2)).checked).toBe(true);
    });
    expect(requests.filter((u) => u.pathname === '/api/questions/search').length).toBeGreaterThan(
      searchesBefore,
    );
  });

  it('cannot export while no question is listed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const { pathname } = new URL(new Request(input, init).url);
        if (pathname === '/api/tests') return json(200, []);
        return json(200, { questions: [], total: 0, nextCursor: null });
      }),
    );
    renderRoute(<QuestionsRoute />, { pattern: '/questions', path: '/questions' });
    expect(await screen.findByText('No Questions Found')).toBeTruthy();
    const button = screen.getByRole('button', { name: ANKI_MESSAGES.exportButton });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
