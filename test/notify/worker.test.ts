/**
 * The outbox worker against a real store (SQLite and PostgreSQL), with the outside world reduced to a
 * scripted deliverer: each test decides when and how a send ends. Rows are written as enqueueNotice
 * writes them.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Deliverer, type NotifyWorker, startNotifyWorker, type WorkerOptions } from '../../src/server/notify/worker.js';
import type { SendResult } from '../../src/server/outside/send-result.js';
import type { OutboxTable } from '../../src/server/storage/schema.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { eventually } from './support.js';

const log = pino({ level: 'silent' });

/** A send the test finishes by hand; `signal` (the worker stopping) ends it as a retry. */
interface Pending {
  row: OutboxTable;
  settle(result: SendResult): void;
}

function scriptedDeliverer(behave: (row: OutboxTable) => 'hold' | SendResult | Error) {
  const held: Pending[] = [];
  let inFlight = 0;
  const stats = { maxInFlight: 0, calls: [] as string[] };
  const deliverer: Deliverer = {
    async deliver(row, signal) {
      stats.calls.push(row.id);
      inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      try {
        const plan = behave(row);
        if (plan instanceof Error) throw plan;
        if (plan !== 'hold') return plan;
        return await new Promise<SendResult>((resolve) => {
          held.push({ row, settle: resolve });
          signal?.addEventListener('abort', () => resolve({ kind: 'retry', reason: 'stopped' }));
        });
      } finally {
        inFlight--;
      }
    },
    async forget() {},
  };
  return { deliverer, held, stats };
}

describeStores('the notify worker', (kind) => {
  let t: TestStore;
  const workers: NotifyWorker[] = [];
  const start = (deliverer: Deliverer, options: Partial<WorkerOptions> = {}) => {
    const worker = startNotifyWorker({ store: t.store, deliverer, log, pollMs: 20, baseDelayMs: 60_000, ...options });
    workers.push(worker);
    return worker;
  };
  const row = (id: string) => t.store.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Queues `n` due notices, oldest first, the way enqueueNotice writes them. */
  async function queue(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const at = new Date(Date.now() - 60_000 + i).toISOString();
      const id = `n${i}-${randomUUID()}`;
      await t.store.db
        .insertInto('outbox')
        .values({
          id, kind: 'ahead5', channel: 'LINE', slot_id: `slot-${i}`, reservation_number: i + 1, recipient: `U${i}`,
          endpoint: null, retry_key: randomUUID(), status: 'pending', attempts: 0, next_attempt_at: at,
          lease_until: null, last_error: null, created_at: at, updated_at: at, sent_at: null,
        })
        .execute();
      ids.push(id);
    }
    return ids;
  }

  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await t.cleanup();
  });

  it('fails the one notice whose sender throws, records why, and goes on with the rest', async () => {
    const [broken, fine] = await queue(2);
    const { deliverer } = scriptedDeliverer((r) => (r.id === broken ? new TypeError('bad keys p/a') : { kind: 'sent' }));
    start(deliverer);
    await eventually(async () => (await row(fine)).status === 'sent', 'the next notice sent');
    const failed = await eventually(async () => {
      const r = await row(broken);
      return r.status === 'failed' && r;
    }, 'the throwing one failed');
    expect(failed.last_error).toContain('bad keys p/a');
    expect(failed.attempts).toBe(1);
  });

  it('fails a notice whose sends never finish once maxAttempts claims have lapsed', async () => {
    const [stuck] = await queue(1);
    const { deliverer, held } = scriptedDeliverer(() => 'hold');
    // Each worker stands for a process whose send hangs (or that died mid-send): its lease lapses and the
    // next one claims the row again, counting an attempt.
    start(deliverer, { leaseMs: 50, maxAttempts: 2 });
    await eventually(() => held.length === 1, 'first claim');
    start(deliverer, { leaseMs: 50, maxAttempts: 2 });
    await eventually(() => held.length === 2, 'claimed again after the lease lapsed');
    start(deliverer, { leaseMs: 50, maxAttempts: 2 });
    const failed = await eventually(async () => {
      const r = await row(stuck);
      return r.status === 'failed' && r;
    }, 'failed after 2 attempts');
    expect(failed.last_error).toMatch(/no outcome after 2 attempts/);
    expect(held).toHaveLength(2); // the third claim did not send again
    held.forEach((h) => h.settle({ kind: 'sent' })); // late answers change nothing
    // stop() returns once every send in flight has had its outcome written (or fenced off).
    await Promise.all(workers.map((w) => w.stop()));
    expect((await row(stuck)).status).toBe('failed');
  });

  it.each(['sent', 'retry', 'fail'] as const)(
    'ignores a late %s from a claim that lapsed while another worker holds the row',
    async (late) => {
      const [id] = await queue(1);
      const first = scriptedDeliverer(() => 'hold');
      const firstWorker = start(first.deliverer, { leaseMs: 50 });
      await eventually(() => first.held.length === 1, 'first claim');
      const second = scriptedDeliverer(() => 'hold');
      start(second.deliverer, { leaseMs: 60_000 });
      await eventually(() => second.held.length === 1, 'second claim after the lease lapsed');
      const claimed = await row(id);
      expect(claimed).toMatchObject({ status: 'sending', attempts: 2 });

      first.held[0].settle(late === 'sent' ? { kind: 'sent' } : { kind: late, reason: 'late answer' });
      // Stopping the first worker waits until its late outcome has been through the fence.
      await firstWorker.stop();
      expect(await row(id)).toEqual(claimed);

      // The second claim's own outcome still counts: a retry, so the first success did not also stand.
      second.held[0].settle({ kind: 'retry', reason: 'HTTP 503' });
      const after = await eventually(async () => {
        const r = await row(id);
        return r.status !== 'sending' && r;
      }, 'second outcome written');
      expect(after).toMatchObject({ status: 'pending', attempts: 2, last_error: 'HTTP 503', sent_at: null });
    },
  );

  it('sends a few at a time and does not hold the rest behind a slow send', async () => {
    const [slow, ...rest] = await queue(6);
    const { deliverer, held, stats } = scriptedDeliverer((r) => (r.id === slow ? 'hold' : { kind: 'sent' }));
    start(deliverer, { concurrency: 2 });
    for (const id of rest) await eventually(async () => (await row(id)).status === 'sent', `notice ${id} sent`);
    expect((await row(slow)).status).toBe('sending'); // still in flight the whole time
    expect(held).toHaveLength(1);
    expect(stats.maxInFlight).toBe(2);
  });

  it('never has more sends in flight than its bound', async () => {
    const ids = await queue(7);
    const { deliverer, held, stats } = scriptedDeliverer(() => 'hold');
    // No timed polls: the passes are the first one, the test's own and those a finished send starts.
    const worker = start(deliverer, { concurrency: 3, pollMs: 60_000 });
    await eventually(() => held.length === 3, 'three in flight');
    // Two whole passes that begin after this point, each seeing four more due rows; a claim starts its send
    // before the pass resolves.
    await worker.runOnce();
    await worker.runOnce();
    expect(held).toHaveLength(3);
    // Each finished send frees a slot for the next due row; never more than 3 at once.
    await eventually(async () => {
      expect(held.length).toBeLessThanOrEqual(3);
      held.splice(0).forEach((h) => h.settle({ kind: 'sent' }));
      return (await Promise.all(ids.map(row))).every((r) => r.status === 'sent');
    }, 'all sent');
    expect(stats.maxInFlight).toBe(3);
  });

  it('stop() aborts sends in flight and writes their outcome', async () => {
    const [id] = await queue(1);
    const { deliverer, held } = scriptedDeliverer(() => 'hold');
    const worker = start(deliverer);
    await eventually(() => held.length === 1, 'in flight');
    await worker.stop();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'stopped' });
  });

  it('with nothing outstanding, waits for a notice instead of polling (idlePollMs), and wakes on one', async () => {
    const { deliverer, stats } = scriptedDeliverer(() => ({ kind: 'sent' }));
    start(deliverer, { idlePollMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 100)); // its first pass found nothing
    // A row written without a notice (the product never does) is left for the next notice or the minute's poll,
    // though ten 20 ms polls pass meanwhile: an idle worker does not poll.
    const [id] = await queue(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stats.calls).toEqual([]);
    await t.store.write(async ({ emit }) => emit({ type: 'noticeQueued' }));
    await eventually(async () => (await row(id!)).status === 'sent', 'sent after the notice');
  });

  it('keeps polling while a row waits for its retry, and sends it when due without a notice', async () => {
    const [id] = await queue(1);
    const soon = new Date(Date.now() + 150).toISOString();
    await t.store.db.updateTable('outbox').set({ next_attempt_at: soon }).where('id', '=', id!).execute();
    const { deliverer } = scriptedDeliverer(() => ({ kind: 'sent' }));
    start(deliverer, { idlePollMs: 60_000 });
    await eventually(async () => (await row(id!)).status === 'sent', 'sent when due');
  });
});
