/**
 * How the wait estimate held up (issue 36, decision 054), over real HTTP on both stores: getStats' `estimate`
 * for a day, a week and the period before, Tokyo day edges, readings whose patient never started counted
 * apart, those still waiting apart again, and the same figures as rows of the statistics CSV.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StatsResult } from '../../src/shared/schemas/stats.js';
import { mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { seedEstimateWeek } from './estimate-fixture.js';

describeStores('the estimate measured against the clinic', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await seedEstimateWeek(t.store);
    server = await startTestServer({ store: t.store });
    cookie = await staffCookie(server.url, t.store);
  });
  afterEach(async () => {
    await server.close();
    await t.cleanup();
  });

  const stats = (period: string, date: string) => mustCall<StatsResult>(server.url, 'getStats', { period, date }, { cookie });

  it('gives a day against the day before: shares, median error, and the readings without an outcome apart', async () => {
    const { current, previous } = await stats('day', '2026-11-10');
    // Tuesday: four readings of a patient seen at 10:00 (3 inside, 1 early; errors 5 6 8 10 → median 7), three
    // of patients never seen (a cancellation, a no-show in a closed session). Wednesday 00:00 is not Tuesday.
    expect(current.estimate).toEqual({
      measured: 4, inside: 3, early: 1, insidePercent: 75, earlyPercent: 25, medianErrorMinutes: 7, notStarted: 3, pending: 0,
    });
    // Monday: one reading, the turn came after the range: neither inside nor early.
    expect(previous.estimate).toEqual({
      measured: 1, inside: 0, early: 0, insidePercent: 0, earlyPercent: 0, medianErrorMinutes: 12, notStarted: 0, pending: 0,
    });
  });

  it('counts a week, with the patient still waiting in the open session as no outcome yet', async () => {
    const { current, previous } = await stats('week', '2026-11-11');
    // errors 0 5 6 8 10 12 → (6 + 8) / 2; inside 4 of 6, early 1 of 6
    expect(current.estimate).toEqual({
      measured: 6, inside: 4, early: 1, insidePercent: 66.7, earlyPercent: 16.7, medianErrorMinutes: 7, notStarted: 3, pending: 1,
    });
    expect(previous.estimate).toEqual({
      measured: 0, inside: 0, early: 0, insidePercent: null, earlyPercent: null, medianErrorMinutes: null, notStarted: 0, pending: 0,
    });
    // Once that patient is seen, the same reading counts as measured (60 minutes after a 30–50 range: late).
    await t.store.db
      .updateTable('reservation_slots')
      .set({ is_reception_accepted: 1, reception_accepted_at: '2026-11-10T16:00:00.000Z' })
      .where('reservation_number', '=', 2)
      .where('reserved_at', '=', '2026-11-10T15:00:00.000Z')
      .execute();
    expect((await stats('day', '2026-11-11')).current.estimate).toMatchObject({ measured: 2, inside: 1, early: 0, medianErrorMinutes: 10, pending: 0 });
  });

  it('puts the same figures in the statistics CSV, the period and the one before', async () => {
    const response = await fetch(`${server.url}/api/staff/export/stats.csv?period=day&date=2026-11-10`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const rows = new Map(
      (await response.text()).split('\r\n').map((line) => line.split(',')).map(([label, ...cells]) => [label, cells]),
    );
    expect(rows.get('目安の範囲内に順番が来た割合（%）')).toEqual(['75', '0']);
    expect(rows.get('目安より早く順番が来た割合（%）')).toEqual(['25', '0']);
    expect(rows.get('予想時刻とのずれ 中央値（分）')).toEqual(['7', '12']);
    expect(rows.get('目安の記録（診察開始まで確認できたもの）')).toEqual(['4', '1']);
    expect(rows.get('目安の範囲内に順番が来た記録')).toEqual(['3', '0']);
    expect(rows.get('目安より早く順番が来た記録')).toEqual(['1', '0']);
    expect(rows.get('目安の記録（キャンセル・削除などで診察なし）')).toEqual(['3', '0']);
    expect(rows.get('目安の記録（まだお待ちの方）')).toEqual(['0', '0']);
    // After the hours and before the quarter-hours, whose number of rows varies.
    const labels = [...rows.keys()];
    expect(labels.indexOf('目安の範囲内に順番が来た割合（%）')).toBe(labels.indexOf('時間帯別 受付数（23時台）') + 1);
  });
});
