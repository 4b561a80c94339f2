/**
 * Owner ids never leave the server (decision 004): a PWA uid is its patient's credential, so the staff
 * stream, which every staff browser receives, must not carry it either.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { openSse } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { signedLinePatient } from './api-support.js';

describeStores('the admin stream carries no owner id', (kind) => {
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

  it('has no lineId or pwaId key and no owner id value, and keeps reservedType', async () => {
    const cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    const pwa = await pwaPatient(server.url);
    const line = await signedLinePatient(server);
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: pwa.token });
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: line.token });
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });

    // The ids are really there, on the server: the frame below would otherwise prove nothing.
    const owners = await server.store.db.selectFrom('reservation_slots').select('owner_id').where('owner_id', 'is not', null).execute();
    expect(owners.map((o) => o.owner_id).sort()).toEqual([line.uid, pwa.uid].sort());

    const reader = await openSse(`${server.url}/api/live/admin`, { cookie });
    const frame = (await reader.next((e) => e.event === 'admin' && (JSON.parse(e.data) as { slots: unknown[] }).slots.length === 3)).data;
    reader.close();
    for (const text of ['lineId', 'pwaId', 'ownerId', 'owner_id', line.uid, pwa.uid, 'PWA_']) expect(frame).not.toContain(text);
    const { slots } = JSON.parse(frame) as { slots: { reservedType: string }[] };
    expect(slots.map((s) => s.reservedType)).toEqual(['PWA', 'LINE', 'ADMIN']);
  });
});
