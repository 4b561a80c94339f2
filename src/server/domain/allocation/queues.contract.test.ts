/**
 * Taking numbers in several queues (decision 061), on both stores: each queue its own range, order, cap and
 * refusals; one number per patient per clinic unless the clinic allows one per queue; and on PostgreSQL a
 * queue's write never waits for another queue's lock.
 */
import { expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import { loadQueueState } from '../queue-state.js';
import { chooseAnyQueue } from '../any-queue/read.js';
import { createLiveEstimator } from '../estimate/live-estimate.js';
import { saveQueue, saveQueueChoices } from '../queues/apply.js';
import { adminSnapshot, queueFigures } from '../../live/snapshots.js';
import type { QueueChange } from '../../../shared/schemas/queues.js';
import type { Store } from '../../storage/port.js';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { useTestStore } from '../../../../test/support/domain-store.js';
import { describeStores } from '../../../../test/support/stores.js';

const queue = (over: Partial<QueueChange>): QueueChange => ({
  nameJa: '予防接種',
  nameEn: 'Vaccination',
  firstNumber: 501,
  online: true,
  onlineCap: 0,
  keepEvery: 0,
  familyMax: 1,
  hours: null,
  ...over,
});

async function addQueue(store: Store, over: Partial<QueueChange> = {}): Promise<string> {
  return (await saveQueue({ store, change: queue(over) })).id;
}

const codeOf = (p: Promise<unknown>) => p.then(() => 'taken', (e: unknown) => (e instanceof AppError ? `${e.code} ${e.messageKey}` : String(e)));

describeStores('several queues', (kind) => {
  const t = useTestStore(kind, { reception: true });

  it('gives each queue its own range and counts people ahead within it', async () => {
    const vaccine = await addQueue(t.store);
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const b = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_b', queueId: vaccine });
    const c = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: vaccine });
    const d = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    expect([a, b, c, d].map((n) => n.reservationNumber)).toEqual([1, 501, 502, 2]);
    const rows = publicQueue((await loadQueueState(t.store)).slots);
    expect(rows.map((r) => [r.reservationNumber, r.ahead, r.queueId])).toEqual([
      [1, 0, undefined],
      [2, 1, undefined],
      [501, 0, vaccine],
      [502, 1, vaccine],
    ]);
    expect(b.reservation?.ahead).toBe(0);
    expect(b.reservation?.queueId).toBe(vaccine);
  });

  it('names each queue’s next free number for the desk; the old field stays the first queue’s, whatever the ranges', async () => {
    const alone = await loadQueueState(t.store);
    expect(adminSnapshot(alone, queueFigures(alone, []))).toMatchObject({ nextFreeNumber: 1 });
    expect(adminSnapshot(alone, queueFigures(alone, []))).not.toHaveProperty('nextFreeNumbers');
    // The first queue numbered above another: its next number is still the one `nextFreeNumber` names.
    const early = await addQueue(t.store, { nameJa: '予防接種', firstNumber: 301 });
    await t.store.db.updateTable('queues').set({ first_number: 1001 }).where('id', '=', 'main').execute();
    await t.store.db.updateTable('reservation_slots').set((eb) => ({ reservation_number: eb('reservation_number', '+', 1000) })).where('queue_id', '=', 'main').execute();
    await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: early });
    await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: early });
    await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    const state = await loadQueueState(t.store);
    expect(state.nextFreeNumbers).toEqual({ main: 1002, [early]: 303 });
    expect(state.nextFreeNumber).toBe(1002);
    const staff = adminSnapshot(state, queueFigures(state, []));
    expect(staff.nextFreeNumbers).toEqual({ main: 1002, [early]: 303 });
    expect(staff.nextFreeNumber).toBe(1002);
  });

  it('refuses an unknown queue, a desk-only queue online and a queue outside its hours, changing nothing', async () => {
    const fever = await addQueue(t.store, { nameJa: '発熱外来', nameEn: 'Fever', online: false });
    // Hours that are never now: a period of one minute on a weekday that is not today's in Tokyo.
    const tokyoDay = new Date(Date.now() + 9 * 3600_000).getUTCDay();
    const closed = await addQueue(t.store, { nameJa: '健診', nameEn: 'Checkup', firstNumber: 1001, hours: [{ days: [(tokyoDay + 3) % 7], from: '13:00', to: '13:01' }] });
    expect(await codeOf(allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_x', queueId: 'nope' }))).toBe('NOT_FOUND error.unknownQueue');
    expect(await codeOf(allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_x', queueId: fever }))).toBe('FAILED_PRECONDITION error.queueDeskOnly');
    expect(await codeOf(allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'Ux', queueId: closed }))).toBe('FAILED_PRECONDITION error.queueClosed');
    const reserved = await t.store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute();
    expect(reserved).toEqual([]);
    // The desk takes both: the patient is standing there.
    expect((await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: fever })).reservationNumber).toBe(501);
    expect((await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: closed })).reservationNumber).toBe(1001);
  });

  it('holds one active number per patient in the clinic, or one per queue when the clinic allows it', async () => {
    const vaccine = await addQueue(t.store);
    await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_p' });
    expect(await codeOf(allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_p', queueId: vaccine }))).toBe('ALREADY_EXISTS error.alreadyReserved');
    await saveQueueChoices({ store: t.store, choices: { anyQueue: false, numberPerQueue: true } });
    expect((await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_p', queueId: vaccine })).reservationNumber).toBe(501);
    expect(await codeOf(allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_p', queueId: vaccine }))).toBe('ALREADY_EXISTS error.alreadyReserved');
  });

  it('gives a queue added during an open session its numbers at once', async () => {
    const late = await addQueue(t.store, { firstNumber: 301 });
    const numbers = await t.store.db.selectFrom('reservation_slots').select('reservation_number').where('queue_id', '=', late).orderBy('reservation_number').execute();
    expect(numbers[0].reservation_number).toBe(301);
    expect(numbers).toHaveLength(200);
    expect((await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_l', queueId: late })).reservationNumber).toBe(301);
  });

  it('「どちらの医師でも」 joins the queue a newcomer starts earliest in, only where the clinic offers it', async () => {
    const vaccine = await addQueue(t.store);
    for (let i = 0; i < 3; i++) await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    const estimator = createLiveEstimator(t.store);
    expect(await codeOf(chooseAnyQueue(t.store, estimator, new Date()))).toBe('NOT_FOUND error.unknownQueue');
    await saveQueueChoices({ store: t.store, choices: { anyQueue: true, numberPerQueue: false } });
    // No pace yet in either queue: the fewest waiting decides.
    expect(await chooseAnyQueue(t.store, estimator, new Date())).toBe(vaccine);
    for (let i = 0; i < 4; i++) await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, queueId: vaccine });
    expect(await chooseAnyQueue(t.store, estimator, new Date())).toBe('main');
  });

  if (kind === 'postgres') {
    it('takes a number in one queue while another queue’s writer holds its lock', { timeout: 30_000 }, async () => {
      const vaccine = await addQueue(t.store);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      // A write of the first queue that keeps its lock until told.
      const writer = t.store.write(async () => {
        locked();
        await held;
      }, { queue: 'main' });
      await isLocked;
      const other = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_v', queueId: vaccine });
      expect(other.reservationNumber).toBe(501);
      // The first queue's own take waits for it, and goes on once it ends.
      let mainDone = false;
      const main = allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_m' }).then((n) => ((mainDone = true), n));
      await new Promise((r) => setTimeout(r, 300));
      expect(mainDone).toBe(false);
      release();
      await writer;
      expect((await main).reservationNumber).toBe(1);
    });
  }
});
