/**
 * Follows `GET /api/billing/events/stream` (SSE over fetch with the bearer token, the one call
 * outside RTK Query: see frontend/README.md) and calls `onEvent` for every billing event recorded
 * from then on. Reconnects after a pause when the connection drops; stops when the component goes.
 * A 401 is the app-wide rule: it dispatches `unauthorized` (the session drops the token and the
 * app goes to /login) and stops.
 */
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { BillingEventRecord } from '@mcat/contracts';
import { unauthorized } from '../../../lib/api';
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
  const dispatch = useDispatch();

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
        if (response.status === 401) {
          setStatus('disconnected');
          dispatch(unauthorized());
          return;
        }
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
  }, [token, dispatch]);

  return status;
};
