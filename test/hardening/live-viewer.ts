/**
 * A live-stream viewer that behaves like the app's (src/client/api/live.ts over EventSource): it keeps the
 * last snapshot, reconnects after a stream ends (waiting the server's `retry:`), and when a connection is
 * refused (a 401 or 503 answer, nothing listening) opens a new one with a doubling delay from 1 s.
 */
export interface LiveViewer<T> {
  readonly latest: T | null;
  /** Connections opened so far (1 = never reconnected). */
  readonly connections: number;
  /** Statuses of refused connections, in order (e.g. 503 while the store was away). */
  readonly refusals: number[];
  /** Resolves with the first snapshot, the current one included, that satisfies `match`. */
  waitFor(match: (snapshot: T) => boolean, timeoutMs: number): Promise<T>;
  close(): void;
}

export function watch<T>(url: string, event: string, headers: Record<string, string> = {}): LiveViewer<T> {
  const controller = new AbortController();
  let latest: T | null = null;
  let connections = 0;
  const refusals: number[] = [];
  const waiters = new Set<() => void>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const publish = (snapshot: T) => {
    latest = snapshot;
    waiters.forEach((w) => w());
  };

  void (async () => {
    let refusedDelay = 1000;
    while (!controller.signal.aborted) {
      let retryMs = 3000;
      try {
        connections++;
        const response = await fetch(url, { headers, signal: controller.signal });
        if (response.status !== 200 || !response.body) {
          refusals.push(response.status);
          await response.body?.cancel();
          await sleep(refusedDelay);
          refusedDelay = Math.min(refusedDelay * 2, 30_000);
          continue;
        }
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            const retry = /^retry: (\d+)$/m.exec(block)?.[1];
            if (retry) retryMs = Number(retry);
            if (name === event && data) {
              refusedDelay = 1000;
              publish(JSON.parse(data) as T);
            }
          }
        }
      } catch {
        // aborted, or the connection dropped: reconnect below unless closed
      }
      if (!controller.signal.aborted) await sleep(retryMs);
    }
  })();

  return {
    get latest() {
      return latest;
    },
    get connections() {
      return connections;
    },
    refusals,
    waitFor(match, timeoutMs) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          if (latest !== null && match(latest)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(latest);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching ${event} snapshot within ${timeoutMs} ms (last: ${JSON.stringify(latest)?.slice(0, 300)})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
