/**
 * Statistics per queue (decision 065) over real HTTP on both stores: a second queue's figures worked out by
 * hand apart from the first's, the clinic's figures the sum of the queues' for every count (the estimate's
 * readings too), the same after the retention job rolled the notices up, and a queue that never was refused.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StatsFigures, StatsResult } from '../../src/shared/schemas/stats.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { seedEstimateWeek } from './estimate-fixture.js';
import { seedSecondQueue, VAX } from './queue-fixture.js';
import { jst, seedClinicWeek } from './stats-fixture.js';

const sparse = (counts: number[]) => Object.fromEntries(counts.flatMap((n, i) => (n ? [[i, n]] : [])));

/** Every count of the figures, as path → number: what must add up across queues (not medians nor shares). */
function counts(f: StatsFigures): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'number') out[path] = value;
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  const { wait, estimate, ...rest } = f;
  walk(rest, '');
  out['wait.count'] = wait.count;
  if (estimate) for (const k of ['measured', 'inside', 'early', 'notStarted', 'pending'] as const) out[`estimate.${k}`] = estimate[k];
  return out;
}

function sum(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v + b[k]]));
}

describeStores('statistics per queue', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await seedClinicWeek(t.store);
    await seedSecondQueue(t.store);
    // The server's notifier would try the one pending notice and count it failed while the test reads.
    await t.store.db.deleteFrom('outbox').where('status', '=', 'pending').execute();
    server = await startTestServer({ store: t.store });
    cookie = await staffCookie(server.url, t.store);
  });
  afterEach(async () => {
    await server.close();
    await t.cleanup();
  });

  const stats = (period: string, date: string, queueId?: string) =>
    mustCall<StatsResult>(server.url, 'getStats', { period, date, ...(queueId ? { queueId } : {}) }, { cookie });

  it('gives each queue its own figures, worked out by hand, and echoes the queue asked for', async () => {
    const vax = await stats('day', '2026-11-10', VAX);
    expect(vax.queueId).toBe(VAX);
    // Tuesday's vaccinations: 09:00 LINE (360 s), 09:00 the readings' desk number (1,800 s), 09:10 desk (720 s), 09:15 PWA cancelled.
    expect(vax.current).toMatchObject({
      taken: { LINE: 1, PWA: 1, ADMIN: 2 },
      canceledByPatient: 1,
      canceledByStaff: 0,
      holds: 0,
      noShows: 0,
      started: 3,
      absences: 0,
      checkIns: { patient: 0, staff: 1 },
      wait: { count: 3, medianSeconds: 720, p90Seconds: 1800 },
      notices: { LINE: { sent: 1, failed: 0 }, PWA: { sent: 0, failed: 1 } },
      // read at 09:20, a 5–15 range, seen at 09:30: inside, 2 minutes from the expected 8
      estimate: { measured: 1, inside: 1, early: 0, insidePercent: 100, earlyPercent: 0, medianErrorMinutes: 2, notStarted: 0, pending: 0 },
    });
    expect(sparse(vax.current.hours)).toEqual({ 9: 4 });
    expect(vax.previous).toMatchObject({ taken: { LINE: 0, PWA: 0, ADMIN: 1 }, started: 1, wait: { count: 1, medianSeconds: 300, p90Seconds: 300 } });

    // The first queue's figures are exactly what the clinic had before the second queue (stats.test.ts).
    const main = await stats('day', '2026-11-10', 'main');
    expect(main.queueId).toBe('main');
    expect(main.current).toMatchObject({
      taken: { LINE: 3, PWA: 2, ADMIN: 3 },
      started: 5,
      checkIns: { patient: 3, staff: 1 },
      wait: { count: 5, medianSeconds: 1200, p90Seconds: 1500 },
      notices: { LINE: { sent: 2, failed: 1 }, PWA: { sent: 1, failed: 1 } },
    });

    // The whole clinic: no queueId asked, none answered; every number of both queues (waits 360 600 600 720 1200 1200 1500 1800).
    const clinic = await stats('day', '2026-11-10');
    expect('queueId' in clinic).toBe(false);
    expect(clinic.current).toMatchObject({ taken: { LINE: 4, PWA: 3, ADMIN: 5 }, started: 8, wait: { count: 8, medianSeconds: 960, p90Seconds: 1800 } });
  });

  it('adds the queues up to the clinic for every count of a day, a week and a month, before and after the retention job', async () => {
    await seedEstimateWeek(t.store);
    const periods = [['day', '2026-11-10'], ['day', '2026-11-09'], ['week', '2026-11-10'], ['month', '2026-11-10']] as const;
    const check = async () => {
      const answers = [];
      for (const [period, date] of periods) {
        const [clinic, main, vax] = await Promise.all([stats(period, date), stats(period, date, 'main'), stats(period, date, VAX)]);
        for (const half of ['current', 'previous'] as const) {
          expect(counts(clinic[half]), `${period} ${date} ${half}`).toEqual(sum(counts(main[half]), counts(vax[half])));
        }
        // The retention job thins old readings out (decision 054), so only the estimate may change after it.
        answers.push([clinic, main, vax].map((r) => ({ current: { ...r.current, estimate: undefined }, previous: { ...r.previous, estimate: undefined } })));
      }
      return answers;
    };
    const before = await check();
    // Notices rolled up into notice_daily keep their queue: every queue's figures read the same afterwards.
    await applyRetention(t.store, { retentionDays: 90, auditRetentionDays: 365 }, new Date('2027-06-01T00:00:00Z'));
    cookie = await staffCookie(server.url, t.store); // the job ended the old staff session too
    const kept = await t.store.db.selectFrom('notice_daily').selectAll().where('queue_id', '=', VAX).orderBy('channel').execute();
    expect(kept).toEqual([
      { day: '2026-11-10', channel: 'LINE', queue_id: VAX, sent: 1, failed: 0 },
      { day: '2026-11-10', channel: 'PWA', queue_id: VAX, sent: 0, failed: 1 },
    ]);
    expect(await check()).toEqual(before);
  });

  it('answers a removed queue its history, and refuses a queue that never was', async () => {
    await t.store.db.updateTable('queues').set({ removed_at: jst('2026-11-20 12:00') }).where('id', '=', VAX).execute();
    expect((await stats('day', '2026-11-10', VAX)).current.started).toBe(3);
    const unknown = await callFn(server.url, 'getStats', { period: 'day', date: '2026-11-10', queueId: 'nope' }, { cookie });
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain('その受付項目はありません');
    const malformed = await callFn(server.url, 'getStats', { period: 'day', date: '2026-11-10', queueId: 'No Queue' }, { cookie });
    expect(malformed.status).toBe(400);
  });
});
