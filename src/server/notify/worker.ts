/**
 * Delivers the outbox. A row is claimed by a compare-and-set update (only one process can move it from
 * due to 'sending'); each claim adds one to `attempts`, which is that claim's fencing token: the result is
 * written (sent, retry, failed) only while the row is still 'sending' with the same count, so a send that
 * outlived its lease cannot overwrite the outcome of whoever claimed the row after it. A process that dies
 * mid-send leaves a lapsed lease; the row is claimed again (counting an attempt) and re-sent with the same
 * LINE retry key, so LINE accepts it once; past `maxAttempts` it is failed instead.
 *
 * Sends run concurrently, a few at a time, and a pass only claims: it does not wait for sends to finish,
 * so a push service that hangs until the timeout holds one slot, not the whole outbox.
 *
 * Time-critical notices go first (docs/decisions/045): a pass looks at due rows time-critical first, then
 * oldest first, so a broadcast queued ahead of them does not delay a turn-is-near notice or a recall; and
 * bulk rows never take the last send slot, so one is free for them even while a broadcast is in flight.
 * Only the order of claiming changed: the claim itself (compare-and-set, lease, fencing) is the same.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BULK_NOTICE_KINDS } from '../domain/notices/turn-near/rule.js';
import type { Store } from '../storage/port.js';
import type { OutboxTable } from '../storage/schema.js';
import type { SendResult } from '../outside/send-result.js';

export interface Deliverer {
  /** `signal` aborts the send when the worker stops. */
  deliver(row: OutboxTable, signal: AbortSignal): Promise<SendResult>;
  /** Called when a push service says the subscription is gone. */
  forget(row: OutboxTable): Promise<void>;
}

/**
 * Sends in flight per process. A clinic's notices come a few at a time (one staff action brings at most a
 * handful of patients within 5 of the front), so 4 lets three outside services hang for their whole
 * timeout while the rest still flow, without a backlog (after an outage) opening dozens of sockets or
 * taking the database pool's connections.
 */
export const SEND_CONCURRENCY = 4;

export interface WorkerOptions {
  store: Store;
  deliverer: Deliverer;
  log: FastifyBaseLogger;
  leaseMs?: number;
  pollMs?: number;
  /**
   * Set: once a pass finds nothing pending or being sent, the worker polls only this often until a notice is
   * queued (every row the product writes comes with one). A process serving many clinics runs a worker per
   * clinic, and the idle ones' polls were most of its idle work (decision 078).
   */
  idlePollMs?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  concurrency?: number;
  clock?: () => Date;
  /** Told how each attempt ended (metrics): sent, rescheduled, or failed for good; fenced-off outcomes are not told. */
  onResult?: (row: OutboxTable, result: 'sent' | 'retry' | 'failed') => void;
}

export interface NotifyWorker {
  /** Runs one claiming pass now (tests and wake-ups); resolves when the pass has started its sends. */
  runOnce(): Promise<void>;
  /** Stops claiming, aborts the sends in flight and waits until their outcomes are written. */
  stop(): Promise<void>;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function startNotifyWorker(options: WorkerOptions): NotifyWorker {
  const { store, deliverer, log } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelayMs = options.baseDelayMs ?? 5_000;
  const concurrency = options.concurrency ?? SEND_CONCURRENCY;
  const clock = options.clock ?? (() => new Date());
  const onResult = options.onResult ?? (() => {});
  const sending = new Map<string, Promise<void>>();
  /** Ids in `sending` of bulk kinds; they may hold all slots but one (all of them when there is only one). */
  const bulkSending = new Set<string>();
  const bulkBound = Math.max(concurrency - 1, 1);
  const stopping = new AbortController();
  let pass: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const idlePollMs = options.idlePollMs;
  let idle = false;
  let lastPass = 0;

  async function claim(id: string): Promise<OutboxTable | undefined> {
    const now = clock();
    const nowIso = now.toISOString();
    return store.db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sending',
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb('attempts', '+', 1),
        updated_at: nowIso,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Applies `set` only under this claim (still 'sending', same attempt count); says whether it did. */
  async function settle(
    db: Store['db'],
    row: OutboxTable,
    set: Partial<Pick<OutboxTable, 'status' | 'last_error' | 'lease_until' | 'updated_at' | 'sent_at' | 'next_attempt_at' | 'attempts'>>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('outbox')
      .set(set)
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    const applied = Number(result.numUpdatedRows) > 0;
    if (!applied) log.info({ outbox: row.id, attempts: row.attempts }, 'late notice result ignored: the row was claimed again');
    return applied;
  }

  async function fail(row: OutboxTable, reason: string, gone = false): Promise<void> {
    const nowIso = clock().toISOString();
    // Through a queue write, so the staff screen's snapshot shows the failure at once.
    const applied = await store.write(async ({ tx, emit }) => {
      const ok = await settle(tx, row, { status: 'failed', last_error: reason, lease_until: null, updated_at: nowIso });
      if (ok) emit({ type: 'noticeFailed', slotId: row.slot_id });
      return ok;
    });
    if (!applied) return;
    onResult(row, 'failed');
    log.warn({ outbox: row.id, kind: row.kind, channel: row.channel, reason }, 'notice failed');
    if (gone) await deliverer.forget(row);
  }

  async function finish(row: OutboxTable, result: SendResult): Promise<void> {
    const now = clock();
    const nowIso = now.toISOString();
    if (result.kind === 'sent') {
      const applied = await settle(store.db, row, { status: 'sent', last_error: null, lease_until: null, updated_at: nowIso, sent_at: nowIso });
      if (applied) onResult(row, 'sent');
      return;
    }
    if (result.kind === 'later') {
      // Given back: the next claim counts this attempt again. No late outcome of this claim can follow (it just
      // ended), so the fencing count is free to be reused.
      await settle(store.db, row, {
        status: 'pending',
        attempts: row.attempts - 1,
        lease_until: null,
        updated_at: nowIso,
        next_attempt_at: new Date(now.getTime() + result.afterMs).toISOString(),
      });
      return;
    }
    if (result.kind === 'retry' && row.attempts < maxAttempts) {
      const delay = Math.min(baseDelayMs * 2 ** (row.attempts - 1), 10 * 60_000) * (0.8 + Math.random() * 0.4);
      const applied = await settle(store.db, row, {
        status: 'pending',
        last_error: result.reason,
        lease_until: null,
        updated_at: nowIso,
        next_attempt_at: new Date(now.getTime() + delay).toISOString(),
      });
      if (applied) onResult(row, 'retry');
      return;
    }
    await fail(row, result.reason, result.kind === 'gone');
  }

  async function send(row: OutboxTable): Promise<void> {
    try {
      // Claimed again after a lease lapsed with every attempt spent: the last one never finished.
      if (row.attempts > maxAttempts) {
        return await fail(row, `no outcome after ${maxAttempts} attempts${row.last_error ? ` (last: ${row.last_error})` : ''}`);
      }
      let result: SendResult;
      try {
        result = await deliverer.deliver(row, stopping.signal);
      } catch (err) {
        // A sender that throws has a bug or bad data in front of it; retrying the same row would not help.
        result = { kind: 'fail', reason: `sender error: ${message(err)}` };
      }
      await finish(row, result);
    } catch (err) {
      // Recording the outcome failed (store unreachable): the lease lapses and the row is claimed again.
      log.warn({ err, outbox: row.id }, 'could not record a notice outcome; it will be retried');
    }
  }

  /** Nothing pending (due or not) and nothing being sent, here or by another process: only a notice wakes us. */
  async function nothingOutstanding(): Promise<boolean> {
    if (sending.size > 0) return false;
    const row = await store.db.selectFrom('outbox').select('id').where('status', 'in', ['pending', 'sending']).limit(1).executeTakeFirst();
    return row === undefined;
  }

  async function runPass(): Promise<void> {
    lastPass = Date.now();
    if (sending.size >= concurrency) return;
    const nowIso = clock().toISOString();
    const candidates = await store.db
      .selectFrom('outbox')
      .select(['id', 'kind'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .orderBy((eb) => eb.case().when('kind', 'in', BULK_NOTICE_KINDS).then(1).else(0).end())
      .orderBy('created_at')
      .limit(50)
      .execute();
    idle = candidates.length === 0 && idlePollMs !== undefined && (await nothingOutstanding());
    for (const { id, kind } of candidates) {
      if (stopped || sending.size >= concurrency) return;
      if (sending.has(id)) continue; // our own send outlived its lease; it is still ours to finish
      const bulk = BULK_NOTICE_KINDS.includes(kind);
      if (bulk && bulkSending.size >= bulkBound) return; // only bulk rows follow
      const row = await claim(id);
      if (!row) continue; // another process took it
      if (bulk) bulkSending.add(id);
      const task = send(row).finally(() => {
        sending.delete(id);
        bulkSending.delete(id);
        // A slot is free: due rows left behind by the bound go now, not at the next poll.
        if (!stopped) void runOnce();
      });
      sending.set(id, task);
    }
  }

  function runOnce(): Promise<void> {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      do {
        again = false;
        try {
          await runPass();
        } catch (err) {
          log.warn({ err }, 'notify pass failed; will retry');
        }
      } while (again && !stopped);
      pass = null;
    })();
    return pass;
  }

  const unsubscribe = store.onChange((notice) => {
    // A notice for everyone (LISTEN reconnected) may stand for queued notices we did not hear.
    if (notice.clinic === undefined || notice.events.some((e) => e.type === 'noticeQueued')) {
      idle = false;
      void runOnce();
    }
  });
  const timer = setInterval(() => {
    if (idle && Date.now() - lastPass < idlePollMs!) return;
    void runOnce();
  }, options.pollMs ?? 2_000);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      stopping.abort();
      await pass;
      await Promise.all(sending.values());
    },
  };
}
