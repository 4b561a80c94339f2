/**
 * Group commit (decision 028): allocations that arrive while this process writes are written together in
 * one transaction, and each still gets exactly the answer it would have had alone — its number, or its own
 * refusal — without undoing anyone else's. Over both real stores; a trigger plays a fault the checks
 * cannot foresee: the batch is written again with each request behind its own savepoint, so only the
 * faulty request is undone and the rest commit in one transaction (decision 058).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allocateSlot } from './support/allocation.js';
import { cancelReservation } from '../src/server/domain/cancel-reservation/apply.js';
import { switchReception } from '../src/server/domain/reception/apply.js';
import type { TicketQuota } from '../src/server/domain/allocation/quota.js';
import { AppError } from '../src/server/errors.js';
import type { Store } from '../src/server/storage/port.js';
import { describeStores, openTestStore, type TestStore } from './support/stores.js';
import { storeVersion } from './support/store-version.js';

describeStores('allocations written in batches', (kind) => {
  let t: TestStore;
  let store: Store;
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store;
    await switchReception({ store, name: 'startInhouse' });
    await switchReception({ store, name: 'startOnline' });
  });
  afterEach(async () => t.cleanup());

  const version = async () => (await storeVersion(store));
  /** Each call's answer: its number, or its refusal's code (or the raw message of anything else). */
  const outcomes = (calls: Promise<{ reservationNumber: number }>[]) =>
    Promise.all(calls.map((c) => c.then((r) => r.reservationNumber, (e: unknown) => (e instanceof AppError ? e.code : String(e)))));
  const take = (ownerId: string | null, quota?: TicketQuota) => allocateSlot({ store, reservedType: ownerId ? 'PWA' : 'ADMIN', ownerId, quota });
  const active = async () =>
    (
      await store.db
        .selectFrom('reservation_slots')
        .select(['reservation_number', 'owner_id'])
        .where('is_reserved', '=', 1)
        .where('canceled', '=', 0)
        .orderBy('reservation_number')
        .execute()
    ).map((r) => `${r.reservation_number}:${r.owner_id ?? 'walk-in'}`);

  it('writes simultaneous allocations in one transaction, each with its own number in arrival order', async () => {
    await take('PWA_first'); // the view of reception is known: the next calls join without a read
    const before = await version();
    expect(await outcomes(['PWA_a', null, 'PWA_b', 'PWA_c'].map((o) => take(o)))).toEqual([2, 3, 4, 5]);
    expect((await version()) - before).toBe(1);
    expect(await active()).toEqual(['1:PWA_first', '2:PWA_a', '3:walk-in', '4:PWA_b', '5:PWA_c']);
  });

  it('refuses within a batch only whom it must: a held number, the same patient twice, none left', async () => {
    const held = await take('PWA_held');
    // Leave 3 free numbers of the session's 200.
    await outcomes(Array.from({ length: 196 }, () => take(null)));
    const calls = ['PWA_held', 'PWA_a', 'PWA_a', 'PWA_b', null, 'PWA_c', 'PWA_held'].map((o) => take(o));
    expect(await outcomes(calls)).toEqual(['ALREADY_EXISTS', 198, 'ALREADY_EXISTS', 199, 200, 'RESOURCE_EXHAUSTED', 'ALREADY_EXISTS']);
    expect((await active()).filter((r) => !r.endsWith('walk-in'))).toEqual([`${held.reservationNumber}:PWA_held`, '198:PWA_a', '199:PWA_b']);
    // A batch of refusals only is rolled back: nothing changes, not even the runtime's version.
    const before = await version();
    expect(await outcomes(['PWA_held', 'PWA_a'].map((o) => take(o)))).toEqual(['ALREADY_EXISTS', 'ALREADY_EXISTS']);
    expect(await version()).toBe(before);
  });

  describe('the ticket quota inside a batch', () => {
    const address = (ticketsPerHour: number, numbersPerSession: number): TicketQuota => ({
      numbersPerPatientSession: 1,
      address: { key: '203.0.113.7', ticketsPerHour, numbersPerSession },
    });
    const counters = async () =>
      Object.fromEntries((await store.db.selectFrom('rate_counters').select(['key', 'count']).execute()).map((r) => [r.key.split(':')[0], Number(r.count)]));

    it('counts the numbers taken earlier in the same batch, and spends nothing for a refusal', async () => {
      const quota = address(2, 100);
      await take('PWA_seed');
      expect(await outcomes(['PWA_a', 'PWA_b', 'PWA_c'].map((o) => take(o, quota)))).toEqual([2, 3, 'RESOURCE_EXHAUSTED']);
      expect(await counters()).toEqual({ ticket: 2, 'session-numbers': 2 });
    });

    it('gives back the hour’s unit when the session’s limit refuses', async () => {
      const quota = address(100, 1);
      await take('PWA_seed');
      const [first, second] = await Promise.allSettled(['PWA_a', 'PWA_b'].map((o) => take(o, quota)));
      expect(first).toMatchObject({ status: 'fulfilled', value: { reservationNumber: 2 } });
      expect(second).toMatchObject({ status: 'rejected', reason: { code: 'RESOURCE_EXHAUSTED', messageKey: 'error.addressSessionLimit' } });
      expect(await counters()).toEqual({ ticket: 1, 'session-numbers': 1 });
    });

    it('counts a cancelled number of the session against the patient', async () => {
      const mine = await take('PWA_a');
      await cancelReservation({ store, ownerId: 'PWA_a', slotId: mine.slotId, reservationNumber: mine.reservationNumber, channel: 'PWA' });
      const quota: TicketQuota = { numbersPerPatientSession: 1 };
      const [again, other] = await Promise.allSettled([take('PWA_a', quota), take('PWA_b', quota)]);
      expect(again).toMatchObject({ status: 'rejected', reason: { messageKey: 'error.patientSessionLimit' } });
      expect(other).toMatchObject({ status: 'fulfilled', value: { reservationNumber: 2 } });
    });
  });

  /** A fault no check foresees, at the database, for the rows `when` names (test-only DDL on the throwaway database). */
  async function injectFault(when: 'owner' | 'member') {
    const [column, value] = when === 'owner' ? ['owner_id', 'PWA_bad'] : ['member_name', 'poison'];
    if (kind === 'sqlite') {
      await sql.raw(`create trigger fail_bad before update of ${column} on reservation_slots when new.${column} = '${value}' begin select raise(abort, 'injected fault'); end`).execute(store.db);
    } else {
      await sql.raw(`create function fail_bad() returns trigger language plpgsql as $$ begin if new.${column} = '${value}' then raise exception 'injected fault'; end if; return new; end $$`).execute(store.db);
      await sql`create trigger fail_bad before update on reservation_slots for each row execute function fail_bad()`.execute(store.db);
    }
  }

  it('answers a fault in one request’s write with its own error, and commits the rest in the same transaction', async () => {
    await take('PWA_first');
    await injectFault('owner');
    const quota: TicketQuota = { numbersPerPatientSession: 1, address: { key: '203.0.113.9', ticketsPerHour: 100, numbersPerSession: 100 } };
    const before = await version();
    const answers = await outcomes(['PWA_a', 'PWA_bad', 'PWA_b'].map((o) => take(o, quota)));
    expect(answers[0]).toBe(2);
    expect(String(answers[1])).toContain('injected fault');
    expect(answers[2]).toBe(3);
    expect(await active()).toEqual(['1:PWA_first', '2:PWA_a', '3:PWA_b']);
    // One transaction committed for the batch (the first attempt, rolled back whole, bumped nothing), not one per request.
    expect((await version()) - before).toBe(1);
    // The faulty request's limits went back with it: two numbers spent, not three.
    const spent = await store.db.selectFrom('rate_counters').select(['key', 'count']).execute();
    expect(spent.map((r) => [r.key.split(':')[0], Number(r.count)]).sort()).toEqual([['session-numbers', 2], ['ticket', 2]]);
  });

  it('gives back a family’s numbers rolled back to its savepoint: the next request takes them, nothing of it stays', async () => {
    await store.db.updateTable('runtime').set({ family_max: 3 }).where('id', '=', 1).execute();
    await take('PWA_first');
    await injectFault('member');
    const before = await version();
    const calls = [
      take('PWA_a'),
      // The second member's write fails: the first member's number, taken a moment before, goes back too.
      allocateSlot({ store, reservedType: 'PWA', ownerId: 'PWA_fam', count: 2, names: ['ok', 'poison'] }),
      take('PWA_b'),
      allocateSlot({ store, reservedType: 'PWA', ownerId: 'PWA_fam2', count: 2, names: ['x', 'y'] }),
    ];
    const answers = await outcomes(calls);
    expect(answers[0]).toBe(2);
    expect(String(answers[1])).toContain('injected fault');
    expect(answers.slice(2)).toEqual([3, 4]);
    expect(await active()).toEqual(['1:PWA_first', '2:PWA_a', '3:PWA_b', '4:PWA_fam2', '5:PWA_fam2']);
    expect((await version()) - before).toBe(1);
    const named = await store.db.selectFrom('reservation_slots').select('member_name').where('member_name', 'is not', null).orderBy('reservation_number').execute();
    expect(named.map((r) => r.member_name)).toEqual(['x', 'y']);
  });
});
