/**
 * One round trip to take a number: allocateNextSlot's answer carries the patient's card, exactly what
 * getMyReservation answers right after, so the patient's screen needs no second request. Old fields keep
 * their meaning; a walk-in ticket has no card.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { openReception, signedLinePatient } from './api-support.js';

interface Card {
  slotId: string;
  reservationNumber: number;
  ahead: number | null;
}
type Taken = { ok: true; slotId: string; reservationNumber: number; reservation: Card | null };

describeStores('allocateNextSlot answers with the card', (kind) => {
  let testStore: TestStore;
  let server: TestServer;
  beforeAll(async () => {
    testStore = await openTestStore(kind);
    server = await startTestServer({ store: testStore.store });
  });
  afterAll(async () => {
    await server?.close();
    await testStore?.cleanup();
  });

  it('carries what getMyReservation shows, for every patient of a simultaneous batch', async () => {
    const cookie = await staffCookie(server.url, server.store);
    await openReception(server.url, cookie);
    const walkIn = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    expect(walkIn).toEqual({ ok: true, slotId: expect.any(String), reservationNumber: 1, reservation: null, family: null });
    // Ahead of the batch: one held, one deleted, one waiting. Only the waiting one counts as ahead.
    const second = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    const third = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    await mustCall(server.url, 'markSlot', { slotId: walkIn.slotId, action: 'hold' }, { cookie });
    await mustCall(server.url, 'markSlot', { slotId: second.slotId, action: 'delete' }, { cookie });
    expect(third.reservationNumber).toBe(3);

    const patients = [await pwaPatient(server.url), await signedLinePatient(server), await pwaPatient(server.url)];
    const types = ['PWA', 'LINE', 'PWA'] as const;
    // At once (the server writes them in one batch when it can): each card still counts the others ahead.
    const taken = await Promise.all(patients.map((p, i) => mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: types[i] }, { token: p.token })));
    expect(taken.map((t) => t.reservationNumber).sort()).toEqual([4, 5, 6]);
    for (const [i, answer] of taken.entries()) {
      const { reservation } = await mustCall<{ reservation: Card | null }>(server.url, 'getMyReservation', {}, { token: patients[i].token });
      expect(reservation).not.toBeNull();
      expect(answer.reservation).toEqual(reservation);
      expect(answer.reservation).toMatchObject({ slotId: answer.slotId, reservationNumber: answer.reservationNumber, ahead: answer.reservationNumber - 3 });
    }
  });
});
