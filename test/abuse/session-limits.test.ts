/**
 * Numbers are never reused, so taking and cancelling again and again burns a session's numbers. One patient
 * identity, and one address, may consume only so many numbers per reception session (cancelled ones count);
 * a new session starts afresh.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(env: Record<string, string>) {
  const s = await startTestServer({ env: { TRUST_PROXY: 'true', RATE_LIMIT_TICKETS_PER_HOUR: '100', ...env } });
  servers.push(s);
  return s;
}

type Taken = { slotId: string; reservationNumber: number };
type Answer = { status: number; body: { result?: Taken; error?: { status: string; message: string } } };

/** A call as if from `ip` (the server trusts X-Forwarded-For in these tests). */
async function from(ip: string, url: string, name: string, data: unknown, token: string): Promise<Answer> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip, authorization: `Bearer ${token}` };
  const response = await fetch(`${url}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const take = (s: TestServer, ip: string, token: string) => from(ip, s.url, 'allocateNextSlot', { reservedType: 'PWA' }, token);
const cancel = (s: TestServer, ip: string, token: string, taken: Taken) =>
  from(ip, s.url, 'cancelReservation', { slotId: taken.slotId, reservationNumber: taken.reservationNumber, canceledBy: 'PWA' }, token);

async function newSession(s: TestServer, cookie: string, first = false) {
  if (!first) {
    await mustCall(s.url, 'endOnlineReception', {}, { cookie });
    await mustCall(s.url, 'endInhouseReception', {}, { cookie });
  }
  await mustCall(s.url, 'startInhouseReception', {}, { cookie });
  await mustCall(s.url, 'startOnlineReception', {}, { cookie });
}

/** Takes and cancels until refused; returns how many numbers were taken and the refusal. */
async function takeAndCancelUntilRefused(s: TestServer, ip: string, token: string) {
  for (let taken = 0; taken < 20; taken++) {
    const answer = await take(s, ip, token);
    if (answer.status !== 200) return { taken, refusal: answer };
    expect((await cancel(s, ip, token, answer.body.result!)).status).toBe(200);
  }
  throw new Error('never refused');
}

const refusal = (key: 'error.patientSessionLimit' | 'error.addressSessionLimit') => ({
  status: 429,
  body: { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', key) } },
});

describe('numbers per patient per session', () => {
  it('take, cancel, take again until refused with a clear message; a new session resets', async () => {
    const s = await server({});
    const cookie = await staffCookie(s.url, s.store);
    await newSession(s, cookie, true);
    const patient = await pwaPatient(s.url);
    const first = await takeAndCancelUntilRefused(s, '203.0.113.10', patient.token);
    expect(first.taken).toBe(s.config.RATE_LIMIT_NUMBERS_PER_PATIENT_SESSION);
    expect(first.refusal).toEqual(refusal('error.patientSessionLimit'));
    // Another address changes nothing: the limit is the patient's.
    expect(await take(s, '198.51.100.10', patient.token)).toEqual(refusal('error.patientSessionLimit'));
    // Another patient is not affected.
    expect((await take(s, '203.0.113.10', (await pwaPatient(s.url)).token)).status).toBe(200);

    await mustCall(s.url, 'endOnlineReception', {}, { cookie });
    await s.store.db.updateTable('reservation_slots').set({ canceled: 1 }).where('is_reserved', '=', 1).execute();
    await newSession(s, cookie);
    expect((await takeAndCancelUntilRefused(s, '203.0.113.10', patient.token)).taken).toBe(3);
  });

  it('holds on a trusted network too (exempt from address limits only), not with RATE_LIMIT=off', async () => {
    const trusted = await server({ RATE_LIMIT_TRUSTED: '192.0.2.0/24', RATE_LIMIT_NUMBERS_PER_PATIENT_SESSION: '2' });
    await newSession(trusted, await staffCookie(trusted.url, trusted.store), true);
    const onWifi = await takeAndCancelUntilRefused(trusted, '192.0.2.8', (await pwaPatient(trusted.url)).token);
    expect(onWifi).toMatchObject({ taken: 2, refusal: refusal('error.patientSessionLimit') });

    const off = await server({ RATE_LIMIT: 'off', RATE_LIMIT_NUMBERS_PER_PATIENT_SESSION: '2' });
    await newSession(off, await staffCookie(off.url, off.store), true);
    const token = (await pwaPatient(off.url)).token;
    for (let i = 0; i < 5; i++) {
      const answer = await take(off, '192.0.2.8', token);
      expect(answer.status).toBe(200);
      await cancel(off, '192.0.2.8', token, answer.body.result!);
    }
  });
});

describe('numbers per address per session', () => {
  it('caps one address over many patients, cancellations included; trusted networks are exempt; a new session resets', async () => {
    const s = await server({ RATE_LIMIT_NUMBERS_PER_ADDRESS_SESSION: '4', RATE_LIMIT_TRUSTED: '192.0.2.0/24' });
    const cookie = await staffCookie(s.url, s.store);
    await newSession(s, cookie, true);
    const patients = await Promise.all(Array.from({ length: 4 }, () => pwaPatient(s.url)));
    // Two patients take and cancel twice each: four numbers gone from this address.
    for (const p of patients.slice(0, 2)) {
      for (let i = 0; i < 2; i++) {
        const answer = await take(s, '2001:db8:5:10::1', p.token);
        expect(answer.status).toBe(200);
        await cancel(s, '2001:db8:5:10::1', p.token, answer.body.result!);
      }
    }
    // The same /56 from another /64 is the same client.
    expect(await take(s, '2001:db8:5:20::9', patients[2].token)).toEqual(refusal('error.addressSessionLimit'));
    expect((await take(s, '2001:db8:6::9', patients[2].token)).status).toBe(200);
    expect((await take(s, '192.0.2.8', patients[3].token)).status).toBe(200);

    await mustCall(s.url, 'endOnlineReception', {}, { cookie });
    await s.store.db.updateTable('reservation_slots').set({ canceled: 1 }).where('is_reserved', '=', 1).execute();
    await newSession(s, cookie);
    expect((await take(s, '2001:db8:5:10::1', patients[0].token)).status).toBe(200);
  });
});
