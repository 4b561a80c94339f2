/**
 * The range calibrated on the clinic's own days (issue 36, decision 054), on both stores: the live queue
 * snapshot's estimate carries the calibration the readings of the last closed sessions give (with when each
 * patient was then started), none while there is too little history, and reading it costs no query per
 * snapshot: it is read again only when a new session opens.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALIBRATION_SESSIONS, type CalibrationSample, calibrate, MIN_CALIBRATION_SESSIONS } from '../../src/shared/estimate/calibration.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { useQueueStream } from '../support/queue-stream.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { countedEstimator } from '../support/estimator-queries.js';
import { seedReadings } from '../support/wait-readings.js';

/** The last `n` sessions' samples, as the rule should see them. */
function lastSessions(samples: readonly CalibrationSample[], n: number): CalibrationSample[] {
  const order = [...new Set(samples.map((s) => s.session))];
  const keep = new Set(order.slice(-n));
  return samples.filter((s) => keep.has(s.session));
}

describeStores('the range calibrated on the clinic\'s readings, on the queue stream', (kind) => {
  const stream = useQueueStream(kind);
  const { staff, snapshot } = stream;
  let few: CalibrationSample[] = [];

  it('carries no calibration while too few sessions have readings, though the pace is known', async () => {
    few = await seedReadings(stream.server.store, { sessions: MIN_CALIBRATION_SESSIONS - 1, firstDayBack: 30 });
    await staff('startInhouseReception');
    const s = await snapshot((x) => x.runtime.inhouseOn && x.estimate != null);
    expect(s.estimate!.basis).toBe('history');
    expect(s.estimate!.calibration).toBeNull();
    await staff('endInhouseReception');
    await snapshot((x) => !x.runtime.inhouseOn);
  });

  it('carries the calibration of the last closed sessions\' readings when the next session opens', async () => {
    const { store } = stream.server;
    // Older days where turns came far later than shown: they lie beyond the last sessions and must not count.
    const old = await seedReadings(store, { sessions: 6, firstDayBack: 40, drift: (_, i) => 20 + i });
    const recent = await seedReadings(store, { sessions: CALIBRATION_SESSIONS - 1, firstDayBack: 1 });
    // A session left open (a crash) is no history either; nor is the session above, which has no readings.
    await seedReadings(store, { sessions: 1, firstDayBack: 0.5, open: true, drift: () => -9 });
    const all = [...old, ...few, ...recent];
    const expected = calibrate(lastSessions(all, CALIBRATION_SESSIONS));
    expect(expected).not.toBeNull();
    // The old days would have changed it: the test can tell the last sessions from all of them.
    expect(calibrate(all, { sessions: 100 })).not.toEqual(expected);

    await staff('startInhouseReception');
    const s = await snapshot((x) => x.runtime.inhouseOn && x.estimate?.calibration != null);
    const calibration = s.estimate!.calibration!;
    expect(calibration).toEqual(expected);
    expect(calibration.sessions).toBe(CALIBRATION_SESSIONS);
    // Only started patients' readings count: the cancelled and the absent patients' were shown ranges too.
    expect(calibration.samples).toBe(lastSessions(all, CALIBRATION_SESSIONS).length);
    const stored = await store.db.selectFrom('wait_readings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThan(all.length);
    // The calibration travels with every snapshot: it stays small.
    expect(JSON.stringify(calibration).length).toBeLessThan(500);
    await staff('endInhouseReception');
    await snapshot((x) => !x.runtime.inhouseOn);
  });
});

describeStores('the calibration is read once per session', (kind) => {
  let testStore: TestStore;
  beforeAll(async () => {
    testStore = await openTestStore(kind, { queryLog: true });
  });
  afterAll(async () => testStore?.cleanup());

  it('adds no query per snapshot, and a new session reads the readings its predecessors left', async () => {
    const { store } = testStore;
    const { estimateNow, queries, stop } = countedEstimator(store);

    const first = await seedReadings(store, { sessions: 6, firstDayBack: 2 });
    await switchReception({ store, name: 'startInhouse' });
    const opened = await estimateNow();
    expect(queries()).toBeGreaterThan(0);
    expect(opened.estimate!.calibration).toEqual(calibrate(first));
    for (let i = 0; i < 3; i++) {
      await estimateNow();
      expect(queries()).toBe(0);
    }

    // Readings that appear during a session (yesterday's, written late) count from the next session on.
    const more = await seedReadings(store, { sessions: 2, firstDayBack: 1, drift: (k, i) => 4 + i / 2 });
    expect((await estimateNow()).estimate!.calibration).toEqual(calibrate(first));
    await switchReception({ store, name: 'endInhouse' });
    await switchReception({ store, name: 'startInhouse' });
    const next = await estimateNow();
    expect(queries()).toBeGreaterThan(0);
    expect(next.estimate!.calibration).toEqual(calibrate([...first, ...more]));
    expect(next.estimate!.calibration).not.toEqual(calibrate(first));
    await estimateNow();
    expect(queries()).toBe(0);
    stop();
  });
});
