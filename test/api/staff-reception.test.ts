/** A reception day through HTTP, as staff and patients do it: switches, numbers, slot actions, the beep. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { adminSnapshot, expectRefusal } from './api-support.js';

// Each test gets a clinic of its own and builds the point of the day it starts from with the fixtures below.
let server: TestServer;
let cookie: string;
const staff = (name: string, data: unknown = {}) => callFn(server.url, name, data, { cookie });
type Taken = { ok: true; slotId: string; reservationNumber: number };

beforeEach(async () => {
  server = await startTestServer();
  cookie = await staffCookie(server.url, server.store);
});
afterEach(async () => server?.close());

const slotById = async (id: string) => (await adminSnapshot(server.url, cookie)).slots.find((s) => s.id === id)!;

/** In-house reception open, online still closed, and staff took walk-in number 1. */
async function inhouseWithWalkIn(): Promise<Taken> {
  await mustCall(server.url, 'startInhouseReception', {}, { cookie });
  return mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
}

/** Both receptions open: walk-in number 1 (staff) and number 2 taken by a PWA patient. */
async function dayWithTwoNumbers() {
  const adminSlot = await inhouseWithWalkIn();
  await mustCall(server.url, 'startOnlineReception', {}, { cookie });
  const patient = await pwaPatient(server.url);
  const pwaSlot = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
  if (adminSlot.reservationNumber !== 1 || pwaSlot.reservationNumber !== 2) throw new Error('fixture: expected numbers 1 and 2');
  return { patient, adminSlot, pwaSlot };
}

it('before in-house reception starts, nothing can be taken and online cannot open', async () => {
  const patient = await pwaPatient(server.url);
  expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token }), 'FAILED_PRECONDITION', 'オンライン受付を停止');
  expectRefusal(await staff('allocateNextSlot', { reservedType: 'ADMIN' }), 'FAILED_PRECONDITION', '院内受付が停止中です');
  expectRefusal(await staff('startOnlineReception'), 'FAILED_PRECONDITION', '院内受付が停止中です');
  expect((await adminSnapshot(server.url, cookie)).runtime).toEqual({ inhouseOn: false, onlineOn: false, currentWaitCount: 0 });
});

it('starting in-house opens 200 numbers; a second start changes nothing', async () => {
  const patient = await pwaPatient(server.url);
  expect(await staff('startInhouseReception')).toEqual({ status: 200, body: { result: { ok: true, changed: true } } });
  expect(await staff('startInhouseReception')).toEqual({ status: 200, body: { result: { ok: true, changed: false } } });
  const snapshot = await adminSnapshot(server.url, cookie);
  expect(snapshot.runtime.inhouseOn).toBe(true);
  expect(snapshot.nextFreeNumber).toBe(1);
  // Online is still closed for patients; staff can take walk-in numbers.
  expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token }), 'FAILED_PRECONDITION');
  const adminSlot = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  expect(adminSlot.reservationNumber).toBe(1);
});

it('online opens; a patient takes the next number once', async () => {
  await inhouseWithWalkIn();
  expect((await staff('startOnlineReception')).body).toEqual({ result: { ok: true, changed: true } });
  const patient = await pwaPatient(server.url);
  const pwaSlot = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
  expect(pwaSlot).toMatchObject({ ok: true, reservationNumber: 2 });
  expect(pwaSlot.slotId).toBeTypeOf('string');
  expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token }), 'ALREADY_EXISTS');
  const mine = await mustCall<{ reservation: unknown }>(server.url, 'getMyReservation', {}, { token: patient.token });
  expect(mine.reservation).toMatchObject({ slotId: pwaSlot.slotId, reservationNumber: 2, ahead: 1, hold: false });
  const row = await slotById(pwaSlot.slotId);
  expect(row).toMatchObject({ reservedType: 'PWA', adminBeepAnnounced: false });
  // The owner is on the server only; the staff stream never carries it.
  const owner = await server.store.db.selectFrom('reservation_slots').select('owner_id').where('id', '=', pwaSlot.slotId).executeTakeFirstOrThrow();
  expect(owner.owner_id).toBe(patient.uid);
});

it('claimAdminBeep: two staff screens at once, exactly one wins; walk-ins never beep', async () => {
  const { pwaSlot, adminSlot } = await dayWithTwoNumbers();
  const otherCookie = await staffCookie(server.url, server.store);
  const [a, b] = await Promise.all([
    callFn<{ claimed: boolean }>(server.url, 'claimAdminBeep', { slotId: pwaSlot.slotId }, { cookie }),
    callFn<{ claimed: boolean }>(server.url, 'claimAdminBeep', { slotId: pwaSlot.slotId }, { cookie: otherCookie }),
  ]);
  const claims = [a, b].map((r) => (r.body as { result: { claimed: boolean } }).result.claimed);
  expect(claims.sort()).toEqual([false, true]);
  expect((await staff('claimAdminBeep', { slotId: pwaSlot.slotId })).body).toEqual({ result: { claimed: false } });
  expect((await slotById(pwaSlot.slotId)).adminBeepAnnounced).toBe(true);
  expect((await staff('claimAdminBeep', { slotId: adminSlot.slotId })).body).toEqual({ result: { claimed: false } });
  expectRefusal(await staff('claimAdminBeep', { slotId: 'no-such-slot' }), 'NOT_FOUND');
});

it('markSlot: hold, confirm, start and their undos show in the staff stream', async () => {
  const { pwaSlot, adminSlot } = await dayWithTwoNumbers();
  const mark = async (slotId: string, action: string) => expect((await staff('markSlot', { slotId, action })).body).toEqual({ result: { ok: true } });
  await mark(pwaSlot.slotId, 'hold');
  await mark(pwaSlot.slotId, 'hold'); // a double click changes nothing
  let row = await slotById(pwaSlot.slotId);
  expect(row.hold).toBe(true);
  expect(row.holdAt).toBeTypeOf('string');
  await mark(pwaSlot.slotId, 'undoHold');
  row = await slotById(pwaSlot.slotId);
  expect(row).toMatchObject({ hold: false, holdAt: null });

  await mark(pwaSlot.slotId, 'confirm');
  expect((await slotById(pwaSlot.slotId)).adminConfirmedAt).toBeTypeOf('string');
  expectRefusal(await staff('markSlot', { slotId: adminSlot.slotId, action: 'confirm' }), 'FAILED_PRECONDITION', 'LINE・PWA');

  await mark(adminSlot.slotId, 'start');
  expect(await slotById(adminSlot.slotId)).toMatchObject({ isReceptionAccepted: true });
  expectRefusal(await staff('markSlot', { slotId: adminSlot.slotId, action: 'hold' }), 'FAILED_PRECONDITION');
  await mark(adminSlot.slotId, 'undoStart');
  expect(await slotById(adminSlot.slotId)).toMatchObject({ isReceptionAccepted: false, receptionAcceptedAt: null });

  await mark(adminSlot.slotId, 'delete');
  expect(await slotById(adminSlot.slotId)).toMatchObject({ canceled: true });
  expectRefusal(await staff('markSlot', { slotId: adminSlot.slotId, action: 'start' }), 'FAILED_PRECONDITION');
  await mark(adminSlot.slotId, 'undoDelete');
  expect(await slotById(adminSlot.slotId)).toMatchObject({ canceled: false, canceledAt: null });

  expectRefusal(await staff('markSlot', { slotId: 'no-such-slot', action: 'start' }), 'NOT_FOUND');
});

it('ending in-house is refused while online is open, then while reservations remain', async () => {
  await dayWithTwoNumbers();
  expectRefusal(await staff('endInhouseReception'), 'FAILED_PRECONDITION', 'オンライン受付が受付中です');
  await mustCall(server.url, 'endOnlineReception', {}, { cookie });
  expectRefusal(
    await staff('endInhouseReception'),
    'FAILED_PRECONDITION',
    '未対応の予約が残っています。すべての予約を開始または削除してから院内受付を停止してください。',
  );
  expect((await adminSnapshot(server.url, cookie)).runtime.inhouseOn).toBe(true);
});

it("a patient's own cancellation cannot be undone by staff; a closed day keeps its history", async () => {
  const { patient, pwaSlot, adminSlot } = await dayWithTwoNumbers();
  await mustCall(server.url, 'endOnlineReception', {}, { cookie });
  await mustCall(server.url, 'cancelReservation', { slotId: pwaSlot.slotId, reservationNumber: 2, canceledBy: 'PWA' }, { token: patient.token });
  expect(await slotById(pwaSlot.slotId)).toMatchObject({ canceled: true, canceledPwaAt: expect.any(String) });
  expectRefusal(await staff('markSlot', { slotId: pwaSlot.slotId, action: 'undoDelete' }), 'FAILED_PRECONDITION');
  await mustCall(server.url, 'markSlot', { slotId: adminSlot.slotId, action: 'start' }, { cookie });

  expect((await staff('endInhouseReception')).body).toEqual({ result: { ok: true, changed: true } });
  expect((await staff('endInhouseReception')).body).toEqual({ result: { ok: true, changed: false } });
  const closed = await adminSnapshot(server.url, cookie);
  expect(closed.runtime).toEqual({ inhouseOn: false, onlineOn: false, currentWaitCount: 0 });
  expect(closed.nextFreeNumber).toBeNull();

  // The evening session starts from number 1 again; the morning's rows stay in the store.
  await mustCall(server.url, 'startInhouseReception', {}, { cookie });
  const evening = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  expect(evening.reservationNumber).toBe(1);
  const sessions = await server.store.db.selectFrom('reception_sessions').selectAll().execute();
  expect(sessions).toHaveLength(2);
  expect(sessions.filter((s) => s.closed_at !== null)).toHaveLength(1);
});
