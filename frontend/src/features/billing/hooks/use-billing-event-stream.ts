/**
 * Follows `GET /api/billing/events/stream` (SSE over fetch with the bearer token) and calls
 * `onEvent` for every billing event recorded from then on. Reconnects after a pause when the
 * connection drops; stops when the component goes.
 */
import { useEffect, useRef, useState } from 'react';
import type { BillingEventRecord } from '@mcat/contracts';
import { ServerSentEventParser } from '../utils/server-sent-events';

export type StreamStatus = 'connecting' | 'live' | 'disconnected';

const RECONNECT_AFTER_MS = 3000;
const STREAM_URL = '/api/billing/events/stream';

export const useBillingEventStream = (
  token: string | null,
  onEvent: (event: BillingEventRecord) => void,
): StreamStatus => {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const handler = useRef(onEvent);

  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!token) return undefined;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;

    const follow = async () => {
      setStatus('connecting');
      try {
        const response = await fetch(STREAM_URL, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const parser = new ServerSentEventParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const event of parser.push(value)) {
            if (event.event === 'ready') setStatus('live');
            if (event.event === 'billing-event') {
              handler.current(JSON.parse(event.data) as BillingEventRecord);
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      setStatus('disconnected');
      retry = setTimeout(() => void follow(), RECONNECT_AFTER_MS);
    };

    void follow();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [token]);

  return status;
};
