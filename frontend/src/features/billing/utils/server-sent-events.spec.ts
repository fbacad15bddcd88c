import { describe, expect, it } from 'vitest';
import { ServerSentEventParser } from './server-sent-events';

describe('server-sent events over fetch', () => {
  it('completes events split across chunks', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: billing-event\nid: ev_1\nda')).toEqual([]);
    expect(parser.push('ta: {"id":"ev_1"}\n\nevent: heartbeat\ndata: {}\n\n')).toEqual([
      { event: 'billing-event', data: '{"id":"ev_1"}', id: 'ev_1' },
      { event: 'heartbeat', data: '{}', id: null },
    ]);
  });

  it('joins multi-line data, skips comments and accepts CRLF', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push(': keep-alive\r\ndata: a\r\ndata: b\r\n\r\n')).toEqual([
      { event: 'message', data: 'a\nb', id: null },
    ]);
  });
});
