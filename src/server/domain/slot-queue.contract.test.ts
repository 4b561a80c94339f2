/**
 * Staff actions and a patient's own changes take their number's queue lock, not the clinic's (decision 064),
 * on both stores: each moves its queue's version and leaves the runtime row's; a start and a recall, which
 * append to the monitor's call-outs on the runtime row, stay clinic-wide; 不在 counts places within its own
 * queue. On PostgreSQL a staff action in one queue completes while another queue's writer holds its lock, and
 * a write whose slot changed queue before the lock was taken follows it there.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../test/support/allocation.js';
import { useTestStore } from '../../../test/support/domain-store.js';
import { describeStores } from '../../../test/support/stores.js';
import type { Store } from '../storage/port.js';
import { saveQueue } from './queues/apply.js';
import { markSlot } from './mark-slot/apply.js';
import { markAbsent, undoAbsent } from './absence/apply.js';
import { markArrived } from './arrival/mark-arrived/apply.js';
import { cancelReservation } from './cancel-reservation/apply.js';
import { setMyNoticeThreshold } from './notices/own-notice/apply.js';
import { requestRecall } from './notices/recall/apply.js';
import { writeInSlotQueue } from './slot-queue.js';

async function addVaccine(store: Store): Promise<string> {
  const change = { nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };
  return (await saveQueue({ store, change })).id;
}

/** The runtime row's version and each queue's. */
async function versions(store: Store): Promise<Record<string, number>> {
  const runtime = await store.db.selectFrom('runtime').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  const queues = await store.db.selectFrom('queues').select(['id', 'version']).execute();
  return { runtime: runtime.version, ...Object.fromEntries(queues.map((q) => [q.id, q.version])) };
}

describeStores('writes under their number’s queue lock', (kind) => {
  const t = useTestStore(kind, { reception: true });

  it('moves only the number’s queue’s version for each staff action and patient change; start and recall stay clinic-wide', async () => {
    const vaccine = await addVaccine(t.store);
    const take = (ownerId: string) => allocateSlot({ store: t.store, reservedType: 'PWA', ownerId, queueId: vaccine });
    const [a, b, c] = [await take('PWA_a'), await take('PWA_b'), await take('PWA_c')];
    // Far enough back not to have had the turn-is-near notice, which would end their choosing.
    for (let i = 0; i < 5; i++) await take(`PWA_${i}`);
    const far = await take('PWA_far');
    const actions: [string, () => Promise<unknown>][] = [
      ['hold', () => markSlot({ store: t.store, slotId: a.slotId, action: 'hold' })],
      ['undoHold', () => markSlot({ store: t.store, slotId: a.slotId, action: 'undoHold' })],
      ['markAbsent', () => markAbsent({ store: t.store, slotId: a.slotId, absences: 0 })],
      ['undoAbsent', () => undoAbsent({ store: t.store, slotId: a.slotId, absences: 1 })],
      ['markArrived', () => markArrived({ store: t.store, slotId: b.slotId, arrived: true })],
      ['notice', () => setMyNoticeThreshold({ store: t.store, ownerId: 'PWA_far', slotId: far.slotId, choice: { threshold: 3 } })],
      ['cancel', () => cancelReservation({ store: t.store, ownerId: 'PWA_c', channel: 'PWA', slotId: c.slotId, reservationNumber: 503 })],
    ];
    for (const [name, act] of actions) {
      const before = await versions(t.store);
      await act();
      expect(await versions(t.store), name).toEqual({ ...before, [vaccine]: before[vaccine] + 1 });
    }
    expect((await t.store.db.selectFrom('reservation_slots').select('canceled').where('id', '=', c.slotId).executeTakeFirstOrThrow()).canceled).toBe(1);
    for (const [name, act] of [
      ['start', () => markSlot({ store: t.store, slotId: b.slotId, action: 'start' })],
      ['recall', () => requestRecall({ store: t.store, slotId: a.slotId, channelConfigured: () => true })],
    ] as const) {
      const before = await versions(t.store);
      await act();
      expect(await versions(t.store), name).toEqual({ ...before, runtime: before.runtime + 1 });
    }
  });

  it('refuses a number that does not exist as before, and acts on a removed queue’s number clinic-wide', async () => {
    await expect(markSlot({ store: t.store, slotId: 'nope', action: 'hold' })).rejects.toMatchObject({ code: 'NOT_FOUND', messageKey: 'error.slotNotFound' });
    const vaccine = await addVaccine(t.store);
    const served = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: vaccine });
    await markSlot({ store: t.store, slotId: served.slotId, action: 'start' });
    await t.store.db.updateTable('queues').set({ removed_at: new Date().toISOString() }).where('id', '=', vaccine).execute();
    const before = await versions(t.store);
    await markArrived({ store: t.store, slotId: served.slotId, arrived: true });
    expect(await versions(t.store)).toEqual({ ...before, runtime: before.runtime + 1 });
  });

  it('moves a 不在 number back places within its own queue, whatever another queue has in between', async () => {
    const vaccine = await addVaccine(t.store);
    const main = [];
    for (let i = 0; i < 5; i++) {
      main.push(await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null }));
      // A vaccination taken between each two: in queue order, 1, 501, 2, 502, …
      const other = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: vaccine });
      await t.store.db.updateTable('reservation_slots').set({ queue_position: i + 1.5 }).where('id', '=', other.slotId).execute();
    }
    await t.store.db.updateTable('runtime').set({ absence_places: 3 }).where('id', '=', 1).execute();
    const result = await markAbsent({ store: t.store, slotId: main[0].slotId, absences: 0 });
    expect(result).toMatchObject({ outcome: 'moved', places: 3 });
    const order = await t.store.db
      .selectFrom('reservation_slots')
      .select('reservation_number')
      .where('queue_id', '=', 'main')
      .where('is_reserved', '=', 1)
      .orderBy('queue_position')
      .orderBy('reservation_number')
      .execute();
    expect(order.map((r) => r.reservation_number)).toEqual([2, 3, 4, 1, 5]);
  });

  if (kind === 'postgres') {
    it('completes a staff action in one queue while another queue’s writer holds its lock', { timeout: 30_000 }, async () => {
      const vaccine = await addVaccine(t.store);
      const mine = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_v', queueId: vaccine });
      const first = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_m' });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const writer = t.store.write(async () => {
        locked();
        await held;
      }, { queue: 'main' });
      await isLocked;
      try {
        await markSlot({ store: t.store, slotId: mine.slotId, action: 'confirm' });
        await markAbsent({ store: t.store, slotId: mine.slotId, absences: 0 });
        await cancelReservation({ store: t.store, ownerId: 'PWA_v', channel: 'PWA', slotId: mine.slotId, reservationNumber: 501 });
        // The held queue's own action waits for its writer, and goes on once it ends.
        let done = false;
        const waiting = markArrived({ store: t.store, slotId: first.slotId, arrived: true }).then(() => (done = true));
        await new Promise((r) => setTimeout(r, 300));
        expect(done).toBe(false);
        release();
        await waiting;
      } finally {
        release();
        await writer;
      }
      expect((await t.store.db.selectFrom('reservation_slots').select('canceled').where('id', '=', mine.slotId).executeTakeFirstOrThrow()).canceled).toBe(1);
    });

    it('follows a number whose queue changed while it waited for the lock', { timeout: 30_000 }, async () => {
      const vaccine = await addVaccine(t.store);
      const slot = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let changed!: () => void;
      const isChanged = new Promise<void>((r) => (changed = r));
      // A clinic-wide write that moves the row to the other queue and keeps its lock until told.
      const mover = t.store.write(async ({ tx }) => {
        await tx.updateTable('reservation_slots').set({ queue_id: vaccine }).where('id', '=', slot.slotId).execute();
        changed();
        await held;
      });
      await isChanged;
      const before = await versions(t.store);
      const seen: (string | undefined)[] = [];
      // Reads 'main' outside the lock (the move is not committed), then waits for the clinic-wide write.
      const write = writeInSlotQueue(t.store, slot.slotId, async (ctx) => void seen.push(ctx.queue?.id));
      await new Promise((r) => setTimeout(r, 300));
      release();
      await mover;
      await write;
      expect(seen).toEqual([vaccine]);
      const after = await versions(t.store);
      expect(after).toEqual({ ...before, runtime: before.runtime + 1, [vaccine]: before[vaccine] + 1 });
    });
  }
});
