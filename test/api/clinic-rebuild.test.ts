/**
 * A clinic's runtime is made again when its name or its LINE settings change (clinics/registry.ts). The store
 * outlives every runtime, so whatever a runtime subscribed to it — the live hub, the notify worker, the
 * timers, the allocation's views of reception — must be given back when it stops: rebuilt many times, the
 * clinic holds as many store listeners as it did after its first start, and still takes numbers. Both stores.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeClinicOverlay } from '../../src/server/clinics/line-channels.js';
import type { ClinicRuntime } from '../../src/server/clinics/runtime.js';
import { describeStores } from '../support/stores.js';
import { startTwoClinics, type TwoClinics } from '../support/clinic-hosts.js';
import { eventually } from '../notify/support.js';

const B = 'clinic-b';
const REBUILDS = 6;

describeStores('a clinic runtime rebuilt again and again', (kind) => {
  let two: TwoClinics;
  const runtimeB = () => two.server.app.clinics.runtimes().find((r) => r.id === B);
  const listeners = () => two.b.store.listenerCount();

  beforeEach(async () => {
    two = await startTwoClinics(kind);
  });
  afterEach(async () => {
    await two.close();
  });

  it('gives back every store listener of the runtime it replaces, and the new one still takes numbers', async () => {
    // The allocation's first reading of the queues (its views made for each) has been answered.
    const cookie = await two.b.staff();
    const first = listeners();
    expect(first).toBeGreaterThan(0);

    let before = runtimeB() as ClinicRuntime;
    for (let i = 1; i <= REBUILDS; i++) {
      // Alternately new settings (line_channels.updated_at) and a new name: each makes a new runtime.
      if (i % 2) await writeClinicOverlay(two.b.store, 'any-secret: no setting here is sealed', { CLINIC_NAME: `さくら内科 ${i}` });
      else await two.t.store.deployment.updateTable('clinics').set({ name: `Sakura ${i}` }).where('id', '=', B).execute();
      await two.server.app.clinics.refresh();
      const after = runtimeB();
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      before = after as ClinicRuntime;
    }
    // The replaced runtimes stop in the background.
    await eventually(() => listeners() === first, `clinic-b back to ${first} store listeners (now ${listeners()})`);

    expect((await two.b.call('startInhouseReception', {}, { cookie })).status).toBe(200);
    expect((await two.b.call('startOnlineReception', {}, { cookie })).status).toBe(200);
    const { token } = await two.b.patient();
    const taken = await two.b.call<{ reservationNumber: number }>('allocateNextSlot', { reservedType: 'PWA' }, { token });
    expect(taken.body).toMatchObject({ result: { reservationNumber: 1 } });
    // Refused on the new runtime's view, without a stale one left from before.
    expect((await two.b.call('allocateNextSlot', { reservedType: 'PWA' }, { token })).status).toBe(409);
    expect(listeners()).toBe(first);
  });

  it("closes a stopped runtime's allocation: a request under way is still served, its views no longer listen", async () => {
    const runtime = runtimeB() as ClinicRuntime;
    const cookie = await two.b.staff();
    expect((await two.b.call('startInhouseReception', {}, { cookie })).status).toBe(200);
    const held = listeners();
    runtime.deps.allocation.close();
    expect(listeners()).toBeLessThan(held);
    const desk = await runtime.deps.allocation.take({ reservedType: 'ADMIN', ownerId: null });
    expect(desk.reservationNumber).toBe(1);
    expect(listeners()).toBeLessThan(held);
  });
});
