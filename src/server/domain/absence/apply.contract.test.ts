/**
 * 不在 over each real store: the row, the patient's notice, the events and the audit line in one
 * transaction; a refusal changes nothing. (What its undo restores is undo.contract.test.ts.)
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { markSlot } from '../mark-slot/apply.js';
import { markAbsent, undoAbsent } from './apply.js';
import { outcomeWithKey as outcome, slotRow, useTestStore } from '../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };

describeStores('markAbsent and undoAbsent', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const slot = (id: string) => slotRow(t.store, id);
  const notices = () => t.store.db.selectFrom('outbox').select(['slot_id', 'kind']).where('kind', '=', 'absence').execute();
  /** An app patient with a push subscription at the head of the queue, three walk-ins behind. */
  async function headWithThreeBehind() {
    await t.store.db.insertInto('pwa_users').values({ uid: 'PWA_a', created_at: new Date().toISOString() }).execute();
    await t.store.db
      .insertInto('push_subscriptions')
      .values({ endpoint: 'https://push.example.test/a', uid: 'PWA_a', p256dh: 'p', auth: 'a', created_at: new Date().toISOString() })
      .execute();
    const me = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    for (let i = 0; i < 3; i++) await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    return me;
  }

  it('writes the move, the notice, the events and the audit line in one transaction; its undo likewise', async () => {
    const me = await headWithThreeBehind();
    const seen = await watchWrites(t.store);
    expect(await markAbsent({ store: t.store, slotId: me.slotId, absences: 0, actor: desk })).toMatchObject({ changed: true, outcome: 'moved' });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotMarked', slotId: me.slotId }, { type: 'noticeQueued', slotId: me.slotId }]] });
    expect(await slot(me.slotId)).toMatchObject({ absences: 1, absent_at: expect.any(String) });
    expect(await notices()).toEqual([{ slot_id: me.slotId, kind: 'absence' }]);
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'markAbsent', target: `#1 ${me.slotId}` }]);

    expect(await undoAbsent({ store: t.store, slotId: me.slotId, absences: 1, actor: desk })).toMatchObject({ changed: true, absences: 0 });
    expect((await seen()).bumps).toBe(2);
    expect((await seen()).notices[1]).toEqual([{ type: 'slotMarked', slotId: me.slotId }]);
    expect(await notices()).toEqual([]);
    expect((await auditLines(t.store)).map((l) => l.action)).toEqual(['markAbsent', 'undoAbsent']);
  });

  it('refuses a number already started and changes nothing', async () => {
    const me = await headWithThreeBehind();
    await markSlot({ store: t.store, slotId: me.slotId, action: 'start' });
    const before = await slot(me.slotId);
    const seen = await watchWrites(t.store);
    expect(await outcome(markAbsent({ store: t.store, slotId: me.slotId, absences: 0, actor: desk }))).toBe('FAILED_PRECONDITION error.slotStateConflict');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await slot(me.slotId)).toEqual(before);
    expect(await notices()).toEqual([]);
    expect(await auditLines(t.store)).toEqual([]);
  });
});
