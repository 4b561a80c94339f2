/**
 * A patient's repeatable changes (docs/decisions/043): a change spends the patient's hourly budget, past it
 * the call is refused; a call that changes nothing, and a refusal for a missing or someone else's slot,
 * are answered from a read while another writer holds the writers' lock, and change no version.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { within } from '../process/process-support.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { patientCounterSubject } from '../support/counters.js';
import type { Store } from '../../src/server/storage/port.js';
import { storeVersion } from '../support/store-version.js';

type Taken = { slotId: string; reservationNumber: number };

describeStores('the patient’s change budget', (kind) => {
  let test: TestStore;
  let server: TestServer;
  let cookie: string;
  let other: Store | undefined;

  async function start(env: Record<string, string>) {
    server = await startTestServer({ store: test.store, env });
    cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    // Walk-ins ahead, so that no patient's notice is due (a notice already sent fixes the threshold).
    for (let i = 0; i < 11; i++) await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  }
  beforeEach(async () => {
    test = await openTestStore(kind);
  });
  afterEach(async () => {
    await server?.close();
    await test.cleanup();
    other = undefined;
  });

  const version = async () => (await storeVersion(server.store));
  const take = (token: string) => mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token });
  const threshold = (token: string, slotId: string, n: number) => callFn(server.url, 'setMyNoticeThreshold', { slotId, threshold: n }, { token });
  const cancel = (token: string, slot: Taken) =>
    callFn(server.url, 'cancelReservation', { slotId: slot.slotId, reservationNumber: slot.reservationNumber, canceledBy: 'PWA' }, { token });
  const overBudget = { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedChanges') } };

  /** Runs `calls` while another connection holds the writers' lock: they must not need it. */
  async function whileLocked<T>(calls: () => Promise<T>): Promise<T> {
    other ??= await test.reopen();
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const holding = other.write(async () => {
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    try {
      return await within(calls(), 3_000, 'a call that should not wait for the writers’ lock');
    } finally {
      release();
      await holding;
    }
  }

  it('spends one unit per real change and refuses past the budget with the catalogue message', async () => {
    await start({ RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '3' });
    const patient = await pwaPatient(server.url);
    const slot = await take(patient.token);
    const before = await version();
    const answers = [];
    for (const n of [9, 10, 9, 10, 8]) answers.push(await threshold(patient.token, slot.slotId, n));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3].body).toEqual(overBudget);
    expect(await version()).toBe(before + 3);
    const row = await server.store.db.selectFrom('reservation_slots').select('notice_threshold').where('id', '=', slot.slotId).executeTakeFirstOrThrow();
    expect(row.notice_threshold).toBe(9);
    // Past the budget the refusal is a read: it is answered while another writer holds the lock.
    expect((await whileLocked(() => threshold(patient.token, slot.slotId, 10))).body).toEqual(overBudget);
    // Another patient's budget, and this patient's cancel budget, are their own.
    const second = await pwaPatient(server.url);
    const secondSlot = await take(second.token);
    expect((await threshold(second.token, secondSlot.slotId, 8)).status).toBe(200);
    expect((await cancel(patient.token, slot)).status).toBe(200);
  });

  it('writes nothing for a choice already made, nor for a missing or someone else’s slot', async () => {
    await start({});
    const patient = await pwaPatient(server.url);
    const slot = await take(patient.token);
    await mustCall(server.url, 'setMyNoticeThreshold', { slotId: slot.slotId, threshold: 7 }, { token: patient.token });
    const stranger = await pwaPatient(server.url); // holds no number
    const before = await version();
    const answers = await whileLocked(async () => [
      await threshold(patient.token, slot.slotId, 7),
      await threshold(stranger.token, slot.slotId, 3),
      await threshold(stranger.token, 'no-such-slot', 3),
      await cancel(stranger.token, slot),
    ]);
    expect(answers[0].body).toEqual({ result: { ok: true, threshold: 7, minutes: null } });
    for (const refused of answers.slice(1)) expect(refused.body).toEqual({ error: { status: 'NOT_FOUND', message: label(staffLabels, 'ja', 'error.reservationNotFound') } });
    expect(await version()).toBe(before + 1); // the lock holder's own write, and nothing else
    const spent = await server.store.db.selectFrom('rate_counters').select(['key', 'count']).where('key', 'like', 'patient-%').execute();
    expect(spent).toEqual([{ key: `patient-threshold:${patientCounterSubject(server.dataDir, patient.uid)}`, count: 1 }]);
  });

  it('limits cancelling like any other change', async () => {
    await start({ RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '1' });
    const patient = await pwaPatient(server.url);
    expect((await cancel(patient.token, await take(patient.token))).status).toBe(200);
    const second = await take(patient.token);
    const refused = await cancel(patient.token, second);
    expect(refused.body).toEqual(overBudget);
    const mine = await mustCall<{ reservation: { slotId: string } | null }>(server.url, 'getMyReservation', {}, { token: patient.token });
    expect(mine.reservation?.slotId).toBe(second.slotId);
  });

  it('has no budget with RATE_LIMIT=off', async () => {
    await start({ RATE_LIMIT: 'off', RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '1' });
    const patient = await pwaPatient(server.url);
    const slot = await take(patient.token);
    for (const n of [9, 10, 9]) expect((await threshold(patient.token, slot.slotId, n)).status).toBe(200);
  });
});
