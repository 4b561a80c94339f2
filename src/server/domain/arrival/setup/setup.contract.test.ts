/**
 * Setting up absence and check-in over each real store: saving the settings and renewing the codes are each
 * one write with the event and the audit line (which names no code); a wrong monitor key is refused and
 * writes nothing.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { checkinSealer } from '../keys.js';
import { ensureCheckinKeys, readCheckinKeys } from '../secret.js';
import { getMonitorCheckinCode, renewCheckinCodes, saveArrivalSettings } from './setup.js';
import { outcomeWithKey as outcome, useTestStore } from '../../../../../test/support/domain-store.js';

const seal = checkinSealer('s'.repeat(64));
const desk = { id: null, username: 'desk' };

describeStores('arrival setup', (kind) => {
  const t = useTestStore(kind);
  const settings = () =>
    t.store.db.selectFrom('runtime').select(['absence_places', 'absence_hold_after', 'absent_first_unarrived']).executeTakeFirstOrThrow();

  it('saves the settings with the event and the audit line in one transaction', async () => {
    const seen = await watchWrites(t.store);
    await saveArrivalSettings({ store: t.store, settings: { absencePlaces: 4, absenceHoldAfter: 3, absentFirstUnarrived: true }, actor: desk });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }]] });
    expect(await settings()).toEqual({ absence_places: 4, absence_hold_after: 3, absent_first_unarrived: 1 });
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'saveArrivalSettings', target: null }]);
  });

  it('renews the code secret with the event and a line naming no code, in one transaction', async () => {
    const first = await ensureCheckinKeys(t.store, seal);
    const seen = await watchWrites(t.store);
    await renewCheckinCodes({ store: t.store, seal, actor: desk });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'settingsChanged' }]] });
    const now = await readCheckinKeys(t.store, seal);
    expect(now.secret).not.toBe(first.secret);
    expect(now.monitorKey).toBe(first.monitorKey);
    const lines = await t.store.db.selectFrom('audit_log').select(['action', 'before', 'after']).execute();
    expect(lines).toEqual([{ action: 'renewCheckinCodes', before: null, after: null }]);
  });

  it('refuses a wrong monitor key and writes nothing', async () => {
    await ensureCheckinKeys(t.store, seal);
    const seen = await watchWrites(t.store);
    expect(await outcome(getMonitorCheckinCode(t.store, seal, 'not-the-key', new Date()))).toBe('PERMISSION_DENIED error.monitorKeyWrong');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
  });
});
