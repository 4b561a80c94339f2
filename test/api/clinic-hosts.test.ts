/**
 * Host routing (decision 078): each host reaches its own clinic, a host nobody listed gets a plain page or the
 * catalogue's refusal and never a clinic's data, a disabled clinic answers "closed", and what one clinic signs
 * (patients' tokens, staff cookies) opens nothing in another. On both stores.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores } from '../support/stores.js';
import { CLINIC_B_NAME, HOST_B, rawHostGet, startTwoClinics, type TwoClinics } from '../support/clinic-hosts.js';
import { addClinic, setDisabled } from '../../src/server/ops/clinics.js';
import { expectRefusal } from './api-support.js';

const CLINIC_A_NAME = 'あおば医院';
const UNKNOWN = 'c.example.jp';

describeStores('clinics by host', (kind) => {
  let two: TwoClinics;
  beforeEach(async () => {
    two = await startTwoClinics(kind, { CLINIC_NAME: CLINIC_A_NAME });
  });
  afterEach(async () => two?.close());

  const clinicName = async (side: TwoClinics['a']) => ((await (await side.get('/api/client-config')).json()) as { clinicName: string }).clinicName;

  it('gives each host its own clinic, as a proxy forwards it and as a browser names it directly', async () => {
    expect(await clinicName(two.a)).toBe(CLINIC_A_NAME);
    expect(await clinicName(two.b)).toBe(CLINIC_B_NAME);
    // A bare Host header, in any case and with a port, is the same host.
    const direct = await rawHostGet(`${two.server.url}/api/client-config`, 'B.Example.JP:8443');
    expect(JSON.parse(direct.body)).toMatchObject({ clinicName: CLINIC_B_NAME });
    // Clinic B has no LINE channel of its own: the environment's belong to the clinic `default` only.
    const b = (await (await two.b.get('/api/client-config')).json()) as { line: { channelId: string | null } };
    expect(b.line.channelId).toBeNull();
  });

  it('answers a host nobody listed with a plain page or a refusal, never a clinic, and /healthz whatever the host', async () => {
    const page = await rawHostGet(`${two.server.url}/pwa/`, UNKNOWN);
    expect(page.status).toBe(404);
    expect(page.type).toContain('text/html');
    expect(page.body).toContain('このアドレスのクリニックはありません');
    expect(page.body).toContain('No clinic at this address');
    expect(page.body).not.toContain(CLINIC_A_NAME);
    expect(page.body).not.toContain('<script');
    const api = await rawHostGet(`${two.server.url}/api/client-config`, UNKNOWN);
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ error: { status: 'NOT_FOUND', message: 'このアドレスのクリニックはありません。' } });
    const stream = await rawHostGet(`${two.server.url}/api/live/queue`, UNKNOWN);
    expect(stream.status).toBe(404);
    expect((await rawHostGet(`${two.server.url}/healthz`, UNKNOWN)).status).toBe(200);
  });

  it('serves a clinic added while it runs at the first request for its host', async () => {
    await addClinic(two.t.store, 'clinic-c', 'みどり小児科', [UNKNOWN], new Date().toISOString());
    expect(JSON.parse((await rawHostGet(`${two.server.url}/api/client-config`, UNKNOWN)).body)).toMatchObject({ clinicName: 'みどり小児科' });
  });

  it('answers "closed" for a disabled clinic and keeps serving the others', async () => {
    await setDisabled(two.t.store, 'clinic-b', true, new Date().toISOString());
    await two.server.app.clinics.refresh();
    const page = await rawHostGet(`${two.server.url}/pwa/`, HOST_B);
    expect(page.status).toBe(503);
    expect(page.body).toContain('このクリニックの受付は休止しています');
    expectRefusal(await two.b.call('getMyReservation'), 'UNAVAILABLE', '休止');
    expect(await clinicName(two.a)).toBe(CLINIC_A_NAME);
    await setDisabled(two.t.store, 'clinic-b', false, new Date().toISOString());
    await two.server.app.clinics.refresh();
    expect(await clinicName(two.b)).toBe(CLINIC_B_NAME);
  });

  it("refuses one clinic's patient token and staff cookie at the other", async () => {
    const patientA = await two.a.patient();
    const staffA = await two.a.staff();
    expect((await two.a.call('getMyReservation', {}, { token: patientA.token })).status).toBe(200);
    expectRefusal(await two.b.call('getMyReservation', {}, { token: patientA.token }), 'UNAUTHENTICATED');
    expect((await two.a.call('getAuditLog', {}, { cookie: staffA })).status).toBe(200);
    expectRefusal(await two.b.call('getAuditLog', {}, { cookie: staffA }), 'UNAUTHENTICATED');
    // The same the other way round.
    const patientB = await two.b.patient();
    expectRefusal(await two.a.call('getMyReservation', {}, { token: patientB.token }), 'UNAUTHENTICATED');
  });

  it('numbers each clinic from 1 and shows each public list only its own', async () => {
    for (const side of [two.a, two.b]) {
      const cookie = await side.staff();
      expect((await side.call('startInhouseReception', {}, { cookie })).status).toBe(200);
      expect((await side.call('startOnlineReception', {}, { cookie })).status).toBe(200);
    }
    const take = async (side: TwoClinics['a']) => {
      const { token } = await side.patient();
      const answer = await side.call<{ reservationNumber: number }>('allocateNextSlot', { reservedType: 'PWA' }, { token });
      if (!('result' in answer.body)) throw new Error(JSON.stringify(answer.body));
      return answer.body.result.reservationNumber;
    };
    expect([await take(two.a), await take(two.b), await take(two.b)]).toEqual([1, 1, 2]);
    const rows = async (side: TwoClinics['a']) => {
      const reader = await side.sse('/api/live/queue');
      try {
        const event = await reader.next((e) => e.event === 'queue');
        return (JSON.parse(event.data) as { queue: { reservationNumber: number }[] }).queue.map((r) => r.reservationNumber);
      } finally {
        reader.close();
      }
    };
    expect(await rows(two.a)).toEqual([1]);
    expect(await rows(two.b)).toEqual([1, 2]);
  });
});

