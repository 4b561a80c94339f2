/**
 * What an undo of 不在 takes back, on each real store (decision 059): the undone absence's notice while it
 * is still queued, and the turn-is-near mark the absence cleared, so the patient is neither sent a stale
 * "come to the desk" nor told twice that their turn is near. (The cards and streams are tested over HTTP in
 * test/api/absence-undo.test.ts.)
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { describeStores } from '../../../../test/support/stores.js';
import { markAbsent, undoAbsent } from './apply.js';
import { slotRow, useTestStore } from '../../../../test/support/domain-store.js';

describeStores('undo of 不在', (kind) => {
  const t = useTestStore(kind, { reception: true });

  const outbox = (slotId: string, kind: 'absence' | 'ahead5') =>
    t.store.db.selectFrom('outbox').select(['status', 'body', 'created_at']).where('slot_id', '=', slotId).where('kind', '=', kind).orderBy('created_at').execute();
  const slot = (id: string) => slotRow(t.store, id);
  /** An app patient with a push subscription, so their notices queue (pending) rather than fail at once. */
  async function subscribed(uid: string) {
    await t.store.db.insertInto('pwa_users').values({ uid, created_at: new Date().toISOString() }).execute();
    await t.store.db
      .insertInto('push_subscriptions')
      .values({ endpoint: `https://push.example.test/${uid}`, uid, p256dh: 'p', auth: 'a', created_at: new Date().toISOString() })
      .execute();
    return allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: uid });
  }
  const walkIns = async (n: number) => {
    for (let i = 0; i < n; i++) await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
  };

  it('withdraws the undone absence’s notice while it is queued, and only that one', async () => {
    await t.store.db.updateTable('runtime').set({ absence_hold_after: 5 }).where('id', '=', 1).execute();
    const me = await subscribed('PWA_undo_notice');
    await walkIns(8);
    await markAbsent({ store: t.store, slotId: me.slotId, absences: 0 });
    // A second absence a moment later: its own notice, at its own time.
    await new Promise((r) => setTimeout(r, 5));
    await markAbsent({ store: t.store, slotId: me.slotId, absences: 1 });
    const [first, second] = await outbox(me.slotId, 'absence');
    expect([first.status, second.status]).toEqual(['pending', 'pending']);

    expect(await undoAbsent({ store: t.store, slotId: me.slotId, absences: 2 })).toMatchObject({ changed: true });
    expect(await outbox(me.slotId, 'absence')).toEqual([first]);
    // The first absence's notice was sent before its undo: a notice already out is not recalled.
    await t.store.db.updateTable('outbox').set({ status: 'sent' }).where('slot_id', '=', me.slotId).execute();
    await undoAbsent({ store: t.store, slotId: me.slotId, absences: 1 });
    expect(await outbox(me.slotId, 'absence')).toEqual([{ ...first, status: 'sent' }]);
  });

  it('restores the turn-is-near mark the absence cleared: the undo queues no second notice', async () => {
    const me = await subscribed('PWA_undo_rearm'); // #1: told at once (nobody ahead)
    await t.store.db.updateTable('reservation_slots').set({ notice_threshold: 2 }).where('id', '=', me.slotId).execute();
    await walkIns(6);
    const told = (await slot(me.slotId)).notified_at;
    expect(told).toEqual(expect.any(String));
    expect(await outbox(me.slotId, 'ahead5')).toHaveLength(1);

    await markAbsent({ store: t.store, slotId: me.slotId, absences: 0 }); // 3 ahead, beyond 2: re-armed
    expect((await slot(me.slotId)).notified_at).toBeNull();
    await undoAbsent({ store: t.store, slotId: me.slotId, absences: 1 }); // back at the head
    expect(await slot(me.slotId)).toMatchObject({ notified_at: told, queue_position: 1, absences: 0, absent_at: null, absent_undo: null });
    expect(await outbox(me.slotId, 'ahead5')).toHaveLength(1);
  });

  it('after moved, held and an undo, the first absence stands in the row', async () => {
    const me = await subscribed('PWA_undo_stack');
    await walkIns(5);
    await markAbsent({ store: t.store, slotId: me.slotId, absences: 0 });
    const first = await slot(me.slotId);
    await markAbsent({ store: t.store, slotId: me.slotId, absences: 1 });
    expect(await slot(me.slotId)).toMatchObject({ hold: 1, absences: 2 });
    await undoAbsent({ store: t.store, slotId: me.slotId, absences: 2 });
    const after = await slot(me.slotId);
    const fields = ['absences', 'absent_at', 'absent_places', 'absent_from_position', 'queue_position', 'hold', 'hold_at', 'absent_undo'] as const;
    for (const field of fields) expect([field, after[field]]).toEqual([field, first[field]]);
  });
});
