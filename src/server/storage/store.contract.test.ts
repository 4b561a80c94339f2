/**
 * The storage contract (port.ts), held against both adapters with real databases: migrations, the
 * serialised write transaction, rollback, change notices and unique-violation detection.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { ChangeNotice, Store } from './port.js';
import { describeStores, openTestStore, type TestStore } from '../../../test/support/stores.js';

/** Collects a store's change notices; waiting is by count, not by time. */
function collectNotices(store: Store) {
  const notices: ChangeNotice[] = [];
  const waiters: (() => void)[] = [];
  const stop = store.onChange((n) => {
    notices.push(n);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    notices,
    stop,
    async waitFor(count: number, timeoutMs = 10_000): Promise<ChangeNotice[]> {
      const deadline = Date.now() + timeoutMs;
      while (notices.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} notices, got ${notices.length}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), sleep(100)]);
      }
      return notices;
    },
  };
}

const runtimeRow = (store: Store) => store.db.selectFrom('runtime').selectAll().execute();

describeStores('store contract', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  describe('migrations', () => {
    it('creates exactly one runtime row, everything off', async () => {
      const rows = await runtimeRow(t.store);
      expect(rows).toHaveLength(1);
      // toMatchObject: later migrations add settings columns to this row.
      expect(rows[0]).toMatchObject({ id: 1, inhouse_on: 0, online_on: 0, current_session_id: null, version: 0 });
    });

    it('are idempotent: reopening the same data migrates nothing and keeps the data', async () => {
      await t.store.write(async ({ tx }) => {
        await tx.updateTable('runtime').set({ online_on: 1 }).where('id', '=', 1).execute();
      });
      await t.store.close();
      const again = await t.reopen();
      const rows = await runtimeRow(again);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: 1, inhouse_on: 0, online_on: 1, current_session_id: null, version: 1 });
      const third = await t.reopen();
      expect(await runtimeRow(third)).toHaveLength(1);
    });

    // Several processes only ever share a PostgreSQL database (SQLite is one process): defined there only.
    if (kind === 'postgres') it('survive several processes starting at once on the same database', async () => {
      const stores = await Promise.all([t.reopen(), t.reopen(), t.reopen()]);
      for (const s of stores) expect(await runtimeRow(s)).toHaveLength(1);
    });
  });

  describe('write()', () => {
    it('bumps the version once per committed write and hands the locked runtime row to the body', async () => {
      const seen = await Promise.all(
        Array.from({ length: 20 }, () => t.store.write(async ({ runtime }) => runtime.version)),
      );
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await runtimeRow(t.store))[0].version).toBe(20);
    });

    it('never runs two write bodies at once, so read-modify-write loses nothing', async () => {
      await t.store.db.insertInto('reception_sessions').values({ id: 'counter', opened_at: '0', closed_at: null }).execute();
      let active = 0;
      let maxActive = 0;
      await Promise.all(
        Array.from({ length: 25 }, () =>
          t.store.write(async ({ tx }) => {
            maxActive = Math.max(maxActive, ++active);
            const row = await tx.selectFrom('reception_sessions').select('opened_at').where('id', '=', 'counter').executeTakeFirstOrThrow();
            // Yield between read and write: without serialisation another writer would slip in here.
            await sleep(1);
            await tx.updateTable('reception_sessions').set({ opened_at: String(Number(row.opened_at) + 1) }).where('id', '=', 'counter').execute();
            active--;
          }),
        ),
      );
      expect(maxActive).toBe(1);
      const row = await t.store.db.selectFrom('reception_sessions').select('opened_at').where('id', '=', 'counter').executeTakeFirstOrThrow();
      expect(row.opened_at).toBe('25');
    });

    it('rolls everything back when the body throws, the version too, and publishes nothing', async () => {
      const before = await runtimeRow(t.store);
      const watch = collectNotices(t.store);
      const boom = new Error('boom');
      await expect(
        t.store.write(async ({ tx, emit, now }) => {
          await tx.insertInto('reception_sessions').values({ id: 'ghost', opened_at: now, closed_at: null }).execute();
          await tx.updateTable('runtime').set({ inhouse_on: 1, current_session_id: 'ghost' }).where('id', '=', 1).execute();
          emit({ type: 'receptionSwitched' });
          throw boom;
        }),
      ).rejects.toBe(boom);
      const refusal = new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped');
      await expect(
        t.store.write(async ({ emit }) => {
          emit({ type: 'receptionSwitched' });
          throw refusal;
        }),
      ).rejects.toBe(refusal);

      expect(await runtimeRow(t.store)).toEqual(before);
      expect(await t.store.db.selectFrom('reception_sessions').selectAll().execute()).toEqual([]);
      // Notices arrive in commit order: once this later write's notice is in, an earlier one would be too.
      const version = await t.store.write(async ({ emit, runtime }) => {
        emit({ type: 'slotMarked', slotId: 'marker' });
        return runtime.version;
      });
      expect(await watch.waitFor(1)).toEqual([{ clinic: 'default', version, events: [{ type: 'slotMarked', slotId: 'marker' }] }]);
      watch.stop();
    });

    it('publishes a notice only after commit, with the version and every event of the write', async () => {
      const watch = collectNotices(t.store);
      const seenByListener: number[] = [];
      const stop = t.store.onChange((n) => {
        // What a listener reads when told must already include the change.
        void runtimeRow(t.store).then(([row]) => seenByListener.push(row.version - n.version));
      });
      const version = await t.store.write(async ({ emit, runtime }) => {
        emit({ type: 'slotAllocated', slotId: 'a' });
        emit({ type: 'beepClaimed', slotId: 'a' });
        await sleep(5);
        expect(watch.notices).toEqual([]);
        return runtime.version;
      });
      const [notice] = await watch.waitFor(1);
      expect(notice).toEqual({
        clinic: 'default',
        version,
        events: [
          { type: 'slotAllocated', slotId: 'a' },
          { type: 'beepClaimed', slotId: 'a' },
        ],
      });
      await expect.poll(() => seenByListener).toEqual([0]);
      stop();
      watch.stop();
    });

    it('publishes nothing for a write that emits no event', async () => {
      const watch = collectNotices(t.store);
      await t.store.write(async () => {});
      const version = await t.store.write(async ({ emit, runtime }) => {
        emit({ type: 'receptionSwitched' });
        return runtime.version;
      });
      expect((await watch.waitFor(1)).map((n) => n.version)).toEqual([version]);
      watch.stop();
    });
  });

  if (kind === 'postgres') it('delivers a change made through one store to every store on the database', async () => {
    const other = await t.reopen();
    const atA = collectNotices(t.store);
    const atB = collectNotices(other);
    const version = await t.store.write(async ({ emit, runtime }) => {
      emit({ type: 'slotCanceled', slotId: 'x' });
      return runtime.version;
    });
    const expected = [{ clinic: 'default', version, events: [{ type: 'slotCanceled', slotId: 'x' }] }];
    expect(await atB.waitFor(1)).toEqual(expected);
    expect(await atA.waitFor(1)).toEqual(expected);
    atA.stop();
    atB.stop();
  });

  // A batch of families' numbers emits one event per number: ~190 events, past PostgreSQL's 8,000-byte NOTIFY.
  it('commits a write of many events; on PostgreSQL every process hears each kind (onLocalCommit has them all)', async () => {
    const other = kind === 'postgres' ? await t.reopen() : null;
    const here = collectNotices(t.store);
    const there = other && collectNotices(other);
    const events = Array.from({ length: 300 }, (_, i) => ({ type: 'slotAllocated' as const, slotId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    const version = await t.store.write(async ({ emit, runtime }) => {
      for (const event of events) emit(event);
      emit({ type: 'noticeQueued' });
      return runtime.version;
    });
    const heard = kind === 'postgres' ? [events[0], { type: 'noticeQueued' }] : [...events, { type: 'noticeQueued' }];
    expect(await here.waitFor(1)).toEqual([{ clinic: 'default', version, events: heard }]);
    if (there) expect(await there.waitFor(1)).toEqual([{ clinic: 'default', version, events: heard }]);
    here.stop();
    there?.stop();
  });

  it('recognises a unique violation (and nothing else) as one', async () => {
    const account = { username: 'dup', password_hash: 'x', created_at: new Date().toISOString() };
    await t.store.db.insertInto('staff_accounts').values({ id: 'a', ...account }).execute();
    const err = await t.store.db
      .insertInto('staff_accounts')
      .values({ id: 'b', ...account })
      .execute()
      .then(() => null, (e: unknown) => e);
    expect(err).not.toBeNull();
    expect(t.store.isUniqueViolation(err)).toBe(true);
    // A foreign-key failure is a constraint error too, but not a duplicate.
    const fk = await t.store.db
      .insertInto('staff_sessions')
      .values({ token_hash: 'h', staff_id: 'nobody', created_at: 'x', expires_at: 'x' })
      .execute()
      .then(() => null, (e: unknown) => e);
    expect(fk).not.toBeNull();
    expect(t.store.isUniqueViolation(fk)).toBe(false);
    expect(t.store.isUniqueViolation(new Error('duplicate'))).toBe(false);
  });

  it('answers ping while open', async () => {
    await expect(t.store.ping()).resolves.toBeUndefined();
  });
});
