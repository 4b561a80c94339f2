/**
 * Follows a live stream. EventSource reconnects by itself after a dropped connection (the server sends
 * `retry: 3000`); when the browser gives up (server down, 401) we open a new one with a growing delay.
 * Meanwhile the last snapshot stays on screen and `status` says "reconnecting".
 */
import { useEffect, useState } from 'react';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * `read` turns each frame's JSON into what screens see (the public stream fills its rows' defaults); a
 * module-level function, since a new one would reopen the stream.
 */
export function useLive<T>(url: string, event: string, read: (frame: never) => T): { data: T | null; status: LiveStatus } {
  const [data, setData] = useState<T | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let stopped = false;

    const open = () => {
      source = new EventSource(url);
      source.addEventListener(event, (message) => {
        delay = 1000;
        setStatus('live');
        setData(read(JSON.parse((message as MessageEvent<string>).data) as never));
      });
      source.onerror = () => {
        setStatus('reconnecting');
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retryTimer = setTimeout(open, delay);
          delay = Math.min(delay * 2, 30_000);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [url, event, read]);

  return { data, status };
}
