/**
 * Staff recall over each real store: the row's mark, the outbox message, the call-out, the events and the
 * audit line in one transaction; a refused recall (rule.ts) changes nothing.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { describeStores } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { requestRecall } from './apply.js';
import { outcomeWithKey as outcome, runtimeRow, slotRow, useTestStore } from '../../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };

describeStores('requestRecall', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const recall = (slotId: string) => requestRecall({ store: t.store, slotId, channelConfigured: () => true, actor: desk });
  const outbox = () => t.store.db.selectFrom('outbox').select(['slot_id', 'kind', 'channel']).where('kind', '=', 'recall').execute();
  const runtime = () => runtimeRow(t.store);
  const slot = (id: string) => slotRow(t.store, id);

  it('writes the mark, the notice, the call-out and the audit line in one transaction', async () => {
    await t.store.db.insertInto('pwa_users').values({ uid: 'PWA_a', created_at: new Date().toISOString() }).execute();
    await t.store.db
      .insertInto('push_subscriptions')
      .values({ endpoint: 'https://push.example.test/a', uid: 'PWA_a', p256dh: 'p', auth: 'a', created_at: new Date().toISOString() })
      .execute();
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const seen = await watchWrites(t.store);
    expect(await recall(a.slotId)).toEqual({ ok: true });
    expect(await seen()).toEqual({
      bumps: 1,
      notices: [[{ type: 'recallRequested', slotId: a.slotId }, { type: 'noticeQueued', slotId: a.slotId }]],
    });
    expect((await slot(a.slotId)).notified_ahead_at).toEqual(expect.any(String));
    expect(await outbox()).toEqual([{ slot_id: a.slotId, kind: 'recall', channel: 'PWA' }]);
    expect(JSON.parse((await runtime()).callout_recent!)).toMatchObject([{ number: 1, kind: 'recall' }]);
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'recall', target: `#1 ${a.slotId}` }]);
  });

  it('refuses a walk-in and a second recall, changing nothing', async () => {
    const walkIn = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    await recall(a.slotId);
    const before = [await slot(walkIn.slotId), await slot(a.slotId), await runtime(), await outbox()];
    const seen = await watchWrites(t.store);
    expect(await outcome(recall(walkIn.slotId))).toBe('FAILED_PRECONDITION error.slotNotChannel');
    expect(await outcome(recall(a.slotId))).toBe('FAILED_PRECONDITION error.recallAlreadySent');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect([await slot(walkIn.slotId), await slot(a.slotId), await runtime(), await outbox()]).toEqual(before);
    expect(await auditLines(t.store)).toHaveLength(1);
  });
});
