/**
 * Numbers kept for the desk and the online cap (docs/decisions/049) over real HTTP on both stores: online
 * numbers pass over kept ones, the desk takes the lowest kept number still ahead of the queue's end (else
 * the next free one, which the staff stream's nextFreeNumber always names), a kept number nobody took is
 * on no list and in no `ahead`, online is refused in its own words once its numbers are used up or capped,
 * and the settings are saved audited and refused when out of range.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { callFn, type FnAnswer, mustCall, pwaPatient } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { describeStores, type TestStore } from '../support/stores.js';
import { expectRefusal, openReception, signedLinePatient, smallSessionServer } from './api-support.js';
import { openSse } from '../support/sse.js';
import { storeVersion } from '../support/store-version.js';

type Taken = { reservationNumber: number; slotId: string; reservation: { ahead: number | null } | null };
type AuditRow = { action: string; before: unknown; after: unknown };

describeStores('numbers kept for the desk', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ t, server, cookie } = await smallSessionServer(kind, 10));
  });
  afterEach(async () => {
    await server?.close();
    await t?.cleanup();
  });

  const settings = (keepEvery: number, onlineCap: number) => callFn(server.url, 'saveAllocationSettings', { keepEvery, onlineCap }, { cookie });
  const online = async () => callFn<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await pwaPatient(server.url)).token });
  const desk = () => callFn<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  const number = (answer: FnAnswer<Taken>) => ('result' in answer.body ? answer.body.result.reservationNumber : answer.body.error.message);
  /** The stream's snapshot once it shows every write so far (snapshots are rebuilt just after a commit). */
  async function current<T>(stream: 'queue' | 'admin'): Promise<T> {
    const version = await storeVersion(t.store);
    const reader = await openSse(`${server.url}/api/live/${stream}`, stream === 'admin' ? { cookie } : {});
    try {
      return JSON.parse((await reader.next((e) => e.event === stream && (JSON.parse(e.data) as { version: number }).version >= version)).data) as T;
    } finally {
      reader.close();
    }
  }
  type Staff = { nextFreeNumber: number | null; allocationSettings: unknown };
  const nextFree = async () => (await current<Staff>('admin')).nextFreeNumber;
  const publicQueue = async () =>
    (await current<{ queue: { reservationNumber: number; ahead: number | null }[] }>('queue')).queue.map((q) => `${q.reservationNumber}:${q.ahead}`);
  const usedUp = label(staffLabels, 'ja', 'error.onlineNumbersUsedUp');
  const noneLeft = label(staffLabels, 'ja', 'error.noFreeNumbers');

  it('online passes over kept numbers; the desk takes the lowest kept one ahead of the end, else the next; lists skip the untaken', async () => {
    expect((await settings(3, 0)).status).toBe(200);
    await openReception(server.url, cookie);
    const first = [await online(), await online(), await online(), await online()];
    expect(first.map(number)).toEqual([1, 2, 4, 5]);
    // Number 3 was never taken: no row, no gap in `ahead` (the fourth patient has three people ahead).
    expect(await publicQueue()).toEqual(['1:0', '2:1', '4:2', '5:3']);
    expect('result' in first[3].body && first[3].body.result.reservation?.ahead).toBe(3);
    // Nor on the staff list; the desk's next number, as the staff stream names it, is what the desk then takes.
    const staffView = await current<Staff & { slots: { reservationNumber: number }[] }>('admin');
    expect(staffView.slots.map((slot) => slot.reservationNumber)).toEqual([1, 2, 4, 5]);
    expect(staffView.nextFreeNumber).toBe(3);
    expect(number(await desk())).toBe(3);
    expect(await publicQueue()).toEqual(['1:0', '2:1', '3:2', '4:3', '5:4']);
    // No kept number left ahead of the end: the next free one, kept (6) or not (7).
    expect(await nextFree()).toBe(6);
    expect([number(await desk()), number(await desk())]).toEqual([6, 7]);
    expect([number(await online()), number(await online())]).toEqual([8, 10]);
    // 9 is kept and behind the end: online is refused in its own words, the desk still takes it.
    expectRefusal(await online(), 'RESOURCE_EXHAUSTED', usedUp);
    expect(await nextFree()).toBe(9);
    expect(number(await desk())).toBe(9);
    // Nothing at all is left: today's words, for both.
    expectRefusal(await online(), 'RESOURCE_EXHAUSTED', noneLeft);
    expectRefusal(await desk(), 'RESOURCE_EXHAUSTED', noneLeft);
    expect(await nextFree()).toBeNull();
  });

  it('caps online numbers per session, LINE and the app together, cancelled ones counted; the desk is not capped', async () => {
    expect((await settings(0, 2)).status).toBe(200);
    await openReception(server.url, cookie);
    const line = await signedLinePatient(server);
    const app = await pwaPatient(server.url);
    const mine = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: line.token });
    expect(mine.reservationNumber).toBe(1);
    expect(number(await callFn<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: app.token }))).toBe(2);
    expectRefusal(await online(), 'RESOURCE_EXHAUSTED', usedUp);
    await mustCall(server.url, 'cancelReservation', { slotId: mine.slotId, reservationNumber: 1, canceledBy: 'LINE' }, { token: line.token });
    expectRefusal(await online(), 'RESOURCE_EXHAUSTED', usedUp);
    expect(number(await desk())).toBe(3);
    // The patient who holds a number hears that first, as ever.
    expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: app.token }), 'ALREADY_EXISTS');
    // Raising the cap gives online numbers again at once (the setting drops every process's view).
    expect((await settings(0, 3)).status).toBe(200);
    expect(number(await online())).toBe(4);
  });

  it('saves the settings audited, shows them on the staff stream, and refuses bad input changing nothing', async () => {
    expect((await current<Staff>('admin')).allocationSettings).toEqual({ keepEvery: 0, onlineCap: 0, familyMax: 1, cancelLimit: 0 });
    const before = await storeVersion(t.store);
    for (const bad of [
      { keepEvery: 1, onlineCap: 0 },
      { keepEvery: 11, onlineCap: 0 },
      { keepEvery: -2, onlineCap: 0 },
      { keepEvery: 2.5, onlineCap: 0 },
      { keepEvery: 3, onlineCap: 201 },
      { keepEvery: 3, onlineCap: -1 },
      { keepEvery: 3 },
      { keepEvery: 3, onlineCap: 10, extra: true },
      { keepEvery: '3', onlineCap: 10 },
    ]) {
      expectRefusal(await callFn(server.url, 'saveAllocationSettings', bad, { cookie }), 'INVALID_ARGUMENT');
    }
    expectRefusal(await callFn(server.url, 'saveAllocationSettings', { keepEvery: 3, onlineCap: 10 }, { token: (await pwaPatient(server.url)).token }), 'PERMISSION_DENIED');
    const row = await t.store.db.selectFrom('runtime').select(['version', 'keep_every', 'online_cap']).executeTakeFirstOrThrow();
    expect(row).toEqual({ version: before, keep_every: 0, online_cap: 0 });

    expect(await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 10, onlineCap: 200 }, { cookie })).toEqual({ ok: true });
    expect(await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 1 }, { cookie })).toEqual({ ok: true });
    expect((await current<Staff>('admin')).allocationSettings).toEqual({ keepEvery: 0, onlineCap: 1, familyMax: 1, cancelLimit: 0 });
    const audit = (await mustCall<{ entries: AuditRow[] }>(server.url, 'getAuditLog', { limit: 20 }, { cookie })).entries
      .filter((e) => e.action === 'saveAllocationSettings')
      .map(({ before, after }) => ({ before, after }))
      .reverse();
    expect(audit).toEqual([
      // The family and take-and-cancel settings are not in these requests: each keeps its stored value (decisions 053, 060).
      { before: { keepEvery: 0, onlineCap: 0, familyMax: 1, cancelLimit: 0 }, after: { keepEvery: 10, onlineCap: 200, familyMax: 1, cancelLimit: 0 } },
      { before: { keepEvery: 10, onlineCap: 200, familyMax: 1, cancelLimit: 0 }, after: { keepEvery: 0, onlineCap: 1, familyMax: 1, cancelLimit: 0 } },
    ]);
  });
});
