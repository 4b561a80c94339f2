/**
 * A family takes numbers together (docs/decisions/053) over real HTTP on both stores: off by default (one
 * number, today's refusals), several numbers in one request with short names, all or none, consecutive
 * online numbers, the names only in the patient's cards and the staff stream, each member cancelled on
 * its own, and the setting saved audited and refused out of range.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import type { MyReservation } from '../../src/shared/schemas/functions.js';
import { callFn, type FnAnswer, mustCall, pwaPatient } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { describeStores, type TestStore } from '../support/stores.js';
import { adminSnapshot, expectRefusal, openReception, queueSnapshotText, smallSessionServer } from './api-support.js';
import { storeVersion } from '../support/store-version.js';

type Taken = { reservationNumber: number; slotId: string; reservation: MyReservation | null; family: MyReservation[] | null };

describeStores('families take numbers together', (kind) => {
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

  const settings = (familyMax: number, keepEvery = 0, onlineCap = 0) =>
    callFn(server.url, 'saveAllocationSettings', { keepEvery, onlineCap, familyMax }, { cookie });
  const take = (token: string, members?: string[]) =>
    callFn<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA', ...(members ? { members } : {}) }, { token });
  const family = async (members?: string[]) => take((await pwaPatient(server.url)).token, members);
  const numbers = (answer: FnAnswer<Taken>) =>
    'result' in answer.body ? (answer.body.result.family ?? []).map((c) => c.reservationNumber) : answer.body.error.message;
  const version = async () => (await storeVersion(t.store));
  const taken = async () =>
    (await t.store.db.selectFrom('reservation_slots').select('reservation_number').where('is_reserved', '=', 1).orderBy('reservation_number').execute()).map(
      (r) => r.reservation_number,
    );

  it('is off by default: one number per request as before, more members refused naming the setting, nothing taken', async () => {
    await openReception(server.url, cookie);
    const before = await version();
    expectRefusal(await family(['', '']), 'FAILED_PRECONDITION', label(staffLabels, 'ja', 'error.familyTooLarge', { max: 1 }));
    expect(await version()).toBe(before);
    // One member (a name is allowed for one), and a second request of the same patient: ALREADY_EXISTS as today.
    const patient = await pwaPatient(server.url);
    const one = await take(patient.token, ['たろう']);
    expect(numbers(one)).toEqual([1]);
    expect('result' in one.body && one.body.result.reservation?.memberName).toBe(null);
    expectRefusal(await take(patient.token), 'ALREADY_EXISTS');
    expect(await taken()).toEqual([1]);
  });

  it('takes every member at once, consecutive, with names on the cards; the patient sees them together', async () => {
    expect((await settings(3)).status).toBe(200);
    await openReception(server.url, cookie);
    expect(numbers(await family())).toEqual([1]);
    const patient = await pwaPatient(server.url);
    const answer = await take(patient.token, ['たろう', '', 'はなこ']);
    expect(answer.status).toBe(200);
    if (!('result' in answer.body)) throw new Error('refused');
    const { result } = answer.body;
    expect(result.reservationNumber).toBe(2);
    expect(result.family?.map((c) => [c.reservationNumber, c.ahead, c.memberName])).toEqual([
      [2, 1, 'たろう'],
      [3, 2, null],
      [4, 3, 'はなこ'],
    ]);
    expect(new Set(result.family?.map((c) => c.familyId))).toEqual(new Set([result.slotId]));
    expect(result.reservation).toEqual(result.family?.[0]);
    const mine = await mustCall<{ reservation: MyReservation | null; family: MyReservation[] }>(server.url, 'getMyReservation', {}, { token: patient.token });
    expect(mine.family).toEqual(result.family);
    expect(mine.reservation).toEqual(result.family?.[0]);
    // Still one request per patient: a second family is refused as a second number is.
    expectRefusal(await take(patient.token, ['', '']), 'ALREADY_EXISTS');
    expect(numbers(await family(['', '']))).toEqual([5, 6]);
  });

  it('shows names to staff only (never the public stream or the audit trail); the setting is audited', async () => {
    await settings(2);
    await openReception(server.url, cookie);
    await family(['さくらこ', 'ももたろう']);
    const publicText = await queueSnapshotText(server.url);
    expect(publicText).not.toContain('さくらこ');
    expect(publicText).not.toMatch(/memberName|familyId/);
    expect(JSON.parse(publicText)).toMatchObject({ familyMax: 2 });
    const staff = await adminSnapshot<{ slots: { reservationNumber: number; memberName: string | null; familyId: string | null }[] }>(server.url, cookie);
    expect(staff.slots.map((s) => s.memberName)).toEqual(['さくらこ', 'ももたろう']);
    expect(new Set(staff.slots.map((s) => s.familyId)).size).toBe(1);
    // The setting's change is audited with before and after; no row of the trail names a member.
    const audit = await t.store.db.selectFrom('audit_log').select(['action', 'before', 'after']).execute();
    const saved = audit.find((row) => row.action === 'saveAllocationSettings');
    expect(JSON.parse(saved?.before ?? '{}')).toMatchObject({ familyMax: 1 });
    expect(JSON.parse(saved?.after ?? '{}')).toMatchObject({ familyMax: 2 });
    expect(JSON.stringify(audit)).not.toContain('さくら');
  });

  it('is all or none: too few online numbers left, or the cap, refuses the whole family and changes nothing', async () => {
    await settings(3, 0, 8);
    await openReception(server.url, cookie);
    expect(numbers(await family(['', '', '']))).toEqual([1, 2, 3]);
    expect(numbers(await family(['', '', '']))).toEqual([4, 5, 6]);
    const before = await version();
    // Two under the cap of 8: a family of three is refused whole, in its own words.
    expectRefusal(await family(['', '', '']), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.notEnoughForFamily'));
    expect(await version()).toBe(before);
    expect(numbers(await family(['', '']))).toEqual([7, 8]);
    // No cap: ten numbers a session, 9 and 10 left.
    await settings(3, 0, 0);
    expectRefusal(await family(['', '', '']), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.notEnoughForFamily'));
    expect(numbers(await family(['', '']))).toEqual([9, 10]);
    expect(await taken()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('passes over numbers kept for the desk, which stay the desk\'s', async () => {
    await settings(3, 3);
    await openReception(server.url, cookie);
    expect(numbers(await family(['', '', '']))).toEqual([1, 2, 4]);
    expect(numbers(await family(['', '']))).toEqual([5, 7]);
    const desk = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    expect(desk.reservationNumber).toBe(3);
  });

  it('cancels each member on its own; the others keep their numbers', async () => {
    await settings(3);
    await openReception(server.url, cookie);
    const patient = await pwaPatient(server.url);
    const answer = await take(patient.token, ['a', 'b', 'c']);
    if (!('result' in answer.body) || !answer.body.result.family) throw new Error('refused');
    const middle = answer.body.result.family[1];
    await mustCall(server.url, 'cancelReservation', { slotId: middle.slotId, reservationNumber: 2, canceledBy: 'PWA' }, { token: patient.token });
    const mine = await mustCall<{ family: MyReservation[] }>(server.url, 'getMyReservation', {}, { token: patient.token });
    expect(mine.family.map((c) => [c.reservationNumber, c.memberName, c.ahead])).toEqual([
      [1, 'a', 0],
      [3, 'c', 1],
    ]);
  });

  it('refuses bad input with INVALID_ARGUMENT and changes nothing', async () => {
    await openReception(server.url, cookie);
    const before = await version();
    for (const familyMax of [0, 6, 2.5]) expectRefusal(await settings(familyMax), 'INVALID_ARGUMENT');
    expectRefusal(await family(['あいうえおかきくけこさ']), 'INVALID_ARGUMENT');
    expectRefusal(await family([]), 'INVALID_ARGUMENT');
    expectRefusal(await family(['', '', '', '', '', '']), 'INVALID_ARGUMENT');
    expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'ADMIN', members: ['', ''] }, { cookie }), 'INVALID_ARGUMENT');
    expect(await version()).toBe(before);
    // An older staff screen saving without familyMax keeps what is stored.
    await settings(4);
    await callFn(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0 }, { cookie });
    expect((await t.store.db.selectFrom('runtime').select('family_max').executeTakeFirstOrThrow()).family_max).toBe(4);
  });
});
