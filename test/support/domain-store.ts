/**
 * The set-up every domain contract test shares: a real store per test (opened before, deleted after), the
 * reception switches, and the few rows the tests read back. One place, so each test file keeps only what it
 * asserts.
 */
import { afterEach, beforeEach } from 'vitest';
import type { ReservedType } from '../../src/shared/queue/slot.js';
import { AppError } from '../../src/server/errors.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { cancelReservation } from '../../src/server/domain/cancel-reservation/apply.js';
import { markSlot } from '../../src/server/domain/mark-slot/apply.js';
import type { SwitchName } from '../../src/shared/queue/reception-switches.js';
import type { MarkAction } from '../../src/shared/schemas/functions.js';
import type { Store } from '../../src/server/storage/port.js';
import { allocateSlot } from './allocation.js';
import { openTestStore, type StoreKind, type TestStore } from './stores.js';

export interface UseTestStoreOptions {
  /** Passed to openTestStore (a clock, a pool size). */
  open?: Parameters<typeof openTestStore>[1];
  /** Open in-house and online reception before each test. */
  reception?: boolean;
}

/**
 * Registers the per-test store for `kind` and returns a live view of it: `t.store` is the current test's
 * store, read when a test runs (the view itself is made while the suite is declared).
 */
export function useTestStore(kind: StoreKind, options: UseTestStoreOptions = {}): TestStore {
  let current: TestStore | undefined;
  const now = () => {
    if (!current) throw new Error('the test store is open only inside a test');
    return current;
  };
  beforeEach(async () => {
    current = await openTestStore(kind, options.open);
    if (options.reception) await openReception(current.store);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return {
    kind,
    get store() {
      return now().store;
    },
    get url() {
      return now().url;
    },
    reopen: () => now().reopen(),
    cleanup: () => now().cleanup(),
  };
}

/** Opens in-house, then online reception. */
export async function openReception(store: Store): Promise<void> {
  await switchReception({ store, name: 'startInhouse' });
  await switchReception({ store, name: 'startOnline' });
}

/** The refusal code of a domain call, or 'ok'. */
export const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.code : e));

/** The refusal code and its label key, or 'ok'. */
export const outcomeWithKey = (p: Promise<unknown>) =>
  p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? `${e.code} ${e.messageKey}` : e));

/** A number for `ownerId`, or a walk-in for null. */
export const takeSlot = (store: Store, ownerId: string | null, reservedType: ReservedType = ownerId ? 'PWA' : 'ADMIN') =>
  allocateSlot({ store, reservedType, ownerId });

export const slotRow = (store: Store, id: string) =>
  store.db.selectFrom('reservation_slots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const runtimeRow = (store: Store) => store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();

/**
 * The queue's own actions and readers on the current test's store, for the contract tests of the queue's
 * capabilities (allocation, cancelling, marking, the switches), which drive each other's writes.
 */
export function queueActions(t: TestStore) {
  return {
    sw: (name: SwitchName) => switchReception({ store: t.store, name }),
    openAll: () => openReception(t.store),
    take: (ownerId: string | null, reservedType?: ReservedType) => takeSlot(t.store, ownerId, reservedType),
    cancel: (ownerId: string, slotId: string, reservationNumber: number, channel: 'LINE' | 'PWA' = 'PWA') =>
      cancelReservation({ store: t.store, ownerId, channel, slotId, reservationNumber }),
    mark: (slotId: string, action: MarkAction) => markSlot({ store: t.store, slotId, action }),
    row: (id: string) => slotRow(t.store, id),
    runtime: () => runtimeRow(t.store),
    sessionSlots: (sessionId: string) =>
      t.store.db.selectFrom('reservation_slots').selectAll().where('session_id', '=', sessionId).orderBy('reservation_number').execute(),
  };
}
