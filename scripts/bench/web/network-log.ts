/**
 * Bytes on the wire, from the page's DevTools session: every http(s) request the page made, what
 * it asked to have compressed (the Accept-Encoding Chromium really sent, from the raw headers),
 * how the answer came (Content-Encoding), the bytes received for it as they crossed the wire
 * (`Network.loadingFinished` encodedDataLength: headers and the still-compressed body) and its
 * body once decoded (the sum of `Network.dataReceived` dataLength).
 */
import type { CDPSession } from '@playwright/test';

export interface RequestRecord {
  url: string;
  /** DevTools' resource type: Document, Script, Stylesheet, Fetch, Image, ... */
  type: string;
  status: number | null;
  acceptEncoding: string | null;
  contentEncoding: string | null;
  encodedBytes: number;
  /** of encodedBytes, the response's status line and headers (the bytes in when they were read) */
  headerBytes: number;
  decodedBytes: number;
  finished: boolean;
}

const header = (headers: Record<string, unknown>, name: string): string | null => {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? null : String(headers[key]);
};

/** Starts recording the page's requests; call before it navigates. */
export async function recordNetwork(cdp: CDPSession): Promise<() => RequestRecord[]> {
  const requests = new Map<string, RequestRecord>();
  const order: { id: string; record: RequestRecord }[] = [];
  // The raw headers may come before or after the request they belong to.
  const acceptEncodings = new Map<string, string | null>();
  const byId = (id: string) => requests.get(id);

  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    // A redirect reuses the request id: the earlier hop keeps its own record.
    const record: RequestRecord = {
      url: event.request.url,
      type: event.type ?? 'Other',
      status: null,
      acceptEncoding: null,
      contentEncoding: null,
      encodedBytes: 0,
      headerBytes: 0,
      decodedBytes: 0,
      finished: false,
    };
    requests.set(event.requestId, record);
    order.push({ id: event.requestId, record });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    acceptEncodings.set(event.requestId, header(event.headers, 'accept-encoding'));
  });
  cdp.on('Network.responseReceived', (event) => {
    const record = byId(event.requestId);
    if (!record) return;
    record.status = event.response.status;
    record.contentEncoding = header(event.response.headers, 'content-encoding');
    record.headerBytes = event.response.encodedDataLength;
  });
  cdp.on('Network.dataReceived', (event) => {
    const record = byId(event.requestId);
    if (record) record.decodedBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const record = byId(event.requestId);
    if (!record) return;
    record.encodedBytes = event.encodedDataLength;
    record.finished = true;
  });
  await cdp.send('Network.enable');
  return () =>
    order.map(({ id, record }) => ({
      ...record,
      acceptEncoding: acceptEncodings.get(id) ?? record.acceptEncoding,
    }));
}
