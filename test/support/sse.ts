/** Reads a Server-Sent Events stream over real HTTP, event by event. */
import { connect, type Socket } from 'node:net';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseReader {
  status: number;
  /** Waits for the next event that satisfies `match` (skipping others). */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const queue: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  if (response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: SseEvent = { event: 'message', data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) e.event = line.slice(7);
              else if (line.startsWith('data: ')) e.data += line.slice(6);
              else if (line.startsWith('id: ')) e.id = line.slice(4);
            }
            if (e.data) queue.push(e);
          }
          waiters.splice(0).forEach((w) => w());
        }
      } catch {
        // aborted
      }
      ended = true;
      waiters.splice(0).forEach((w) => w());
    })();
  }
  return {
    status: response.status,
    async next(match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(match);
        if (index >= 0) return queue.splice(0, index + 1).pop()!;
        queue.length = 0;
        if (ended) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}

/**
 * A raw HTTP viewer that reads the headers and the first snapshot, then stops reading: the server's writes
 * back up in the kernel and then in its own buffer (the hub's slow-viewer bound). `headers` are extra
 * header lines, each ending in \r\n.
 */
export function stalledViewer(baseUrl: string, path: string, headers = ''): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n${headers}\r\n`);
    });
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (!/\nevent: \w+\ndata: /.test(text)) return;
      socket.off('data', onData);
      socket.pause();
      resolve(socket);
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}
