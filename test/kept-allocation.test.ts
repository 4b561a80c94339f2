/**
 * Numbers kept for the desk inside the allocation module (docs/decisions/049), over both real stores: a
 * batch mixing online and desk requests gives each the number the rule names, in arrival order; a gap a
 * change of the setting leaves behind the end is the desk's alone; and once the lock finds the online numbers
 * used up, this process's view refuses later online requests without taking the lock, as it does "none left".
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot, allocationOf } from './support/allocation.js';
import { saveAllocationSettings } from '../src/server/domain/allocation/settings.js';
import { switchReception } from '../src/server/domain/reception/apply.js';
import { AppError } from '../src/server/errors.js';
import type { Store } from '../src/server/storage/port.js';
import { describeStores, openTestStore, type TestStore } from './support/stores.js';
import { storeVersion } from './support/store-version.js';

describeStores('kept numbers in the allocation module', (kind) => {
  let t: TestStore;
  let store: Store;
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store;
    await switchReception({ store, name: 'startInhouse' });
    await switchReception({ store, name: 'startOnline' });
  });
  afterEach(async () => t.cleanup());

  let next = 0;
  /** Each call's number, or its refusal's label. */
  const outcomes = (calls: Promise<{ reservationNumber: number }>[]) =>
    Promise.all(calls.map((c) => c.then((r) => r.reservationNumber, (e: unknown) => (e instanceof AppError ? e.messageKey : String(e)))));
  const online = (via: Store = store) => allocateSlot({ store: via, reservedType: 'PWA', ownerId: `PWA_${++next}` });
  const desk = () => allocateSlot({ store, reservedType: 'ADMIN', ownerId: null });
  const settings = (keepEvery: number, onlineCap: number) => saveAllocationSettings({ store, settings: { keepEvery, onlineCap } });

  it('gives a mixed batch the numbers of the rule in arrival order, in one transaction', async () => {
    await settings(3, 0);
    expect(await outcomes([online(), online()])).toEqual([1, 2]);
    const version = await storeVersion(store);
    // Online 4 (3 is kept), the desk the kept 3 behind it, online 5, the desk the next free (6, kept): no gap behind 5.
    expect(await outcomes([online(), desk(), online(), desk(), online()])).toEqual([4, 3, 5, 6, 7]);
    expect((await storeVersion(store))).toBe(version + 1);
  });

  it('leaves a kept number behind the end to the desk when the setting is turned off', async () => {
    await settings(3, 0);
    expect(await outcomes([online(), online(), online()])).toEqual([1, 2, 4]);
    await settings(0, 0);
    // Online never takes a number behind the end, kept or not: it would jump the queue.
    expect(await outcomes([online(), desk(), desk()])).toEqual([5, 3, 6]);
  });

  it('refuses online without the lock once the lock found its numbers used up, in this process and after a reload', async () => {
    await settings(0, 2);
    expect(await outcomes([online(), online()])).toEqual([1, 2]);
    // The view was read before these numbers: it does not know the cap is reached.
    expect(allocationOf(store).view.known()).toMatchObject({ onlineFreeLeft: true, onlineTaken: 0 });
    let writes = 0;
    const write = store.write.bind(store);
    store.write = (fn) => (writes++, write(fn));
    // The first 20 wait for the lock together (one batch) and learn it there; the next 20 never take it.
    expect(await outcomes(Array.from({ length: 20 }, () => online()))).toEqual(Array(20).fill('error.onlineNumbersUsedUp'));
    expect(writes).toBe(1);
    expect(await outcomes(Array.from({ length: 20 }, () => online()))).toEqual(Array(20).fill('error.onlineNumbersUsedUp'));
    expect(writes).toBe(1);
    expect(allocationOf(store).view.known()).toMatchObject({ onlineFreeLeft: false });
    // Another process reads the view afresh: the cap is reached, refused without the lock.
    const other = await t.reopen();
    const otherWrite = other.write.bind(other);
    let otherWrites = 0;
    other.write = (fn) => (otherWrites++, otherWrite(fn));
    expect(await outcomes([online(other), online(other)])).toEqual(['error.onlineNumbersUsedUp', 'error.onlineNumbersUsedUp']);
    expect(otherWrites).toBe(0);
    expect(allocationOf(other).view.known()).toMatchObject({ onlineFreeLeft: true, onlineTaken: 2, onlineCap: 2 });
    // The desk is not capped.
    expect(await outcomes([desk()])).toEqual([3]);
  });
});
