/**
 * The calendar's edges over each real store: an edge due is claimed, switched and audited (by "schedule")
 * in one transaction; asking again finds it claimed and writes nothing. Tuesday 2026-11-24 in Tokyo, the
 * default calendar (online 9:30–11:00).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { switchReception } from '../../reception/apply.js';
import { japaneseHoliday } from '../holidays.js';
import { applyDueEdges } from './apply.js';

const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('applyDueEdges', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind, { clock: () => jst('09:31') });
    await switchReception({ store: t.store, name: 'startInhouse' });
  });
  afterEach(async () => t.cleanup());
  const todays = () =>
    t.store.db.selectFrom('schedule_edges').select(['edge_at', 'kind', 'outcome']).where('edge_at', '>', jst('00:00').toISOString()).execute();

  it('claims, switches and audits a due edge in one transaction; asking again writes nothing', async () => {
    const seen = await watchWrites(t.store);
    const done = await applyDueEdges(t.store, jst('09:31'), japaneseHoliday);
    expect(done.map((d) => d.edge.kind)).toContain('onlineStart');
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'receptionSwitched' }]] });
    expect((await t.store.db.selectFrom('runtime').select('online_on').executeTakeFirstOrThrow()).online_on).toBe(1);
    expect(await todays()).toEqual([{ edge_at: jst('09:30').toISOString(), kind: 'onlineStart', outcome: expect.any(String) }]);
    expect((await auditLines(t.store)).filter((l) => l.username === 'schedule').map((l) => l.action)).toEqual(['startOnline']);

    expect(await applyDueEdges(t.store, jst('09:32'), japaneseHoliday)).toEqual([]);
    expect((await seen()).bumps).toBe(1);
  });
});
