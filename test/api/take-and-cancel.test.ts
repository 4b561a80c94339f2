/**
 * Take-and-cancel (issue 42, docs/decisions/060) over real HTTP on both stores: with the clinic's setting at
 * N a patient may cancel N of their numbers in a session and take again online; past that online taking
 * refuses them (RESOURCE_EXHAUSTED, naming the count) while the desk still takes a number for them. Off (the
 * default) is unlimited, as before. A number staff deleted is not the patient's cancellation; a family's
 * numbers count one each. The setting is saved audited; the staff stream carries each listed number's
 * patient's count, the public stream nothing of it.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { callFn, type FnAnswer, mustCall, pwaPatient } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { describeStores, type TestStore } from '../support/stores.js';
import { openSse } from '../support/sse.js';
import { expectRefusal, openReception, signedLinePatient, smallSessionServer } from './api-support.js';
import { storeVersion } from '../support/store-version.js';

type Taken = { reservationNumber: number; slotId: string; family: { slotId: string; reservationNumber: number }[] | null };
type AuditRow = { action: string; before: unknown; after: unknown };
type Patient = { token: string; channel: 'LINE' | 'PWA' };

describeStores('take-and-cancel', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ t, server, cookie } = await smallSessionServer(kind, 40));
  });
  afterEach(async () => {
    await server?.close();
    await t?.cleanup();
  });

  const settings = (cancelLimit?: number, familyMax = 1) =>
    callFn(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax, ...(cancelLimit === undefined ? {} : { cancelLimit }) }, { cookie });
  const app = async (): Promise<Patient> => ({ token: (await pwaPatient(server.url)).token, channel: 'PWA' });
  const line = async (): Promise<Patient> => ({ token: (await signedLinePatient(server)).token, channel: 'LINE' });
  const take = (p: Patient, members?: string[]) =>
    callFn<Taken>(server.url, 'allocateNextSlot', { reservedType: p.channel, ...(members ? { members } : {}) }, { token: p.token });
  const taken = (answer: FnAnswer<Taken>): Taken => {
    if (!('result' in answer.body)) throw new Error(`refused: ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };
  const cancel = (p: Patient, n: { slotId: string; reservationNumber: number }) =>
    mustCall(server.url, 'cancelReservation', { slotId: n.slotId, reservationNumber: n.reservationNumber, canceledBy: p.channel }, { token: p.token });
  const desk = () => callFn<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  const version = async () => (await storeVersion(t.store));
  /** What a take would write: a number reserved, its audit line (the runtime's version also moves with the server's own timers). */
  const footprint = async () => ({
    reserved: Number((await t.store.db.selectFrom('reservation_slots').select((eb) => eb.fn.countAll().as('n')).where('is_reserved', '=', 1).executeTakeFirstOrThrow()).n),
    audit: Number((await t.store.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });
  /** The stream's snapshot once it shows every write so far (snapshots are rebuilt just after a commit). */
  async function current<T>(stream: 'queue' | 'admin'): Promise<T> {
    const at = await version();
    const reader = await openSse(`${server.url}/api/live/${stream}`, stream === 'admin' ? { cookie } : {});
    try {
      return JSON.parse((await reader.next((e) => e.event === stream && (JSON.parse(e.data) as { version: number }).version >= at)).data) as T;
    } finally {
      reader.close();
    }
  }
  /** Take, cancel, `times` over; the numbers it took. */
  async function takeAndCancel(p: Patient, times: number) {
    const numbers: Taken[] = [];
    for (let i = 0; i < times; i++) {
      const mine = taken(await take(p));
      await cancel(p, mine);
      numbers.push(mine);
    }
    return numbers;
  }

  it('at 1: take, cancel, take, cancel, and the next take is refused naming the count; the desk still takes; LINE and the app alike', async () => {
    expect((await settings(1)).status).toBe(200);
    await openReception(server.url, cookie);
    for (const patient of [await app(), await line()]) {
      await takeAndCancel(patient, 2);
      const before = await footprint();
      expectRefusal(await take(patient), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.cancelLimit', { count: 2 }));
      // A refusal writes nothing: no number, no audit line.
      expect(await footprint()).toEqual(before);
      // Asking again changes nothing: still refused.
      expectRefusal(await take(patient), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.cancelLimit', { count: 2 }));
    }
    // The desk takes a number for them (a walk-in ticket).
    expect(taken(await desk()).reservationNumber).toBe(5);
    // Someone who cancelled once takes again.
    const other = await app();
    await takeAndCancel(other, 1);
    expect(taken(await take(other)).reservationNumber).toBe(7);
  });

  it('off by default: a patient takes and cancels as often as before', async () => {
    await openReception(server.url, cookie);
    const patient = await app();
    expect((await takeAndCancel(patient, 5)).map((n) => n.reservationNumber)).toEqual([1, 2, 3, 4, 5]);
    const sixth = taken(await take(patient));
    expect(sixth.reservationNumber).toBe(6);
    // Set: the cancellations so far count at once; off again: unlimited once more.
    expect((await settings(2)).status).toBe(200);
    await cancel(patient, sixth);
    expectRefusal(await take(patient), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.cancelLimit', { count: 6 }));
    expect((await settings(0)).status).toBe(200);
    expect(taken(await take(patient)).reservationNumber).toBe(7);
  });

  it("counts the patient's own cancellations, not a number staff deleted, and a family's numbers one each", async () => {
    expect((await settings(1, 3)).status).toBe(200);
    await openReception(server.url, cookie);
    const patient = await app();
    const first = taken(await take(patient));
    await mustCall(server.url, 'markSlot', { slotId: first.slotId, action: 'delete' }, { cookie });
    await takeAndCancel(patient, 1);
    // One cancellation of their own (the deleted number is the desk's doing): they take again.
    const third = taken(await take(patient));
    expect(third.reservationNumber).toBe(3);
    // A family of two, both cancelled: two cancellations.
    const family = await app();
    const both = taken(await take(family, ['たろう', 'じろう']));
    for (const member of both.family ?? []) await cancel(family, member);
    expectRefusal(await take(family), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.cancelLimit', { count: 2 }));
  });

  it("the staff stream names each listed number's patient's cancellations; the public stream carries nothing of it", async () => {
    await openReception(server.url, cookie);
    const patient = await app();
    const [a, b] = await takeAndCancel(patient, 2);
    const held = taken(await take(patient));
    const once = await app();
    const [c] = await takeAndCancel(once, 1);
    const deleted = taken(await take(await app()));
    await mustCall(server.url, 'markSlot', { slotId: deleted.slotId, action: 'delete' }, { cookie });
    const walkIn = taken(await desk());
    const staff = await current<{ cancellations?: Record<string, number>; slots: { id: string }[] }>('admin');
    expect(staff.slots.map((s) => s.id)).toEqual([a.slotId, b.slotId, held.slotId, c.slotId, deleted.slotId, walkIn.slotId]);
    // With the setting off too: staff see who cancels, whatever the clinic refuses.
    expect(staff.cancellations).toEqual({ [a.slotId]: 2, [b.slotId]: 2, [held.slotId]: 2, [c.slotId]: 1 });
    const publicView = JSON.stringify(await current<unknown>('queue'));
    expect(publicView).not.toContain('cancellations');
    expect(publicView).not.toContain(held.slotId);
  });

  it('saves the setting audited with before and after, keeps it when absent, and refuses bad values changing nothing', async () => {
    expect(((await current<{ allocationSettings: unknown }>('admin')).allocationSettings)).toEqual({ keepEvery: 0, onlineCap: 0, familyMax: 1, cancelLimit: 0 });
    const before = await version();
    for (const bad of [11, -1, 1.5, '2', null]) {
      expectRefusal(await callFn(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, cancelLimit: bad }, { cookie }), 'INVALID_ARGUMENT');
    }
    expectRefusal(
      await callFn(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, cancelLimit: 1 }, { token: (await pwaPatient(server.url)).token }),
      'PERMISSION_DENIED',
    );
    expect(await t.store.db.selectFrom('runtime').select(['version', 'cancel_limit']).executeTakeFirstOrThrow()).toEqual({ version: before, cancel_limit: 0 });

    expect(await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, cancelLimit: 10 }, { cookie })).toEqual({ ok: true });
    // A client that does not send it keeps the stored value.
    expect((await settings(undefined)).status).toBe(200);
    expect(await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, cancelLimit: 1 }, { cookie })).toEqual({ ok: true });
    expect((await current<{ allocationSettings: unknown }>('admin')).allocationSettings).toEqual({ keepEvery: 0, onlineCap: 0, familyMax: 1, cancelLimit: 1 });
    const audit = (await mustCall<{ entries: AuditRow[] }>(server.url, 'getAuditLog', { limit: 20 }, { cookie })).entries
      .filter((e) => e.action === 'saveAllocationSettings')
      .map(({ before: b, after }) => ({ before: b, after }))
      .reverse();
    const settingsOf = (cancelLimit: number) => ({ keepEvery: 0, onlineCap: 0, familyMax: 1, cancelLimit });
    expect(audit).toEqual([
      { before: settingsOf(0), after: settingsOf(10) },
      { before: settingsOf(10), after: settingsOf(10) },
      { before: settingsOf(10), after: settingsOf(1) },
    ]);
  });
});
