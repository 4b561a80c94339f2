/**
 * /metrics of a server of two clinics (decision 078): what one clinic's host did is counted under that clinic
 * only (numbers taken, refusals, requests by outcome, open streams), and a clinic whose runtime stopped
 * leaves no series behind, so the clinic label has one value per clinic the process runs. Both stores.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { setDisabled } from '../../src/server/ops/clinics.js';
import { describeStores } from '../support/stores.js';
import { startTwoClinics, type TwoClinics } from '../support/clinic-hosts.js';
import type { SseReader } from '../support/sse.js';
import { scrape, type Sample, valueOf } from './scrape.js';

const TOKEN = randomBytes(24).toString('hex');
const B = 'clinic-b';

describeStores('metrics by clinic', (kind) => {
  let two: TwoClinics;
  const streams: SseReader[] = [];
  const metrics = () => scrape(`${two.server.url}/metrics`, TOKEN);
  const ofClinic = (samples: Sample[], clinic: string) => samples.filter((s) => s.labels.clinic === clinic);

  beforeEach(async () => {
    two = await startTwoClinics(kind, { METRICS_TOKEN: TOKEN });
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await two.close();
  });

  it("counts clinic A's number under A only, B's refusal and streams under B only", async () => {
    const cookie = await two.a.staff();
    expect((await two.a.call('startInhouseReception', {}, { cookie })).status).toBe(200);
    expect((await two.a.call('startOnlineReception', {}, { cookie })).status).toBe(200);
    const { token } = await two.a.patient();
    expect((await two.a.call('allocateNextSlot', { reservedType: 'PWA' }, { token })).status).toBe(200);
    // At B: a desk number without a staff cookie is refused.
    expect((await two.b.call('allocateNextSlot', { reservedType: 'ADMIN' })).status).toBe(401);
    streams.push(await two.b.sse('/api/live/queue'), await two.b.sse('/api/live/queue'), await two.a.sse('/api/live/queue'));
    for (const s of streams) await s.next();

    const samples = await metrics();
    expect(valueOf(samples, 'clinic_queue_allocations_total', { clinic: 'default', reserved_type: 'PWA' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_allocations_total', { clinic: B, reserved_type: 'PWA' })).toBeUndefined();
    expect(samples.filter((s) => s.name === 'clinic_queue_allocations_total').map((s) => s.labels.clinic)).toEqual(['default']);
    expect(valueOf(samples, 'clinic_queue_allocation_refusals_total', { clinic: B, code: 'UNAUTHENTICATED' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_allocation_refusals_total', { clinic: 'default', code: 'UNAUTHENTICATED' })).toBeUndefined();
    expect(valueOf(samples, 'clinic_queue_clinic_requests_total', { clinic: B, outcome: 'UNAUTHENTICATED' })).toBe(1);
    // A's sign-in, two reception switches, the patient's sign-in and the number: five answered ok.
    expect(valueOf(samples, 'clinic_queue_clinic_requests_total', { clinic: 'default', outcome: 'ok' })).toBe(5);
    expect(valueOf(samples, 'clinic_queue_live_viewers', { clinic: B, kind: 'queue' })).toBe(2);
    expect(valueOf(samples, 'clinic_queue_live_viewers', { clinic: 'default', kind: 'queue' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_live_viewers', { clinic: B, kind: 'admin' })).toBe(0);
    // What the deployment shares keeps no clinic label.
    expect(samples.filter((s) => s.name.startsWith('clinic_queue_store_query') || s.name.startsWith('clinic_queue_process')).every((s) => !('clinic' in s.labels))).toBe(true);
  });

  it("drops a clinic's series once its runtime stops", async () => {
    expect((await two.b.call('allocateNextSlot', { reservedType: 'ADMIN' })).status).toBe(401);
    const before = await metrics();
    expect(ofClinic(before, B).map((s) => s.name)).toEqual(
      expect.arrayContaining(['clinic_queue_live_viewers', 'clinic_queue_allocation_refusals_total', 'clinic_queue_clinic_requests_total']),
    );
    await setDisabled(two.t.store, B, true, new Date().toISOString());
    await two.server.app.clinics.refresh();
    const after = await metrics();
    expect(ofClinic(after, B)).toEqual([]);
    expect(ofClinic(after, 'default').length).toBeGreaterThan(0);
    // The closed host's refusal is counted as no clinic's: one value for every host that reaches none.
    expect((await two.b.call('allocateNextSlot', { reservedType: 'ADMIN' })).status).toBe(503);
    const closed = await metrics();
    expect(ofClinic(closed, B)).toEqual([]);
    expect(valueOf(closed, 'clinic_queue_allocation_refusals_total', { clinic: '(none)', code: 'UNAVAILABLE' })).toBe(1);
  });
});
