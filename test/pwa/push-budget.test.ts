/**
 * Saving a push subscription and "send me a test" are changes a patient can repeat (docs/decisions/043):
 * saving again what is already saved writes nothing, a real save spends the patient's budget, and a test
 * to an endpoint that is not the patient's own is refused before it spends a unit of the test budget.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type NotifyWorld, startNotifyWorld } from '../notify/support.js';
import { callFn, mustCall, pwaPatient } from '../support/client.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';

describe('the push budget of a patient', () => {
  let world: NotifyWorld;
  afterEach(async () => world.close());
  const url = () => world.server.url;
  const save = (token: string, subscription: unknown) => callFn(url(), 'saveSafariSubscription', { subscription }, { token });
  const rows = () => world.server.store.db.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).orderBy('endpoint').execute();

  it('saves the same subscription again without writing, and refuses new ones past the budget', async () => {
    world = await startNotifyWorld({ RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '2' });
    const patient = await pwaPatient(url());
    const first = world.push.subscribe();
    await mustCall(url(), 'saveSafariSubscription', { subscription: first }, { token: patient.token });
    const saved = await rows();
    // The app saves on every page: these renew nothing and spend nothing.
    for (let i = 0; i < 5; i++) expect((await save(patient.token, first)).status).toBe(200);
    expect(await rows()).toEqual(saved);
    expect((await save(patient.token, world.push.subscribe())).status).toBe(200);
    const refused = await save(patient.token, world.push.subscribe());
    expect(refused.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedChanges') } });
    expect(await rows()).toHaveLength(2);
    // Another patient has a budget of their own.
    const other = await pwaPatient(url());
    expect((await save(other.token, world.push.subscribe())).status).toBe(200);
  });

  it('refuses a test to an endpoint that is not the patient’s own without spending the test budget', async () => {
    world = await startNotifyWorld({ RATE_LIMIT_TEST_PUSHES_PER_HOUR: '1' });
    const patient = await pwaPatient(url());
    const stranger = await pwaPatient(url());
    const mine = world.push.subscribe();
    await mustCall(url(), 'saveSafariSubscription', { subscription: mine }, { token: patient.token });
    const test = (token: string, subscription: unknown) =>
      callFn(url(), 'sendWebpushTest', { subscription, title: 't', body: 'b', link: '/pwa/my' }, { token });
    for (const subscription of [world.push.subscribe(), mine]) {
      for (let i = 0; i < 3; i++) expect((await test(stranger.token, subscription)).body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    }
    for (let i = 0; i < 3; i++) expect((await test(patient.token, world.push.subscribe())).body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    expect(await world.server.store.db.selectFrom('rate_counters').selectAll().where('key', 'like', 'test-push:%').execute()).toEqual([]);
    expect((await test(patient.token, mine)).body).toEqual({ result: { ok: true } });
    expect(world.push.requests).toHaveLength(1);
    expect((await test(patient.token, mine)).body).toMatchObject({ error: { status: 'RESOURCE_EXHAUSTED' } });
  });
});
