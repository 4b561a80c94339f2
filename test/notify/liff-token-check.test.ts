/**
 * A LIFF access token passed with a number goes to LINE's notifier only when LINE vouches for it
 * (decision 057): issued for the clinic's MINI App channel, live, and opening the profile of the LINE user
 * the number belongs to. Any other is not used and is counted on /admin/messages; the notices go by push.
 * LINE answering an error, or nothing, counts as not vouched for; the number is taken at once either way.
 * Real HTTP, a real store of each kind, the fake LINE at its edge.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mustCall } from '../support/client.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { eventually, lineToken, lineUserId, outboxSettled } from './support.js';
import { outboxOf, startServiceWorld, type ServiceWorld, tokenRow, tokensIn } from './service-support.js';

type Taken = { slotId: string; reservationNumber: number };

describeStores('the LIFF access token check', (kind) => {
  let t: TestStore;
  let w: ServiceWorld;
  beforeEach(async () => {
    t = await openTestStore(kind);
    // Short enough for the silent cases to end within a test, far longer than any answer of the server.
    w = await startServiceWorld({ store: t.store, env: { NOTIFY_SEND_TIMEOUT_MS: '3000' } });
  });
  afterEach(async () => {
    await w.close();
    expect(tokensIn(w.line, w.logs.join('\n'))).toEqual([]); // no LIFF access token in any log line
    expect(w.line.unexpected).toEqual([]);
    await t.cleanup();
  });

  /** Patient `n` (LINE user lineUserId(n)) takes a number in the MINI App with `liff`. */
  async function takeWith(n: number, liff: string): Promise<Taken> {
    const token = await lineToken(w.server.dataDir, lineUserId(n));
    return mustCall<Taken>(w.server.url, 'allocateNextSlot', { reservedType: 'LINE', liffAccessToken: liff }, { token });
  }
  const refusedThisMonth = async () =>
    (await w.staff<{ thisMonth: { liffTokensRefused?: number } }>('getMessagingStatus')).thisMonth.liffTokensRefused;

  /** The token was never given to the notifier; counted; the notice due with the number went by one push. */
  async function expectRefused(slot: Taken, liff: string, userId: string) {
    await eventually(async () => (await tokenRow(w.server, slot.slotId))?.state === 'refused', 'the token refused');
    await eventually(() => w.line.delivered.length === 1, 'the push');
    await eventually(() => outboxSettled(w.server), 'settled');
    expect(w.line.notifier.issueRequests).not.toContain(liff);
    expect(w.line.notifier.issueRequests).toEqual([]);
    expect(w.line.notifier.sends).toEqual([]);
    expect(w.line.delivered.map((d) => [d.to, d.text.includes('受付番号 1番の方へ')])).toEqual([[userId, true]]);
    // No number-taken notice: that one is a service message or nothing.
    expect((await outboxOf(w.server, slot.slotId)).map((r) => [r.kind, r.status, r.path])).toEqual([['ahead5', 'sent', 'push']]);
    expect(await refusedThisMonth()).toBe(1);
  }

  it('uses a token of the MINI App channel that opens the patient’s own profile, as before', async () => {
    const liff = w.line.notifier.liffTokenFor(lineUserId(1));
    const slot = await takeWith(1, liff);
    await eventually(() => w.line.notifier.delivered.length === 2, 'the number taken and the turn near');
    await eventually(() => outboxSettled(w.server), 'settled');
    expect(w.line.notifier.liffChecks.map((c) => [c.what, c.token === liff])).toEqual([['verify', true], ['profile', true]]);
    expect(w.line.notifier.issueRequests).toEqual([liff]);
    expect(w.line.requests).toEqual([]); // no push
    expect(await tokenRow(w.server, slot.slotId)).toMatchObject({ state: 'ready' });
    expect(await refusedThisMonth()).toBe(0);
  });

  it('never gives a made-up token to the notifier', async () => {
    const slot = await takeWith(1, 'any-string-at-all');
    await expectRefused(slot, 'any-string-at-all', lineUserId(1));
    expect(w.line.notifier.liffChecks.map((c) => c.what)).toEqual(['verify']);
  });

  it('never gives a token of another channel’s LIFF app to the notifier; the count lasts the month', async () => {
    const liff = w.line.notifier.liffTokenFor(lineUserId(1), { channelId: '1650000000' });
    const slot = await takeWith(1, liff);
    await expectRefused(slot, liff, lineUserId(1));
    // Its row holds no token: kept past the two days of a sealed token, gone after 40.
    const settings = { retentionDays: 90, auditRetentionDays: 365 };
    await applyRetention(w.server.store, settings, new Date(Date.now() + 39 * 24 * 3600_000));
    expect(await tokenRow(w.server, slot.slotId)).toMatchObject({ state: 'refused', token: null });
    await applyRetention(w.server.store, settings, new Date(Date.now() + 41 * 24 * 3600_000));
    expect(await tokenRow(w.server, slot.slotId)).toBeUndefined();
  });

  it('never gives an expired token to the notifier', async () => {
    const liff = w.line.notifier.liffTokenFor(lineUserId(1), { expiresIn: -60 });
    await expectRefused(await takeWith(1, liff), liff, lineUserId(1));
  });

  it('never gives another LINE user’s token to the notifier', async () => {
    const liff = w.line.notifier.liffTokenFor(lineUserId(2)); // a real token of the MINI App, someone else's
    const slot = await takeWith(1, liff);
    await expectRefused(slot, liff, lineUserId(1));
    expect(w.line.notifier.liffChecks.map((c) => c.what)).toEqual(['verify', 'profile']);
    expect(w.line.notifier.delivered).toEqual([]); // the other user was told nothing
  });

  it.each([
    ['verify answers 400', (w: ServiceWorld) => w.line.notifier.verifyScript.push(400)],
    ['verify answers 500', (w: ServiceWorld) => w.line.notifier.verifyScript.push(500)],
    ['the profile answers 500', (w: ServiceWorld) => w.line.notifier.profileScript.push(500)],
  ])('counts a token as not vouched for when %s', async (_name, script) => {
    script(w);
    const liff = w.line.notifier.liffTokenFor(lineUserId(1));
    await expectRefused(await takeWith(1, liff), liff, lineUserId(1));
  });

  it.each([
    ['verify', (w: ServiceWorld) => w.line.notifier.verifyScript.push('hang')],
    ['profile', (w: ServiceWorld) => w.line.notifier.profileScript.push('hang')],
  ] as const)('takes the number at once while %s never answers, aborts it at the timeout and uses no token', async (what, script) => {
    script(w);
    const liff = w.line.notifier.liffTokenFor(lineUserId(1));
    const slot = await takeWith(1, liff);
    // The number came while LINE was still silent: the check runs after the commit, not awaited.
    expect(w.line.notifier.liffChecks.every((c) => !c.closed)).toBe(true);
    expect((await tokenRow(w.server, slot.slotId))?.state ?? 'issuing').toBe('issuing');
    await expectRefused(slot, liff, lineUserId(1));
    const silent = w.line.notifier.liffChecks.find((c) => c.what === what)!;
    expect(silent.closed).toBe(true); // the timeout closed the socket
  });
});
