/**
 * One turn-is-near notice per family, at its first waiting member's threshold (docs/decisions/053), over
 * both real stores: the family's other members are marked told with it and never told on their own, also
 * when the first member is called or cancelled afterwards; recall stays per number. And the limits count
 * every number: the patient's per-session limit and the address's counters, all or none.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot } from '../support/allocation.js';
import { cancelReservation } from '../../src/server/domain/cancel-reservation/apply.js';
import { markSlot } from '../../src/server/domain/mark-slot/apply.js';
import { saveAllocationSettings } from '../../src/server/domain/allocation/settings.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { AppError } from '../../src/server/errors.js';
import type { Store } from '../../src/server/storage/port.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

describeStores('a family is told once', (kind) => {
  let t: TestStore;
  let store: Store;
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store;
    await saveAllocationSettings({ store, settings: { keepEvery: 0, onlineCap: 0, familyMax: 3 } });
    await switchReception({ store, name: 'startInhouse' });
    await switchReception({ store, name: 'startOnline' });
  });
  afterEach(async () => t.cleanup());

  let next = 0;
  const single = () => allocateSlot({ store, reservedType: 'PWA', ownerId: `PWA_${++next}` });
  const family = (count: number, ownerId = `PWA_F${++next}`, quota?: Parameters<typeof allocateSlot>[0]['quota']) =>
    allocateSlot({ store, reservedType: 'PWA', ownerId, count, names: Array(count).fill(''), quota });
  const ahead5 = async () =>
    (await store.db.selectFrom('outbox').select('reservation_number').where('kind', '=', 'ahead5').orderBy('reservation_number').execute()).map((r) => r.reservation_number);
  const toldNumbers = async () =>
    (await store.db.selectFrom('reservation_slots').select('reservation_number').where('notified_at', 'is not', null).orderBy('reservation_number').execute()).map(
      (r) => r.reservation_number,
    );

  it('sends one notice when the first member is due, and marks the others told with it', async () => {
    for (let i = 0; i < 6; i++) await single();
    const taken = await family(3); // 7, 8, 9: the first has 6 ahead, not yet due
    expect(taken.family?.map((c) => c.reservationNumber)).toEqual([7, 8, 9]);
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6]);
    // The front is called: 7 now has 5 ahead and is due; 8 and 9 are told with it, not on their own.
    const first = await store.db.selectFrom('reservation_slots').select('id').where('reservation_number', '=', 1).executeTakeFirstOrThrow();
    await markSlot({ store, slotId: first.id, action: 'start' });
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await toldNumbers()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The rest of the front and then the first member are called: nothing new is sent to the family.
    for (const n of [2, 3, 4, 5, 6, 7]) {
      const row = await store.db.selectFrom('reservation_slots').select('id').where('reservation_number', '=', n).executeTakeFirstOrThrow();
      await markSlot({ store, slotId: row.id, action: 'start' });
    }
    expect(await ahead5()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a cancelled first member passes the family\'s notice to the next member, once', async () => {
    const owner = 'PWA_family';
    const taken = await family(3, owner);
    // At the front: the first member (0 ahead) is told at once, for the family.
    expect(await ahead5()).toEqual([1]);
    await cancelReservation({ store, ownerId: owner, channel: 'PWA', slotId: taken.slotId, reservationNumber: 1 });
    expect(await ahead5()).toEqual([1]);
  });

  it('spends the patient\'s per-session limit once per member: a family larger than what is left is refused whole', async () => {
    const quota = { numbersPerPatientSession: 3 };
    const owner = 'PWA_limit';
    const first = await family(2, owner, quota);
    await cancelReservation({ store, ownerId: owner, channel: 'PWA', slotId: first.slotId, reservationNumber: first.reservationNumber });
    await cancelReservation({ store, ownerId: owner, channel: 'PWA', slotId: first.family![1].slotId, reservationNumber: first.family![1].reservationNumber });
    const refused = await family(2, owner, quota).catch((e: unknown) => e);
    expect(refused instanceof AppError && refused.messageKey).toBe('error.patientSessionLimit');
    expect((await family(1, owner, quota)).reservationNumber).toBe(3);
  });

  it('spends the address\'s counters once per member, all or none', async () => {
    const address = { key: '203.0.113.7', ticketsPerHour: 100, numbersPerSession: 4 };
    const quota = { numbersPerPatientSession: 10, address };
    await family(3, undefined, quota);
    const refused = await family(2, undefined, quota).catch((e: unknown) => e);
    expect(refused instanceof AppError && refused.messageKey).toBe('error.addressSessionLimit');
    // The refused family gave back what its first member spent: one number is still there for this address.
    expect((await family(1, undefined, quota)).reservationNumber).toBe(4);
    const again = await single().catch(() => null);
    expect(again?.reservationNumber).toBe(5);
  });
});
