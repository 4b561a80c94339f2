/**
 * The estimate's history is read once per session per process (docs/decisions/020-estimated-wait.md):
 * every snapshot rebuild after that costs no query, and a newly opened session reads it afresh.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { seedHistory } from '../support/estimate-history.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { countedEstimator } from '../support/estimator-queries.js';

describeStores('estimate history cache', (kind) => {
  let testStore: TestStore;
  beforeAll(async () => {
    testStore = await openTestStore(kind, { queryLog: true });
  });
  afterAll(async () => testStore?.cleanup());

  it('reads history when a session opens, then never again for that session', async () => {
    const { store } = testStore;
    const { estimateNow, queries, stop } = countedEstimator(store);

    await switchReception({ store, name: 'startInhouse' });
    const empty = await estimateNow();
    expect(queries()).toBeGreaterThan(0);
    expect(empty).toEqual({ estimate: null, nowCalling: null });
    for (let i = 0; i < 3; i++) {
      await estimateNow();
      expect(queries()).toBe(0);
    }

    // History that appears during a session is picked up when the next session opens.
    await seedHistory(store, { weeks: 3, gapMinutes: 6 });
    expect((await estimateNow()).estimate).toBeNull();
    await switchReception({ store, name: 'endInhouse' });
    await switchReception({ store, name: 'startInhouse' });
    const fresh = await estimateNow();
    expect(queries()).toBeGreaterThan(0);
    expect(fresh.estimate).toMatchObject({ minutesPerPerson: 6, basis: 'history' });
    await estimateNow();
    expect(queries()).toBe(0);

    // Reception stopped: nobody waits and nobody is being seen, whatever the history says.
    await switchReception({ store, name: 'endInhouse' });
    expect(await estimateNow()).toEqual({ estimate: null, nowCalling: null });
    stop();
  });
});
