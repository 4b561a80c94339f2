/**
 * Fans committed changes out to every open stream. Whatever the number of viewers, a change costs one
 * read of the store and one serialisation per stream kind (and shape): every viewer gets a pre-built frame.
 * Changes that arrive while a refresh runs are coalesced into one more refresh, and under a burst of writes
 * refreshes start at most once per `minIntervalMs`: a change after a quiet spell still goes out at once.
 */
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_EVENTS } from '../../shared/schemas/live.js';
import { loadQueueState } from '../domain/queue-state.js';
import { createLiveEstimator, type LiveEstimator } from '../domain/estimate/live-estimate.js';
import type { Store } from '../storage/port.js';
import { adminSnapshot, queueFigures, queueSnapshot, queueSnapshotByQueue } from './snapshots.js';
import { nextHoursEdge } from '../../shared/queue/queue-hours.js';
import { parseHours } from '../domain/queues/read.js';
import { SSE_HEARTBEAT, sseFrame } from './sse.js';

export type StreamKind = keyof typeof LIVE_EVENTS;

/**
 * Encoded once per change: a string written to 2,000 viewers was encoded to UTF-8 2,000 times, and copied for
 * every socket that could not take it at once; one Buffer is shared by every write that waits.
 */
interface Frames {
  queue: Buffer;
  /** The public frame by queue (decision 076); the same Buffer as `queue` for a clinic with one queue. */
  queueByQueue: Buffer;
  admin: Buffer;
}

/** How a viewer asked for the public stream: one list of rows (the default), or rows by queue (`?rows=byQueue`). */
export interface AttachOptions {
  stillAllowed?: StillAllowed;
  /** The viewer's request logger, so what is logged about this viewer carries its request id. */
  log?: FastifyBaseLogger;
  byQueue?: boolean;
}

/** Re-checks a viewer's right to watch (admin viewers: their staff session still exists). */
export type StillAllowed = () => Promise<boolean>;

export interface LiveHub {
  /** Adds a viewer; it receives the current snapshot at once and every later one. */
  attach(kind: StreamKind, res: ServerResponse, options?: AttachOptions): Promise<void>;
  /** Open streams of one kind, or of both. */
  viewerCount(kind?: StreamKind): number;
  close(): void;
}

/**
 * At opening time 200 allocations commit within a second or two. Rebuilding after each one read the store
 * and serialised both snapshots back to back, taking the single SQLite connection and the CPU from the
 * allocations themselves (docs/benchmarks.md). Viewers cannot tell 50 ms apart; the allocations could.
 */
export const MIN_REFRESH_INTERVAL_MS = 50;

/**
 * A viewer's response may hold this many bytes not yet taken by its socket. A phone that stops reading
 * (asleep, walked out of Wi-Fi range, or a client that never reads on purpose) would otherwise make the
 * server keep every frame for it in memory. The OS first absorbs a few MB per connection; past that, 1 MiB
 * is several admin frames (the largest: 500 rows) or a hundred public ones, so a slow but reading viewer is
 * never dropped. A dropped EventSource reconnects by itself and gets a fresh snapshot.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveHubOptions {
  heartbeatMs?: number;
  recheckMs?: number;
  minIntervalMs?: number;
  maxBufferedBytes?: number;
  /** The live estimate; the app gives every part of a process the same one (its caches read once per session). */
  estimator?: LiveEstimator;
}

export function createLiveHub(store: Store, log: FastifyBaseLogger, options: LiveHubOptions = {}): LiveHub {
  const {
    heartbeatMs = 25_000,
    recheckMs = 30_000,
    minIntervalMs = MIN_REFRESH_INTERVAL_MS,
    maxBufferedBytes = MAX_BUFFERED_BYTES,
    estimator = createLiveEstimator(store),
  } = options;
  const viewers: Record<StreamKind, Set<ServerResponse>> = { queue: new Set(), admin: new Set() };
  const checks = new Map<ServerResponse, StillAllowed>();
  const viewerLogs = new WeakMap<ServerResponse, FastifyBaseLogger>();
  const byQueue = new WeakSet<ServerResponse>();
  let frames: Frames | null = null;
  let running: Promise<void> | null = null;
  let dirty = false;
  let lastStart = -Infinity;
  let closed = false;

  /** An announcement that expires (or a queue's hours edge) changes the streams at that time, though nothing was written then. */
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  function refreshAt(until: string | null | undefined) {
    clearTimeout(expiryTimer);
    if (!until || closed) return;
    // setTimeout takes at most ~24.8 days; announcements last at most 7.
    expiryTimer = setTimeout(() => void refresh(), Math.max(Date.parse(until) - Date.now(), 0) + 5);
    expiryTimer.unref();
  }

  async function build(): Promise<Frames> {
    const state = await loadQueueState(store);
    // So does a queue's own hours opening or closing (decision 061): its `open` is read again then.
    const now = new Date();
    const edges = state.queues.length > 1 ? state.queues.map((q) => nextHoursEdge(parseHours(q.hours), now)?.toISOString() ?? null) : [];
    refreshAt([state.announcement?.until ?? null, ...edges].filter((t): t is string => t !== null).sort()[0]);
    // A clinic with several queues: each queue's own estimate (decision 061); the first queue's is also the snapshot's.
    const lives = await Promise.all(state.queues.length > 1 ? state.queues.map((q) => estimator(state, q.id)) : [estimator(state)]);
    const queues = queueFigures(state, lives);
    const queue = Buffer.from(sseFrame(LIVE_EVENTS.queue, queueSnapshot(state, lives[0], queues), state.version));
    return {
      queue,
      queueByQueue: queues ? Buffer.from(sseFrame(LIVE_EVENTS.queue, queueSnapshotByQueue(state, lives[0], queues), state.version)) : queue,
      admin: Buffer.from(sseFrame(LIVE_EVENTS.admin, adminSnapshot(state, queues), state.version)),
    };
  }

  function forget(kind: StreamKind, res: ServerResponse) {
    viewers[kind].delete(res);
    checks.delete(res);
  }

  /**
   * Writes to one viewer; a viewer whose socket stopped draining is dropped instead of buffered for. What
   * counts is the backlog before this write, so one large frame (an admin list of 500 rows) never drops a
   * viewer on its own: at most `maxBufferedBytes` plus one frame is ever held for anyone.
   */
  function send(kind: StreamKind, res: ServerResponse, text: string | Buffer) {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > maxBufferedBytes) {
      (viewerLogs.get(res) ?? log).info({ kind, bufferedBytes: res.writableLength }, 'live viewer dropped: not reading');
      forget(kind, res);
      res.destroy();
      return;
    }
    res.write(text);
  }

  const frameFor = (kind: StreamKind, res: ServerResponse, all: Frames) => (kind === 'queue' && byQueue.has(res) ? all.queueByQueue : all[kind]);

  function broadcast(next: Frames) {
    for (const kind of ['queue', 'admin'] as const) {
      for (const res of viewers[kind]) send(kind, res, frameFor(kind, res, next));
    }
  }

  /** Rebuilds the frames and sends them; concurrent calls fold into one follow-up run. */
  function refresh(): Promise<void> {
    if (running) {
      dirty = true;
      return running;
    }
    running = (async () => {
      do {
        const wait = lastStart + minIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (closed) break;
        // Changes that arrived while waiting are in this build: clear the flag only now.
        dirty = false;
        lastStart = performance.now();
        try {
          frames = await build();
          broadcast(frames);
        } catch (err) {
          // The store is away (restart, network). Viewers keep the last snapshot; the next change retries.
          log.warn({ err }, 'live snapshot failed');
          frames = null;
        }
      } while (dirty);
      running = null;
    })();
    return running;
  }

  /**
   * Ends the streams of viewers who lost their right to watch: a signed-out or expired staff session must
   * not keep receiving patient data. Runs on every sign-out (any process) and every `recheckMs`.
   */
  async function recheck() {
    for (const [res, stillAllowed] of checks) {
      const allowed = await stillAllowed().catch(() => true); // a store hiccup is not a sign-out
      if (!allowed) {
        // Out of the sets first, so no broadcast writes to a stream that is ending.
        forget('admin', res);
        res.end();
      }
    }
  }

  const unsubscribe = store.onChange((notice) => {
    // Nobody watches this clinic in this process: the frames are only marked stale, and the first viewer to
    // attach builds them. Every process hears every clinic's changes; building every clinic's snapshot at
    // its changes for no one made 100 clinics opening in one minute over three processes fall behind and
    // lose connections (bench/clinics-burst.ts: p99 92 s against 255 ms without these builds).
    if (viewers.queue.size + viewers.admin.size === 0 && !running) {
      frames = null;
      return;
    }
    // After a sign-out, end the streams it affects before anything else is broadcast to them.
    if (notice.events.some((e) => e.type === 'staffSignedOut')) void recheck().then(refresh);
    else void refresh();
  });
  const recheckTimer = setInterval(() => void recheck(), recheckMs);
  recheckTimer.unref();
  const heartbeat = setInterval(() => {
    for (const kind of ['queue', 'admin'] as const) for (const res of viewers[kind]) send(kind, res, SSE_HEARTBEAT);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    async attach(kind, res, { stillAllowed, log: viewerLog, byQueue: wantsByQueue } = {}) {
      viewers[kind].add(res);
      if (viewerLog) viewerLogs.set(res, viewerLog);
      if (stillAllowed) checks.set(res, stillAllowed);
      if (wantsByQueue) byQueue.add(res);
      res.on('close', () => forget(kind, res));
      if (frames && !running) send(kind, res, frameFor(kind, res, frames));
      // A run under way has yet to broadcast (it clears `running` as it sends), and this viewer is already in
      // the set: it gets that run's snapshot. Asking for another run would send it the same snapshot twice.
      else await (running ?? refresh());
      if (!frames) res.end(); // could not read the store: EventSource reconnects by itself
    },
    viewerCount: (kind) => (kind ? viewers[kind].size : viewers.queue.size + viewers.admin.size),
    close() {
      closed = true;
      clearTimeout(expiryTimer);
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(recheckTimer);
      for (const kind of ['queue', 'admin'] as const) {
        for (const res of viewers[kind]) res.end();
        viewers[kind].clear();
      }
    },
  };
}
