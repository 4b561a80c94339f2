/**
 * Thousands of live-stream viewers in the bench process, kept cheap so the load generator does not become
 * the measure: raw sockets through node:http, bytes scanned for frame ends, only each frame's `id:` read.
 */
import { type ClientRequest, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const NL = 10;

class Viewer {
  /** The first bytes of the frame being received (its `id:` line is at the start). */
  private head = '';
  private endsWithNewline = false;
  lastId = 0;
  constructor(private readonly onFrame: (viewer: Viewer, id: number) => void) {}

  data(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      // A frame ends at a blank line: "\n\n", possibly split across two chunks.
      let end: number;
      if (pos === 0 && this.endsWithNewline && chunk[0] === NL) end = 0;
      else {
        const i = chunk.indexOf('\n\n', pos);
        end = i < 0 ? -1 : i + 1;
      }
      if (end < 0) {
        if (this.head.length < 32) this.head += chunk.toString('latin1', pos, Math.min(chunk.length, pos + 32));
        this.endsWithNewline = chunk[chunk.length - 1] === NL;
        return;
      }
      if (this.head.length < 32) this.head += chunk.toString('latin1', pos, Math.min(end, pos + 32));
      this.frame();
      pos = end + 1;
      this.endsWithNewline = false;
    }
  }

  private frame(): void {
    const head = this.head;
    this.head = '';
    if (!head.startsWith('id: ')) return; // retry line, heartbeat
    const id = Number(head.slice(4, head.indexOf('\n')));
    this.lastId = id;
    this.onFrame(this, id);
  }
}

export interface ViewerPool {
  count(): number;
  /** The id every viewer has reached (the smallest last id). */
  minId(): number;
  /** Resolves with the time at which the last viewer received a frame with id ≥ `id`. */
  waitAll(id: number, timeoutMs?: number): Promise<number>;
  close(): void;
}

/** Opens `count` viewers on `url`, `batch` at a time; resolves when each has its first snapshot. */
export async function openViewers(url: string, count: number, batch = 100): Promise<ViewerPool> {
  const viewers: Viewer[] = [];
  const requests: ClientRequest[] = [];
  let target = Infinity;
  let reached = 0;
  let lastAt = 0;
  let wake: (() => void) | null = null;
  const firstFrame = new Map<Viewer, () => void>();
  const onFrame = (viewer: Viewer, id: number) => {
    firstFrame.get(viewer)?.();
    firstFrame.delete(viewer);
    // Counted once per viewer: the first frame at or past the target.
    if (id >= target && !counted.has(viewer)) {
      counted.add(viewer);
      reached++;
      lastAt = performance.now();
      if (reached === viewers.length) wake?.();
    }
  };
  const counted = new Set<Viewer>();
  for (let opened = 0; opened < count; opened += batch) {
    const wave: Promise<void>[] = [];
    for (let i = opened; i < Math.min(count, opened + batch); i++) {
      const viewer = new Viewer(onFrame);
      viewers.push(viewer);
      wave.push(
        new Promise<void>((resolve, reject) => {
          firstFrame.set(viewer, resolve);
          const req = request(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`viewer got ${res.statusCode}`));
            res.on('data', (chunk: Buffer) => viewer.data(chunk));
          });
          req.on('error', reject);
          req.setTimeout(30_000, () => reject(new Error('viewer: no first frame in 30 s')));
          req.end();
          requests.push(req);
        }),
      );
    }
    await Promise.all(wave);
  }
  // Connected: no timeouts on idle streams from here.
  for (const req of requests) req.setTimeout(0);
  return {
    count: () => viewers.length,
    minId: () => Math.min(...viewers.map((v) => v.lastId)),
    waitAll(id, timeoutMs = 30_000) {
      target = id;
      reached = 0;
      counted.clear();
      for (const v of viewers) {
        if (v.lastId >= id) {
          counted.add(v);
          reached++;
        }
      }
      if (reached === viewers.length) return Promise.resolve(performance.now());
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${reached}/${viewers.length} viewers got id ${id} in ${timeoutMs} ms`)), timeoutMs);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve(lastAt);
        };
      });
    },
    close() {
      for (const req of requests) req.destroy();
    },
  };
}

/** The first frame with an `id:` line in a stream's text (a snapshot, as written to each viewer), or null. */
export function firstSnapshotFrame(text: string): string | null {
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n\n', start);
    if (end < 0) return null;
    const frame = text.slice(start, end + 2);
    if (frame.startsWith('id: ')) return frame;
    start = end + 2;
  }
  return null;
}

/** The bytes of the snapshot frame one new viewer of `url` gets: what every viewer is sent per change. */
export function snapshotFrameBytes(url: string, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const req = request(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`frame reader got ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        const frame = firstSnapshotFrame(Buffer.concat(chunks).toString('utf8'));
        if (frame === null) return;
        req.destroy();
        resolve(Buffer.byteLength(frame));
      });
    });
    req.on('error', reject);
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      reject(new Error(`frame reader: no snapshot in ${timeoutMs} ms`));
    });
    req.end();
  });
}
