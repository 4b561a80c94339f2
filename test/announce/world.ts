/** A server on a real store of either kind, wired to the fake LINE and push services (issue 14 tests). */
import { startTestServer, type TestServer } from '../support/server.js';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { openTestStore, type StoreKind } from '../support/stores.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';
import { lineToken, lineUserId, notifyEnv, openReception } from '../notify/support.js';

import type { Store } from '../../src/server/storage/port.js';

export type Taken = { slotId: string; reservationNumber: number };

export interface World {
  server: TestServer;
  line: FakeLineMessaging;
  push: FakePushService;
  cookie: string;
  staff<T>(name: string, data?: unknown): Promise<T>;
  walkIn(): Promise<Taken>;
  start(slot: Taken): Promise<unknown>;
  linePatient(n: number): Promise<{ userId: string; token: string; slot: Taken }>;
  pwaPatient(withPush?: boolean): Promise<{ uid: string; token: string; slot: Taken }>;
  slotRow(id: string): Promise<{ notified_at: string | null; notice_threshold: number; notice_minutes: number | null }>;
  close(): Promise<void>;
}

/** `before` runs on the fresh store before the server starts (e.g. the clinic's history for the estimate). */
export async function startWorld(kind: StoreKind, env: Record<string, string> = {}, before?: (store: Store) => Promise<void>): Promise<World> {
  const test = await openTestStore(kind);
  await before?.(test.store);
  const line = await startFakeLineMessaging();
  const push = await startFakePushService();
  const server = await startTestServer({
    store: test.store,
    env: { ...notifyEnv(line.url), PUSH_ALLOWED_HOSTS: push.allowedHost, ...env },
  });
  const cookie = await staffCookie(server.url, server.store);
  await openReception(server, cookie);
  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  return {
    server,
    line,
    push,
    cookie,
    staff,
    walkIn: () => staff<Taken>('allocateNextSlot', { reservedType: 'ADMIN' }),
    start: (slot) => staff('markSlot', { slotId: slot.slotId, action: 'start' }),
    async linePatient(n) {
      const userId = lineUserId(n);
      const token = await lineToken(server.dataDir, userId);
      const slot = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token });
      return { userId, token, slot };
    },
    async pwaPatient(withPush = true) {
      const patient = await pwaPatient(server.url);
      if (withPush) await mustCall(server.url, 'saveSafariSubscription', { subscription: push.subscribe() }, { token: patient.token });
      const slot = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
      return { ...patient, slot };
    },
    slotRow: (id) =>
      server.store.db.selectFrom('reservation_slots').select(['notified_at', 'notice_threshold', 'notice_minutes']).where('id', '=', id).executeTakeFirstOrThrow(),
    async close() {
      await server.close();
      await line.close();
      await push.close();
      await test.cleanup();
    },
  };
}
