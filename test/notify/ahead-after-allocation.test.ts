/**
 * An allocation skips the 5-ahead read when the write just before it was an allocation that left the head
 * of the queue settled and full (decision 025). These prove no notice is lost by the skip: every change
 * that can make someone owed a notice — a chosen threshold, the LINE switch, staff starting or holding,
 * a cancellation, another process's write — is followed by an allocation that still sends it, and the
 * skip does happen where it is safe. Over both real stores; a second store on the same data plays a second
 * server process.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot } from '../support/allocation.js';
import { cancelReservation } from '../../src/server/domain/cancel-reservation/apply.js';
import { markSlot } from '../../src/server/domain/mark-slot/apply.js';
import { setNoticeSettings } from '../../src/server/domain/notices/settings.js';
import { setMyNoticeThreshold } from '../../src/server/domain/notices/own-notice/apply.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import type { Store } from '../../src/server/storage/port.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

type Taken = { slotId: string; reservationNumber: number; owner: string };

describeStores('5-ahead notices after an allocation', (kind) => {
  let t: TestStore;
  let store: Store;
  beforeEach(async () => {
    t = await openTestStore(kind, { queryLog: true });
    store = t.store;
    await switchReception({ store, name: 'startInhouse' });
    await switchReception({ store, name: 'startOnline' });
  });
  afterEach(async () => t.cleanup());

  let next = 0;
  const take = async (via: Store = store, reservedType: 'PWA' | 'LINE' = 'PWA'): Promise<Taken> => {
    const owner = reservedType === 'LINE' ? `U${String(++next).padStart(32, '0')}` : `PWA_${++next}`;
    const { slotId, reservationNumber } = await allocateSlot({ store: via, reservedType, ownerId: owner });
    return { slotId, reservationNumber, owner };
  };
  const takeMany = async (n: number, reservedType: 'PWA' | 'LINE' = 'PWA') => {
    const taken: Taken[] = [];
    for (let i = 0; i < n; i++) taken.push(await take(store, reservedType));
    return taken;
  };
  /** Reservation numbers that have had their 5-ahead notice (sent or recorded as undeliverable). */
  const notified = async () =>
    (await store.db.selectFrom('reservation_slots').select('reservation_number').where('notified_at', 'is not', null).orderBy('reservation_number').execute()).map(
      (r) => r.reservation_number,
    );
  const ahead5Notices = async () =>
    (await store.db.selectFrom('outbox').select('reservation_number').where('kind', '=', 'ahead5').orderBy('reservation_number').execute()).map((r) => r.reservation_number);
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('a burst of allocations tells exactly those within 5 of the front, once each', async () => {
    await takeMany(40);
    expect(await notified()).toEqual(upTo(6));
    expect(await ahead5Notices()).toEqual(upTo(6));
  });

  it('sends a newly chosen threshold’s notice at the next allocation, with the head of the queue full', async () => {
    const taken = await takeMany(15);
    const ninth = taken[8]; // 8 ahead
    await setMyNoticeThreshold({ store, ownerId: ninth.owner, slotId: ninth.slotId, choice: { threshold: 10 } });
    expect(await notified()).toEqual(upTo(6)); // choosing sends nothing by itself
    await take();
    expect(await notified()).toEqual([...upTo(6), 9]);
  });

  it('sends it too when the threshold was chosen through another server process', async () => {
    const other = await t.reopen();
    const taken = await takeMany(15); // this process's allocations settle the head, one after another
    const tenth = taken[9]; // 9 ahead
    await setMyNoticeThreshold({ store: other, ownerId: tenth.owner, slotId: tenth.slotId, choice: { threshold: 9 } });
    await take(); // at once: this process may not have heard of the other's write yet
    expect(await notified()).toEqual([...upTo(6), 10]);
  });

  it('sends the LINE notices held back while the clinic had them off, at the next allocation after switching on', async () => {
    await setNoticeSettings({ store, settings: { lineAhead5: false, lineRecall: true } });
    await takeMany(15, 'LINE');
    expect(await notified()).toEqual([]);
    await setNoticeSettings({ store, settings: { lineAhead5: true, lineRecall: true } });
    await take(store, 'LINE');
    expect(await notified()).toEqual(upTo(6));
  });

  it('tells a patient booking behind a short queue at once, however high the number', async () => {
    const taken = await takeMany(20);
    for (const slot of taken.slice(0, 15)) await markSlot({ store, slotId: slot.slotId, action: 'start' });
    expect(await notified()).toEqual(upTo(20)); // #16–#20 reached the front as the others went in
    const late = await take(); // #21: 5 ahead
    expect(late.reservationNumber).toBe(21);
    expect(await notified()).toEqual(upTo(21));
    const later = await take(); // #22: 6 ahead
    expect(later.reservationNumber).toBe(22);
    expect(await notified()).toEqual(upTo(21));
  });

  it('a cancelled number is never taken again, and the queue moving up is told by the cancellation itself', async () => {
    const taken = await takeMany(15);
    await cancelReservation({ store, ownerId: taken[1].owner, channel: 'PWA', slotId: taken[1].slotId, reservationNumber: 2 });
    expect(await notified()).toEqual(upTo(7)); // #7 now has 5 ahead
    await markSlot({ store, slotId: taken[2].slotId, action: 'hold' }); // #8 now has 5 ahead
    expect(await notified()).toEqual(upTo(8));
    expect((await take()).reservationNumber).toBe(16);
    expect((await take()).reservationNumber).toBe(17);
    await markSlot({ store, slotId: taken[3].slotId, action: 'delete' }); // #9 now has 5 ahead
    expect((await take()).reservationNumber).toBe(18);
    expect(await notified()).toEqual(upTo(9));
  });

  it('skips the read only right after an allocation that left the head full, never after another write', async () => {
    let selects = 0;
    store.observeQueries((operation) => {
      if (operation === 'select') selects++;
    });
    const selectsOf = async (fn: () => Promise<unknown>) => {
      const before = selects;
      await fn();
      return selects - before;
    };
    const taken = await takeMany(15);
    const chained = await selectsOf(() => take());
    await markSlot({ store, slotId: taken[14].slotId, action: 'confirm' }); // any other write
    const afterOther = await selectsOf(() => take());
    expect(afterOther - chained).toBe(1);
    expect(await selectsOf(() => take())).toBe(chained);

    // Simultaneous allocations are written as one batch (group commit, decision 028): it reads what one
    // allocation alone reads, follows the write before, whose outcome it waits for, and skips the read too.
    expect(await selectsOf(() => Promise.all(Array.from({ length: 30 }, () => take())))).toBe(chained);
    expect(await notified()).toEqual(upTo(6));
  });
});
