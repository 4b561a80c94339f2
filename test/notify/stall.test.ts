/**
 * Issue 12: one bad subscription or one slow push service cannot stall everyone's notices. One patient
 * holds a subscription with broken keys (written straight to the store, as rows saved before keys were
 * checked are), another's push service accepts the request and never answers; a third patient's 5-ahead
 * notice still arrives while that request is open, exactly once.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { eventually, type NotifyWorld, openReception, startNotifyWorld } from './support.js';

let world: NotifyWorld;
beforeEach(async () => {
  // Long enough for the third notice to go out while the hung request is open; short enough to see it end.
  world = await startNotifyWorld({ NOTIFY_SEND_TIMEOUT_MS: '3000' });
});
afterEach(async () => world.close());

it('delivers a third patient’s notice while one subscription is broken and another push service hangs', async () => {
  const url = world.server.url;
  const db = world.server.store.db;
  const cookie = await staffCookie(url, world.server.store);
  await openReception(world.server, cookie);
  const outboxOf = (slotId: string) => db.selectFrom('outbox').selectAll().where('slot_id', '=', slotId).executeTakeFirstOrThrow();
  const take = (token: string) => mustCall<{ slotId: string }>(url, 'allocateNextSlot', { reservedType: 'PWA' }, { token });

  const broken = await pwaPatient(url);
  const brokenEndpoint = `${world.push.url}/push/broken`;
  const now = new Date().toISOString();
  await db.insertInto('pwa_users').values({ uid: broken.uid, created_at: now }).onConflict((oc) => oc.column('uid').doNothing()).execute();
  await db.insertInto('push_subscriptions').values({ endpoint: brokenEndpoint, uid: broken.uid, p256dh: 'p', auth: 'a', created_at: now }).execute();

  const slow = await pwaPatient(url);
  const slowSub = world.push.subscribe();
  const slowPath = new URL(slowSub.endpoint).pathname;
  world.push.pathScript.set(slowPath, 'hang');
  await mustCall(url, 'saveSafariSubscription', { subscription: slowSub }, { token: slow.token });

  const third = await pwaPatient(url);
  const thirdSub = world.push.subscribe();
  const thirdPath = new URL(thirdSub.endpoint).pathname;
  await mustCall(url, 'saveSafariSubscription', { subscription: thirdSub }, { token: third.token });

  const brokenSlot = await take(broken.token); // number 1: notified at once
  const slowSlot = await take(slow.token); // number 2
  const hung = await eventually(() => world.push.requests.find((r) => r.path === slowPath), 'the hung request reached the push service');
  const thirdSlot = await take(third.token); // number 3

  await eventually(() => world.push.received.find((r) => r.path === thirdPath), 'the third patient’s notice');
  expect(hung.closed).toBe(false); // it arrived while the hung request was still open
  expect((await eventually(async () => (await outboxOf(thirdSlot.slotId)).status === 'sent' && outboxOf(thirdSlot.slotId), 'recorded')).attempts).toBe(1);

  const failed = await eventually(async () => {
    const row = await outboxOf(brokenSlot.slotId);
    return row.status === 'failed' && row;
  }, 'the broken subscription’s notice failed');
  expect(failed.last_error).toMatch(/P-256/);
  expect(await db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', brokenEndpoint).execute()).toEqual([]);

  // The hung request is aborted by the send timeout (its connection closed) and retried by the rules.
  await eventually(() => hung.closed, 'the hung request aborted');
  await eventually(() => world.push.requests.filter((r) => r.path === slowPath).length === 2, 'the retry');
  const retried = await outboxOf(slowSlot.slotId);
  expect(retried.last_error).toMatch(/timed out after 3000 ms/);
  expect(retried.attempts).toBe(2);

  expect(world.push.received.filter((r) => r.path === thirdPath)).toHaveLength(1);
  expect(world.push.requests.filter((r) => r.path === '/push/broken')).toEqual([]);
});
