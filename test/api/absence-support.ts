/**
 * The frame of the absence tests (issue 34): a clinic of its own per test on a store of the given kind, a
 * signed-in desk, reception open, and the public and staff streams read as the monitor and the desks read
 * them. Waiting on a stream is waiting for the snapshot a test expects: the time-out names the last one seen.
 */
import { afterEach, beforeEach } from 'vitest';
import type { AdminSnapshot, QueueSnapshotFrame } from '../../src/shared/schemas/live.js';
import type { MyReservation } from '../../src/shared/schemas/functions.js';
import { callFn, type FnAnswer, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { openSse, type SseReader } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openTestStore, type StoreKind, type TestStore } from '../support/stores.js';
import { openReception } from './api-support.js';

export type Taken = { slotId: string; reservationNumber: number };
export type Patient = Taken & { token: string };
export type AbsentAnswer = { ok: true; changed: boolean; outcome: 'moved' | 'held' | null; absences: number; places: number | null };

export interface AbsenceWorld {
  readonly server: TestServer;
  readonly cookie: string;
  walkIns(count: number): Promise<Taken[]>;
  /** An app patient (no push subscription: their notices are recorded as undeliverable, still one row each). */
  pwa(): Promise<Patient>;
  absent(slotId: string, absences: number, cookie?: string): Promise<FnAnswer<AbsentAnswer>>;
  undo(slotId: string, absences: number): Promise<FnAnswer<{ ok: true; changed: boolean; absences: number }>>;
  mine(token: string): Promise<MyReservation | null>;
  /** Sets the clinic's absence settings straight on the runtime row (staff set them on /admin/arrival). */
  settings(places: number, holdAfter: number): Promise<void>;
  /** The next public snapshot whose numbers read `numbers` in order. */
  publicQueue(numbers: number[]): Promise<QueueSnapshotFrame['queue']>;
  /** The next staff snapshot `match` accepts. */
  admin(match: (s: AdminSnapshot) => boolean): Promise<AdminSnapshot>;
  absenceNotices(slotId?: string): Promise<{ slot_id: string; body: string | null }[]>;
  slotRow(slotId: string): Promise<Record<string, unknown>>;
  auditActions(action: string): Promise<{ action: string; target: string | null; before: unknown; after: unknown }[]>;
}

async function waitFor<T>(reader: SseReader, parse: (data: string) => T, match: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  try {
    const event = await reader.next((e) => match((last = parse(e.data))));
    return parse(event.data);
  } catch (err) {
    throw new Error(`${what}: ${(err as Error).message}; last seen ${JSON.stringify(last)}`);
  }
}

export function useAbsenceWorld(kind: StoreKind): AbsenceWorld {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  let queue: SseReader;
  let admin: SseReader;
  beforeEach(async () => {
    t = await openTestStore(kind);
    server = await startTestServer({ store: t.store });
    cookie = await staffCookie(server.url, server.store);
    await openReception(server.url, cookie);
    queue = await openSse(`${server.url}/api/live/queue`);
    admin = await openSse(`${server.url}/api/live/admin`, { cookie });
  });
  afterEach(async () => {
    queue?.close();
    admin?.close();
    await server?.close();
    await t?.cleanup();
  });
  const staff = <T>(name: string, data: unknown, as = cookie) => callFn<T>(server.url, name, data, { cookie: as });

  return {
    get server() {
      return server;
    },
    get cookie() {
      return cookie;
    },
    async walkIns(count) {
      const taken: Taken[] = [];
      for (let i = 0; i < count; i++) taken.push(await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie }));
      return taken;
    },
    async pwa() {
      const { token } = await pwaPatient(server.url);
      return { token, ...(await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token })) };
    },
    absent: (slotId, absences, as) => staff('markAbsent', { slotId, absences }, as),
    undo: (slotId, absences) => staff('undoAbsent', { slotId, absences }),
    mine: async (token) => (await mustCall<{ reservation: MyReservation | null }>(server.url, 'getMyReservation', {}, { token })).reservation,
    async settings(places, holdAfter) {
      await server.store.db.updateTable('runtime').set({ absence_places: places, absence_hold_after: holdAfter }).where('id', '=', 1).execute();
    },
    publicQueue: async (numbers) =>
      (
        await waitFor(
          queue,
          (data) => JSON.parse(data) as QueueSnapshotFrame,
          (s) => JSON.stringify(s.queue.map((r) => r.reservationNumber)) === JSON.stringify(numbers),
          `public queue ${numbers.join(',')}`,
        )
      ).queue,
    admin: (match) => waitFor(admin, (data) => JSON.parse(data) as AdminSnapshot, match, 'staff snapshot'),
    async absenceNotices(slotId) {
      let query = server.store.db.selectFrom('outbox').select(['slot_id', 'body']).where('kind', '=', 'absence');
      if (slotId) query = query.where('slot_id', '=', slotId);
      return query.orderBy('created_at').execute();
    },
    slotRow: (slotId) => server.store.db.selectFrom('reservation_slots').selectAll().where('id', '=', slotId).executeTakeFirstOrThrow(),
    async auditActions(action) {
      const { entries } = await mustCall<{ entries: { action: string; target: string | null; before: unknown; after: unknown }[] }>(
        server.url, 'getAuditLog', { limit: 100 }, { cookie },
      );
      return entries.filter((e) => e.action === action);
    },
  };
}

/** The public rows as `number:ahead[:held][:absent]`, for reading a whole queue in one assertion. */
export function rows(queue: QueueSnapshotFrame['queue']): string[] {
  return queue.map((r) => `${r.reservationNumber}:${r.ahead ?? '-'}${r.hold ? ':held' : ''}${r.absent ? ':absent' : ''}`);
}
