/**
 * Staff sign-in from an address shared with an attacker (the clinic's patient Wi-Fi on the desk's line):
 * a browser that signed in before keeps a device cookie and is judged by its own failures, not the
 * address's; a new browser there is refused as before and told why; `passwd`, `disable` and signing out
 * everywhere revoke the cookie; a stolen cookie has its own small budget. Decision 056. Over real HTTP, on
 * both stores.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { addStaffAccount, changeStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { awayFromWindowEdge, flood } from '../support/sign-in-attack.js';
import { capAddress, deviceSignIn, knownDevice, pausedMinutes } from '../support/staff-device.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const RIGHT = 'the right password';
const SLOW = 120_000;

describeStores('staff sign-in from a shared address, known devices', (kind) => {
  let db: TestStore;
  let s: TestServer;

  beforeAll(async () => {
    db = await openTestStore(kind);
    s = await startTestServer({ store: db.store, env: { TRUST_PROXY: 'true' } });
    for (const name of ['desk', 'desk2', 'nurse']) await addStaffAccount(s.store, name, RIGHT);
  }, SLOW);
  afterAll(async () => {
    await s?.close();
    await db?.cleanup();
  });
  // Each attack runs inside one window of the limits' counters.
  beforeEach(() => awayFromWindowEdge(), SLOW);

  it('30 parallel random-name sign-ins from the desk’s address: the known desk signs in 5 of 5, a new browser is refused and told why', { timeout: SLOW }, async () => {
    const shared = '192.0.2.20';
    const device = await knownDevice(s.url, shared, 'desk', RIGHT); // the day before
    const attack = flood(s.url, shared, 30);
    await attack.atCapacity();
    const desk = await Promise.all(Array.from({ length: 5 }, () => deviceSignIn(s.url, shared, 'desk', RIGHT, device)));
    const capped = await attack.capped();
    await attack.stop();
    expect(capped).toBe(true);
    expect(desk.map((d) => d.status)).toEqual(Array(5).fill(200));
    expect(desk.every((d) => d.device && d.session)).toBe(true);
    // The attacker's sign-ins were capped as before: the desk's did not count against the address.
    expect(attack.statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(s.config.LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN);

    // A browser that never signed in, on the same line: limited as today, and told why and for how long.
    const fresh = await deviceSignIn(s.url, shared, 'desk', RIGHT);
    expect(fresh.status).toBe(429);
    const minutes = pausedMinutes(fresh.message);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(fresh.message).toBe(label(staffLabels, 'ja', 'error.loginPausedForNetwork', { minutes: minutes! }));
    // The desk's cookie is for the desk's account only: it does not open another account from that line.
    expect((await deviceSignIn(s.url, shared, 'nurse', RIGHT, device)).status).toBe(429);
    // With the flood capped, the known desk still signs in, a typo and all.
    expect((await deviceSignIn(s.url, shared, 'desk', 'typo', device)).status).toBe(401);
    expect((await deviceSignIn(s.url, shared, 'desk', RIGHT, device)).status).toBe(200);
  });

  it('passwd, disable and signing out everywhere make an old device cookie count for nothing; signing out here does not', { timeout: SLOW }, async () => {
    const capped = '192.0.2.21';
    const clean = '198.51.100.21';
    await capAddress(s.url, capped);

    const beforePasswd = await knownDevice(s.url, clean, 'desk2', RIGHT);
    expect((await deviceSignIn(s.url, capped, 'desk2', RIGHT, beforePasswd)).status).toBe(200);
    expect(await changeStaffAccount(s.store, 'desk2', { action: 'passwd', password: 'a new password' })).toBe(true);
    expect((await deviceSignIn(s.url, capped, 'desk2', 'a new password', beforePasswd)).status).toBe(429);

    const beforeDisable = await knownDevice(s.url, clean, 'desk2', 'a new password');
    await changeStaffAccount(s.store, 'desk2', { action: 'disable' });
    await changeStaffAccount(s.store, 'desk2', { action: 'enable' });
    expect((await deviceSignIn(s.url, capped, 'desk2', 'a new password', beforeDisable)).status).toBe(429);

    // Signing out of this session keeps the browser known; signing out everywhere (a lost PC) does not.
    const here = await deviceSignIn(s.url, clean, 'desk2', 'a new password');
    await fetch(`${s.url}/api/staff/logout`, { method: 'POST', headers: { cookie: here.session! } });
    const again = await deviceSignIn(s.url, capped, 'desk2', 'a new password', here.device);
    expect(again.status).toBe(200);
    await fetch(`${s.url}/api/staff/logout`, {
      method: 'POST',
      headers: { cookie: again.session!, 'content-type': 'application/json' },
      body: JSON.stringify({ everywhere: true }),
    });
    expect((await deviceSignIn(s.url, capped, 'desk2', 'a new password', again.device)).status).toBe(429);
    // A forged or altered cookie is no device either.
    expect((await deviceSignIn(s.url, capped, 'desk2', 'a new password', `${again.device!.slice(0, -2)}xx`)).status).toBe(429);
  });

  it('a stolen device cookie with wrong passwords: its own budget of failures, then it counts for nothing', { timeout: SLOW }, async () => {
    const attacker = '203.0.113.22';
    await capAddress(s.url, attacker);
    const stolen = await knownDevice(s.url, '198.51.100.22', 'nurse', RIGHT);
    // Ten guesses at once: exactly the device's budget reaches the hash, the rest are refused.
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => deviceSignIn(s.url, attacker, 'nurse', `guess ${i}`, stolen)));
    const budget = s.config.LOGIN_FAILURES_PER_DEVICE_PER_15_MIN;
    expect(budget).toBe(5);
    expect(guesses.filter((g) => g.status === 401).length).toBe(budget);
    expect(guesses.filter((g) => g.status === 429).length).toBe(10 - budget);
    // Spent, the cookie is ignored even with the right password: the capped address's limit applies.
    expect((await deviceSignIn(s.url, attacker, 'nurse', RIGHT, stolen)).status).toBe(429);
  });
});
