/**
 * A clinic for the check-in tests (docs/decisions/048): a real server on a store of the given kind, both on
 * one clock the test moves by hand (the monitor's code windows), reception open, a signed-in staff member.
 */
import { afterEach, beforeEach } from 'vitest';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { type ManualClock, manualClock } from '../support/clock.js';
import { QUIET_SUNDAY, startTestServer, type TestServer } from '../support/server.js';
import { openTestStore, type StoreKind, type TestStore } from '../support/stores.js';
import type { ArrivalSetup } from '../../src/shared/schemas/functions.js';
import { checkinSealer } from '../../src/server/domain/arrival/keys.js';
import { readCheckinSecret } from '../../src/server/domain/arrival/secret.js';
import { serverTokenSecret } from './api-support.js';
import { storeVersion } from '../support/store-version.js';

export interface ArrivalClinic {
  readonly server: TestServer;
  readonly clock: ManualClock;
  readonly cookie: string;
  staff<T>(name: string, data?: unknown): Promise<T>;
  /** A new app patient holding a number of the open session. */
  patient(): Promise<{ uid: string; token: string; slotId: string; reservationNumber: number }>;
  setup(): Promise<ArrivalSetup>;
  /** The code secret as the server opens it (stored sealed, decision 059): for computing the monitor's codes. */
  secret(): Promise<string | null>;
  /** The runtime row's version: every committed write bumps it. */
  version(): Promise<number>;
  slot(slotId: string): Promise<{ arrived_at: string | null; arrived_by: string | null; updated_at: string }>;
}

export function useArrivalClinic(kind: StoreKind, env: Record<string, string> = {}): ArrivalClinic {
  let testStore: TestStore;
  let server: TestServer;
  let clock: ManualClock;
  let cookie: string;

  beforeEach(async () => {
    clock = manualClock(QUIET_SUNDAY);
    testStore = await openTestStore(kind, { clock: clock.storeClock });
    server = await startTestServer({ store: testStore.store, clock, env });
    cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
  });
  afterEach(async () => {
    await server?.close();
    await testStore?.cleanup();
  });

  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  return {
    get server() {
      return server;
    },
    get clock() {
      return clock;
    },
    get cookie() {
      return cookie;
    },
    staff,
    async patient() {
      const who = await pwaPatient(server.url);
      const taken = await mustCall<{ slotId: string; reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: who.token });
      return { ...who, ...taken };
    },
    setup: () => staff<ArrivalSetup>('getArrivalSetup'),
    secret: () => readCheckinSecret(server.store, checkinSealer(serverTokenSecret(server))),
    async version() {
      return (await storeVersion(server.store));
    },
    slot: (slotId) =>
      server.store.db.selectFrom('reservation_slots').select(['arrived_at', 'arrived_by', 'updated_at']).where('id', '=', slotId).executeTakeFirstOrThrow(),
  };
}
