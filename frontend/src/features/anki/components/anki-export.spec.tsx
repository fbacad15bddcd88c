import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_FILE_NAME,
  ANKI_EXPORT_ID_HEADER,
  ANKI_MESSAGES,
} from '@mcat/contracts';
import { renderRoute } from '../../../test-support/render-route';
import { AnkiExport } from './anki-export';

const EXPORT_ID = '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11';

interface Served {
  requests: Request[];
  /** Resolves the pending export (answers are held until then). */
  releaseExport: () => void;
}

/** The questions service's two Anki routes; the export waits for `releaseExport`. */
function fakeServer({
  exportId = EXPORT_ID as string | null,
  count = 2,
  exportStatus = 200,
  markStatus = 200,
} = {}): Served {
  const requests: Request[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      const { pathname } = new URL(request.url);
      if (request.method === 'GET' && pathname === '/api/questions/export/anki') {
        await released;
        if (exportStatus !== 200) {
          return new Response(
            JSON.stringify({
              statusCode: exportStatus,
              code: 'VALIDATION',
              message: 'Unknown section',
            }),
            { status: exportStatus, headers: { 'Content-Type': 'application/json' } },
          );
        }
        const headers: Record<string, string> = {
          'Content-Type': 'application/vnd.anki',
          [ANKI_EXPORT_COUNT_HEADER]: String(count),
        };
        if (exportId) headers[ANKI_EXPORT_ID_HEADER] = exportId;
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers });
      }
      if (request.method === 'POST' && pathname === '/api/questions/export/anki/mark') {
        const body =
          markStatus === 200
            ? { marked: count, message: ANKI_MESSAGES.marked(count) }
            : { statusCode: markStatus, code: 'NOT_FOUND', message: ANKI_MESSAGES.exportUnknown };
        return new Response(JSON.stringify(body), {
          status: markStatus,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ statusCode: 404, message: 'Not Found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { requests, releaseExport: () => release() };
}

let saved: { href: string; download: string }[];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs: the deck is given a fixed one.
  Object.assign(URL, { createObjectURL: () => 'blob:deck', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const exportButton = () => screen.getByRole('button', { name: ANKI_MESSAGES.exportButton });

describe('Export to Anki', () => {
  it('exports with the applied filters, busy meanwhile, and saves the deck', async () => {
    const server = fakeServer();
    renderRoute(
      <AnkiExport
        filters={{
          section: 'Chemical and Physical Foundations',
          topicTag: 'Optics',
          mistakeType: undefined,
        }}
      />,
      { pattern: '/questions', path: '/questions' },
    );
    fireEvent.click(exportButton());
    const busy = await screen.findByRole('button', { name: ANKI_MESSAGES.exporting });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    server.releaseExport();

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ANKI_MESSAGES.exported(2));
    expect(saved).toEqual([{ href: 'blob:deck', download: ANKI_EXPORT_FILE_NAME }]);
    const url = new URL(server.requests[0].url);
    expect(url.pathname).toBe('/api/questions/export/anki');
    expect([...url.searchParams]).toEqual([
      ['section', 'Chemical and Physical Foundations'],
      ['topicTag', 'Optics'],
    ]);
    expect((exportButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers to mark exactly that export, and says how many were marked', async () => {
    const server = fakeServer();
    server.releaseExport();
    renderRoute(<AnkiExport filters={null} />, { pattern: '/questions', path: '/questions' });
    fireEvent.click(exportButton());
    const notice = await screen.findByRole('alert');
    expect(new URL(server.requests[0].url).search).toBe('');
    fireEvent.click(within(notice).getByRole('button', { name: ANKI_MESSAGES.markButton }));

    expect((await screen.findByRole('alert')).textContent).toContain(ANKI_MESSAGES.marked(2));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(ANKI_MESSAGES.marked(2)),
    );
    const mark = server.requests.find((r) => r.method === 'POST');
    expect(mark && new URL(mark.url).pathname).toBe('/api/questions/export/anki/mark');
    expect(await mark?.json()).toEqual({ exportId: EXPORT_ID });
  });

  it("shows the server's message when marking fails", async () => {
    const server = fakeServer({ markStatus: 404 });
    server.releaseExport();
    renderRoute(<AnkiExport filters={null} />, { pattern: '/questions', path: '/questions' });
    fireEvent.click(exportButton());
    fireEvent.click(
      within(await screen.findByRole('alert')).getByRole('button', {
        name: ANKI_MESSAGES.markButton,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(ANKI_MESSAGES.exportUnknown),
    );
  });

  it('offers no marking for an empty deck or an export the server could not keep', async () => {
    for (const options of [{ count: 0 }, { exportId: null }]) {
      const server = fakeServer(options);
      server.releaseExport();
      renderRoute(<AnkiExport filters={null} />, { pattern: '/questions', path: '/questions' });
      fireEvent.click(exportButton());
      const notice = await screen.findByRole('alert');
      expect(within(notice).queryByRole('button', { name: ANKI_MESSAGES.markButton })).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("shows the server's message when the export fails, and saves nothing", async () => {
    const server = fakeServer({ exportStatus: 400 });
    server.releaseExport();
    renderRoute(<AnkiExport filters={null} />, { pattern: '/questions', path: '/questions' });
    fireEvent.click(exportButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown section');
    expect(saved).toEqual([]);
  });

  it('cannot export when there is nothing to export', () => {
    fakeServer();
    renderRoute(<AnkiExport filters={null} disabled />, {
      pattern: '/questions',
      path: '/questions',
    });
    expect((exportButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
