/**
 * Staff editing the clinic calendar over each real store: the whole calendar, its version, the event and the
 * audit line in one transaction; a calendar that fails the check is refused and changes nothing.
 */
import { expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../../shared/schedule/types.js';
import { describeStores } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { saveScheduleSettings, saveWeeklyHours } from './apply.js';
import { outcomeWithKey as outcome, useTestStore } from '../../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };

describeStores('editing the calendar', (kind) => {
  const t = useTestStore(kind);
  const stored = async () => ({
    version: (await t.store.db.selectFrom('runtime').select('schedule_version').executeTakeFirstOrThrow()).schedule_version,
    document: (await t.store.db.selectFrom('clinic_schedule').select('document').executeTakeFirst())?.document ?? null,
  });

  it('saves the calendar, its version, the event and the audit line in one transaction', async () => {
    const before = await stored();
    const seen = await watchWrites(t.store);
    const settings = { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 150 };
    expect(await saveScheduleSettings({ store: t.store, settings, actor: desk })).toEqual({ ok: true });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'scheduleChanged' }]] });
    const after = await stored();
    expect(after.version).toBe(before.version + 1);
    expect(JSON.parse(after.document!).settings).toEqual(settings);
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'saveScheduleSettings', target: null }]);
  });

  it('refuses overlapping hours and changes nothing', async () => {
    const before = await stored();
    const seen = await watchWrites(t.store);
    const overlapping = DEFAULT_SCHEDULE.weekly.map((day, i) => (i === 1 ? [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] : day));
    expect(await outcome(saveWeeklyHours({ store: t.store, weekly: overlapping, actor: desk }))).toBe('INVALID_ARGUMENT schedule.error.overlap');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await stored()).toEqual(before);
    expect(await auditLines(t.store)).toEqual([]);
  });
});
