/**
 * The figures on hand-made history (stats-fixture.ts), every answer worked out by hand below, on both
 * stores: the day, the week and the month with the period before, Tokyo day edges, and the retention job.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readStats } from '../../src/server/domain/stats/queries.js';
import { median, percentile, tokyoMinuteAndWeekday } from '../../src/server/domain/stats/aggregate.js';
import { periodRange, previousPeriod } from '../../src/server/domain/stats/periods.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { jst, seedClinicWeek } from './stats-fixture.js';

/** The non-zero entries of a count array, as {index: count}. */
const sparse = (counts: number[]) => Object.fromEntries(counts.flatMap((n, i) => (n ? [[i, n]] : [])));
const q = (hhmm: string) => Number(hhmm.slice(0, 2)) * 4 + Number(hhmm.slice(3)) / 15;

it('takes the median and the 90th percentile as documented', () => {
  expect(median([])).toBeNull();
  expect(median([5])).toBe(5);
  expect(median([1, 3, 10])).toBe(3);
  expect(median([300, 600, 900, 1800])).toBe(750);
  expect(percentile([300, 600, 900, 1800], 90)).toBe(1800); // rank ceil(3.6) = 4
  expect(percentile(Array.from({ length: 10 }, (_, i) => i + 1), 90)).toBe(9); // rank 9 of 10
  expect(percentile(Array.from({ length: 20 }, (_, i) => i + 1), 90)).toBe(18);
  expect(percentile([], 90)).toBeNull();
});

it('reads the Tokyo minute of the day and weekday of an instant', () => {
  expect(tokyoMinuteAndWeekday(Date.parse('2026-11-10T14:59:59Z'))).toEqual([23 * 60 + 59, 2]); // Tuesday 23:59
  expect(tokyoMinuteAndWeekday(Date.parse('2026-11-10T15:00:00Z'))).toEqual([0, 3]); // Wednesday 00:00
  expect(tokyoMinuteAndWeekday(Date.parse('2026-11-08T00:30:00Z'))).toEqual([9 * 60 + 30, 0]); // Sunday 09:30
  expect(tokyoMinuteAndWeekday(Date.parse('1969-12-31T15:00:00Z'))).toEqual([0, 4]); // before 1970 too
});

it('knows Tokyo days, Monday weeks and months, and the period before each', () => {
  expect(periodRange('day', '2026-11-10')).toEqual({
    from: '2026-11-10', to: '2026-11-10', startIso: '2026-11-09T15:00:00.000Z', endIso: '2026-11-10T15:00:00.000Z',
  });
  expect(periodRange('week', '2026-11-15')).toMatchObject({ from: '2026-11-09', to: '2026-11-15' }); // Sunday ends the week
  expect(periodRange('week', '2026-11-09')).toMatchObject({ from: '2026-11-09', to: '2026-11-15' });
  expect(previousPeriod('week', '2026-11-10')).toMatchObject({ from: '2026-11-02', to: '2026-11-08' });
  expect(previousPeriod('day', '2026-03-01')).toMatchObject({ from: '2026-02-28', to: '2026-02-28' });
  expect(periodRange('month', '2028-02-10')).toMatchObject({ from: '2028-02-01', to: '2028-02-29', endIso: '2028-02-29T15:00:00.000Z' });
  expect(previousPeriod('month', '2027-01-31')).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
  expect(previousPeriod('week', '2027-01-01')).toMatchObject({ from: '2026-12-21', to: '2026-12-27' });
});

describeStores('statistics', (kind) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await seedClinicWeek(t.store);
  });
  afterEach(async () => t.cleanup());

  it('counts a day and the day before it', async () => {
    const { current, previous } = await readStats(t.store, 'day', '2026-11-10');
    // Tuesday: eight numbers, from 00:00:00 to 23:59:59 Tokyo; Wednesday 00:00 is not one of them.
    expect(current).toMatchObject({
      from: '2026-11-10',
      to: '2026-11-10',
      taken: { LINE: 3, PWA: 2, ADMIN: 3 },
      canceledByPatient: 1,
      canceledByStaff: 2,
      holds: 2,
      noShows: 1, // held and deleted; the other held one came late and was seen
      started: 5,
      absences: 3, // twice on one number, once on another
      checkIns: { patient: 3, staff: 1 },
      // waits 600, 1200, 600, 1500, 1200 s → sorted 600 600 1200 1200 1500
      wait: { count: 5, medianSeconds: 1200, p90Seconds: 1500 },
      notices: { LINE: { sent: 2, failed: 1 }, PWA: { sent: 1, failed: 1 } }, // the pending one is not finished
    });
    expect(sparse(current.quarterHours.arrivals)).toEqual({ 0: 1, [q('09:30')]: 2, [q('09:45')]: 1, [q('10:00')]: 1, [q('10:15')]: 2, 95: 1 });
    expect(sparse(current.quarterHours.starts)).toEqual({ 1: 1, [q('09:30')]: 1, [q('09:45')]: 1, [q('10:00')]: 1, [q('10:45')]: 1 });
    expect(sparse(current.weekdays)).toEqual({ 2: 8 });
    expect(sparse(current.hours)).toEqual({ 0: 1, 9: 3, 10: 3, 23: 1 });

    // Monday: waits 300, 600, 900, 1800 s → median (600 + 900) / 2, 90th percentile the 4th of 4
    expect(previous).toMatchObject({
      from: '2026-11-09',
      taken: { LINE: 1, PWA: 3, ADMIN: 1 },
      canceledByPatient: 1,
      canceledByStaff: 0,
      holds: 0,
      noShows: 0,
      started: 4,
      absences: 1,
      checkIns: { patient: 0, staff: 1 },
      wait: { count: 4, medianSeconds: 750, p90Seconds: 1800 },
      notices: { LINE: { sent: 1, failed: 0 }, PWA: { sent: 0, failed: 0 } },
    });
    expect(sparse(previous.quarterHours.arrivals)).toEqual({ [q('09:00')]: 2, [q('09:15')]: 2, [q('09:30')]: 1 });
    expect(sparse(previous.weekdays)).toEqual({ 1: 5 });
  });

  it('counts a Monday-to-Sunday week and the week before', async () => {
    const { current, previous } = await readStats(t.store, 'week', '2026-11-12');
    expect(current).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-15',
      taken: { LINE: 5, PWA: 5, ADMIN: 4 },
      started: 9,
      absences: 4,
      checkIns: { patient: 3, staff: 2 },
      // 300 600 600 600 900 1200 1200 1500 1800
      wait: { count: 9, medianSeconds: 900, p90Seconds: 1800 },
      notices: { LINE: { sent: 3, failed: 1 }, PWA: { sent: 1, failed: 1 } },
    });
    expect(sparse(current.weekdays)).toEqual({ 1: 5, 2: 8, 3: 1 });
    expect(previous).toMatchObject({
      from: '2026-11-02', to: '2026-11-08', taken: { LINE: 0, PWA: 0, ADMIN: 1 }, started: 0, absences: 0, checkIns: { patient: 0, staff: 0 },
    });
    expect(previous.wait).toEqual({ count: 0, medianSeconds: null, p90Seconds: null });
    expect(sparse(previous.weekdays)).toEqual({ 0: 1 });
  });

  it('counts a month and the month before, split exactly at Tokyo midnight', async () => {
    const { current, previous } = await readStats(t.store, 'month', '2026-11-30');
    expect(current).toMatchObject({ from: '2026-11-01', to: '2026-11-30', taken: { LINE: 6, PWA: 5, ADMIN: 5 } });
    expect(previous).toMatchObject({ from: '2026-10-01', to: '2026-10-31', taken: { LINE: 0, PWA: 0, ADMIN: 1 } });
    expect(sparse(previous.hours)).toEqual({ 23: 1 });
  });

  it('gives the same figures after the retention job anonymised the slots and deleted the notices', async () => {
    const periods = [['day', '2026-11-10'], ['day', '2026-11-09'], ['week', '2026-11-10'], ['month', '2026-11-10']] as const;
    const before = await Promise.all(periods.map(([p, d]) => readStats(t.store, p, d)));
    const settings = { retentionDays: 90, auditRetentionDays: 365 };

    // First a cutoff between Monday's and Tuesday's notices: some rolled up, some still in the outbox. The
    // notice queued at Tuesday 00:30 Tokyo is Monday in UTC and goes now, counted for Tuesday.
    await applyRetention(t.store, settings, new Date(Date.parse(jst('2026-11-10 05:00')) + 90 * 86_400_000));
    expect(await t.store.db.selectFrom('notice_daily').selectAll().orderBy('day').orderBy('channel').execute()).toEqual([
      // notices of numbers that are gone count as the first queue's (decision 065)
      { day: '2026-11-09', channel: 'LINE', queue_id: 'main', sent: 1, failed: 0 },
      { day: '2026-11-10', channel: 'PWA', queue_id: 'main', sent: 0, failed: 1 },
    ]);
    expect(await Promise.all(periods.map(([p, d]) => readStats(t.store, p, d)))).toEqual(before);

    // Then long after: every finished notice gone, every owner gone; twice, as every process runs it hourly.
    const later = new Date('2027-06-01T00:00:00Z');
    await applyRetention(t.store, settings, later);
    await applyRetention(t.store, settings, later);
    const outbox = await t.store.db.selectFrom('outbox').select('status').execute();
    expect(outbox).toEqual([{ status: 'pending' }]);
    const owners = await t.store.db.selectFrom('reservation_slots').select('owner_id').where('owner_id', 'is not', null).execute();
    expect(owners).toEqual([]);
    expect(await Promise.all(periods.map(([p, d]) => readStats(t.store, p, d)))).toEqual(before);
  });
});
