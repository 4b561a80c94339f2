/**
 * Sending the announcement over each real store: the outbox rows, the sent mark, the events and the audit
 * line in one transaction; a send the rule or the limits refuse changes nothing. LINE is not configured
 * here, so its quota (an outside call) is never asked.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { describeStores } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { setAnnouncement } from '../set/apply.js';
import { sendAnnouncement } from './apply.js';
import { outcomeWithKey as outcome, useTestStore } from '../../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };
const line = {
  quota: () => Promise.reject(new Error('LINE is not configured in this test: its quota must not be asked')),
};

describeStores('sendAnnouncement', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const send = (announcementId: string, perDay = 5) =>
    sendAnnouncement({
      store: t.store, line, lineConfigured: false, pushConfigured: true, limits: { cooldownMinutes: 0, perDay }, announcementId, lineMessages: 0, actor: desk,
    });
  const rows = () => t.store.db.selectFrom('outbox').select(['slot_id', 'kind', 'body']).where('kind', '=', 'announcement').execute();
  const sentAt = async () => (await t.store.db.selectFrom('runtime').select('announcement_sent_at').executeTakeFirstOrThrow()).announcement_sent_at;
  async function subscribedPatient() {
    await t.store.db.insertInto('pwa_users').values({ uid: 'PWA_a', created_at: new Date().toISOString() }).execute();
    await t.store.db
      .insertInto('push_subscriptions')
      .values({ endpoint: 'https://push.example.test/a', uid: 'PWA_a', p256dh: 'p', auth: 'a', created_at: new Date().toISOString() })
      .execute();
    return allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
  }

  it('writes the rows, the sent mark, the events and the audit line in one transaction', async () => {
    const a = await subscribedPatient();
    const { announcementId } = await setAnnouncement({ store: t.store, text: '本日午後は休診です', until: null });
    const seen = await watchWrites(t.store);
    expect(await send(announcementId)).toMatchObject({ ok: true, pushMessages: 1, lineMessages: 0 });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }, { type: 'noticeQueued' }]] });
    expect(await rows()).toEqual([{ slot_id: a.slotId, kind: 'announcement', body: '本日午後は休診です' }]);
    expect(await sentAt()).toEqual(expect.any(String));
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'announcement.send', target: announcementId }]);
  });

  it('refuses a changed announcement and a send past the daily cap, changing nothing', async () => {
    await subscribedPatient();
    const first = await setAnnouncement({ store: t.store, text: '一つ目', until: null });
    await send(first.announcementId);
    const second = await setAnnouncement({ store: t.store, text: '二つ目', until: null });
    const before = [await rows(), await sentAt(), await auditLines(t.store)];
    const seen = await watchWrites(t.store);
    expect(await outcome(send(first.announcementId))).toBe('FAILED_PRECONDITION admin.announce.error.changed');
    expect(await outcome(send(second.announcementId, 1))).toBe('RESOURCE_EXHAUSTED admin.announce.error.dailyCap');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect([await rows(), await sentAt(), await auditLines(t.store)]).toEqual(before);
  });
});
