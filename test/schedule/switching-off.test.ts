/**
 * SCHEDULE_SWITCHING=off: the calendar shows the hours but never switches reception nor raises the banner.
 * Two servers on one clock, one with switching on: once the "on" server has acted on the 9:30 edge, the
 * "off" one (same calendar, same moment) must have done nothing.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AdminSnapshot } from '../../src/shared/schemas/live.js';
import type { PublicSchedule } from '../../src/shared/schedule/types.js';
import { mustCall, staffCookie } from '../support/client.js';
import { manualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { adminSnapshot } from '../api/api-support.js';

const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('the calendar with automatic switching off', (kind) => {
  const clock = manualClock(jst('09:20'));
  const stores: TestStore[] = [];
  let on: TestServer;
  let off: TestServer;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) stores.push(await openTestStore(kind, { clock: clock.storeClock }));
    on = await startTestServer({ store: stores[0]!.store, clock });
    off = await startTestServer({ store: stores[1]!.store, clock, env: { SCHEDULE_SWITCHING: 'off' } });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    for (const ts of stores) await ts.cleanup();
  });

  it('a window opening neither switches reception nor raises the banner, and claims no edge', async () => {
    const cookies = { on: await staffCookie(on.url, on.store), off: await staffCookie(off.url, off.store) };
    await clock.advanceTo(jst('09:30'));
    await vi.waitFor(async () => {
      const snapshot = await adminSnapshot<AdminSnapshot>(on.url, cookies.on);
      expect(snapshot.scheduleNotice).toMatchObject({ kind: 'inhouseOffAtWindowStart' });
    });
    const snapshot = await adminSnapshot<AdminSnapshot>(off.url, cookies.off);
    expect(snapshot.scheduleNotice).toBeNull();
    expect(snapshot.runtime.onlineOn).toBe(false);
    expect(await off.store.db.selectFrom('schedule_edges').selectAll().execute()).toEqual([]);
    expect((await on.store.db.selectFrom('schedule_edges').selectAll().execute()).length).toBeGreaterThan(0);
  });

  it('the public calendar still shows the hours', async () => {
    const schedule = await mustCall<PublicSchedule>(off.url, 'getPublicSchedule');
    expect(schedule.days.find((d) => d.date === '2026-11-24')?.online).toEqual([
      { start: '09:30', end: '11:00' },
      { start: '17:00', end: '18:30' },
    ]);
  });
});
