/**
 * The clinic's announcement over each real store: setting and clearing it are each one write with the
 * event both streams hear and the audit line; a refused expiry changes nothing.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { clearAnnouncement, setAnnouncement } from './apply.js';
import { outcomeWithKey as outcome, useTestStore } from '../../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };

describeStores('setAnnouncement', (kind) => {
  const t = useTestStore(kind);
  const standing = () =>
    t.store.db.selectFrom('runtime').select(['announcement_id', 'announcement_text', 'announcement_until']).executeTakeFirstOrThrow();

  it('sets and clears in one transaction each, with the event and the audit line', async () => {
    const seen = await watchWrites(t.store);
    const { announcementId } = await setAnnouncement({ store: t.store, text: ' 本日午後は休診です ', until: null, actor: desk });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }]] });
    expect(await standing()).toEqual({ announcement_id: announcementId, announcement_text: '本日午後は休診です', announcement_until: null });

    expect(await clearAnnouncement({ store: t.store, actor: desk })).toEqual({ ok: true, changed: true });
    expect(await seen()).toEqual({ bumps: 2, notices: [[{ type: 'settingsChanged' }], [{ type: 'settingsChanged' }]] });
    expect(await standing()).toEqual({ announcement_id: null, announcement_text: null, announcement_until: null });
    expect(await auditLines(t.store)).toEqual([
      { username: 'desk', action: 'announcement.set', target: announcementId },
      { username: 'desk', action: 'announcement.clear', target: announcementId },
    ]);
  });

  it('refuses an expiry in the past and changes nothing', async () => {
    await setAnnouncement({ store: t.store, text: '駐車場工事中', until: null, actor: desk });
    const before = await standing();
    const seen = await watchWrites(t.store);
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await outcome(setAnnouncement({ store: t.store, text: '別のお知らせ', until: past, actor: desk }))).toBe('INVALID_ARGUMENT admin.announce.error.until');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await standing()).toEqual(before);
    expect(await auditLines(t.store)).toHaveLength(1);
  });
});
