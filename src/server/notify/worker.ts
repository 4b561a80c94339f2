/**
 * Delivers the outbox. A row is claimed by a compare-and-set update (only one process can move it from
 * due to 'sending'), held under a lease, then marked sent, rescheduled with backoff, or failed. A process
 * that dies mid-send leaves a lapsed lease; the row is claimed again and re-sent with the same LINE retry
 * key, so LINE accepts it once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/port.js';
import type { OutboxTable } from '../storage/schema.js';
import type { SendResult } from './send-result.js';

export interface Deliverer {
  deliver(row: OutboxTable): Promise<SendResult>;
  /** Called when a push service says the subscription is gone. */
  forget(row: OutboxTable): Promise<void>;
}

export interface WorkerOptions {
  store: Store;
  deliverer: Deliverer;
  log: FastifyBaseLogger;
  leaseMs?: number;
  pollMs?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  clock?: () => Date;
  /** Told how each attempt ended (metrics): sent, rescheduled, or failed for good. */
  onResult?: (row: OutboxTable, result: 'sent' | 'retry' | 'failed') => void;
}

export interface NotifyWorker {
  /** Runs one pass now (tests and wake-ups); resolves when this pass is done. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startNotifyWorker(options: WorkerOptions): NotifyWorker {
  const { store, deliverer, log } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelayMs = options.baseDelayMs ?? 5_000;
  const clock = options.clock ?? (() => new Date());
  const onResult = options.onResult ?? (() => {});
  let pass: Promise<void> | null = null;
  let again = false;
  let stopped = false;

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

  async function finish(row: OutboxTable, result: SendResult): Promise<void> {
    const now = clock();
    const nowIso = now.toISOString();
    const done = (status: OutboxTable['status'], error: string | null) =>
      store.db
        .updateTable('outbox')
        .set({ status, last_error: error, lease_until: null, updated_at: nowIso, sent_at: status === 'sent' ? nowIso : null })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
    if (result.kind === 'sent') {
      await done('sent', null);
      return onResult(row, 'sent');
    }
    if (result.kind === 'retry' && row.attempts < maxAttempts) {
      const delay = Math.min(baseDelayMs * 2 ** (row.attempts - 1), 10 * 60_000) * (0.8 + Math.random() * 0.4);
      await store.db
        .updateTable('outbox')
        .set({ status: 'pending', last_error: result.reason, lease_until: null, updated_at: nowIso,
          next_attempt_at: new Date(now.getTime() + delay).toISOString() })
        .where('id', '=', row.id)
        .execute();
      return onResult(row, 'retry');
    }
    if (result.kind === 'gone') await deliverer.forget(row);
    log.warn({ outbox: row.id, kind: row.kind, channel: row.channel, reason: result.reason }, 'notice failed');
    // Through a queue write, so the staff screen's snapshot shows the failure at once.
    await store.write(async ({ tx, emit }) => {
      await tx
        .updateTable('outbox')
        .set({ status: 'failed', last_error: result.reason, lease_until: null, updated_at: nowIso })
        .where('id', '=', row.id)
        .execute();
      emit({ type: 'noticeFailed', slotId: row.slot_id });
    });
    onResult(row, 'failed');
  }

  async function runPass(): Promise<void> {
    const nowIso = clock().toISOString();
    const due = await store.db
      .selectFrom('outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .orderBy('created_at')
      .limit(50)
      .execute();
    for (const { id } of due) {
      if (stopped) return;
      const row = await claim(id);
      if (!row) continue; // another process took it
      await finish(row, await deliverer.deliver(row));
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
    if (notice.events.some((e) => e.type === 'noticeQueued')) void runOnce();
  });
  const timer = setInterval(() => void runOnce(), options.pollMs ?? 2_000);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await pass;
    },
  };
}
