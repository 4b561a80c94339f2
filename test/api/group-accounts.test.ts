/**
 * Group accounts at the group host (decision 081), on both stores: sign-in (right, wrong, limited), the
 * overview of exactly the clinics given with their real figures after real takes, what the group host
 * answers and refuses, and a deployment without GROUP_HOST unchanged. The handoff is group-handoff.test.ts.
 */
import { afterEach, expect, it } from 'vitest';
import type { GroupOverview } from '../../src/shared/schemas/group.js';
import { tokyoDateAndTime } from '../../src/shared/schedule/calendar.js';
import { addClinic } from '../../src/server/ops/clinics.js';
import { describeStores } from '../support/stores.js';
import { CLINIC_B_NAME, HOST_B, rawHostGet, startTwoClinics, type TwoClinics } from '../support/clinic-hosts.js';
import { addGroup, atHost, GROUP_HOST, GROUP_PASSWORD, type GroupClinics, startGroupClinics } from '../support/group-host.js';
import { startTestServer } from '../support/server.js';
import { expectRefusal } from './api-support.js';
import { must } from './clinic-isolation-setup.js';

describeStores('group accounts at the group host', (kind) => {
  let g: GroupClinics | TwoClinics | undefined;
  afterEach(async () => {
    await g?.close();
    g = undefined;
  });

  it('signs a group account in with the right password only, and keeps the failures under their limits', async () => {
    const s = await startGroupClinics(kind, { LOGIN_FAILURES_PER_15_MIN: '3' });
    g = s;
    await addGroup(s.t.store, 'houjin', ['clinic-b']);
    expectRefusal(await s.group('GET', '/api/group/me'), 'UNAUTHENTICATED', '法人の管理者');
    const wrong = await s.group('POST', '/api/group/login', { body: { username: 'houjin', password: 'not the password' } });
    expectRefusal(wrong, 'UNAUTHENTICATED', 'パスワード');
    expect(wrong.cookie).toBeUndefined();
    expectRefusal(await s.group('POST', '/api/group/login', { body: { username: 'nobody', password: GROUP_PASSWORD } }), 'UNAUTHENTICATED');
    expectRefusal(await s.group('POST', '/api/group/login', { body: { username: 'houjin' } }), 'INVALID_ARGUMENT');
    const right = await s.group('POST', '/api/group/login', { body: { username: 'houjin', password: GROUP_PASSWORD } });
    expect(right.body).toEqual({ result: { username: 'houjin' } });
    expect(right.setCookies[0]).toMatch(/^qs_group=[^;]+;.*HttpOnly.*SameSite=Strict/i);
    expect(await s.group('GET', '/api/group/me', { cookie: right.cookie })).toMatchObject({ status: 200, body: { result: { username: 'houjin' } } });
    // The group session is no staff session at any clinic's host.
    expectRefusal(await atHost(s.server.url, HOST_B, 'GET', '/api/staff/me', { cookie: right.cookie }), 'UNAUTHENTICATED');
    // Three failures of this name from this address: the fourth try is refused before any hash, right password or not.
    for (let i = 0; i < 2; i++) await s.group('POST', '/api/group/login', { body: { username: 'houjin', password: 'wrong again!' } });
    expectRefusal(await s.group('POST', '/api/group/login', { body: { username: 'houjin', password: GROUP_PASSWORD } }), 'RESOURCE_EXHAUSTED');
    // Signing out ends the session.
    expect((await s.group('POST', '/api/group/logout', { cookie: right.cookie })).body).toEqual({ result: { ok: true } });
    expectRefusal(await s.group('GET', '/api/group/me', { cookie: right.cookie }), 'UNAUTHENTICATED');
  });

  it('shows every clinic given and no other, each with its own live queue and statistics', async () => {
    const s = await startGroupClinics(kind);
    g = s;
    await addClinic(s.t.store, 'clinic-c', 'みどり小児科', ['c.example.jp'], new Date().toISOString());
    await addGroup(s.t.store, 'houjin', ['clinic-b', 'default']);
    // Real takes at clinic B's host: two patients and a walk-in; the first is called in.
    const staffB = { cookie: await s.b.staff() };
    await must(s.b, 'startInhouseReception', {}, staffB);
    await must(s.b, 'startOnlineReception', {}, staffB);
    const taken: { slotId: string; reservationNumber: number }[] = [];
    for (const auth of [{ token: (await s.b.patient()).token }, { token: (await s.b.patient()).token }, staffB]) {
      const reservedType = auth === staffB ? 'ADMIN' : 'PWA';
      taken.push(await must(s.b, 'allocateNextSlot', { reservedType }, auth));
    }
    await must(s.b, 'markSlot', { slotId: taken[0]!.slotId, action: 'start' }, staffB);
    const cookie = await s.login('houjin');
    const today = tokyoDateAndTime(Date.now()).date;
    const answer = await s.group<{ result: GroupOverview }>('GET', `/api/group/overview?period=day&date=${today}`, { cookie });
    expect(answer.status).toBe(200);
    const overview = answer.body.result;
    expect(overview).toMatchObject({ username: 'houjin', period: 'day', date: today });
    expect(overview.clinics.map((c) => c.id)).toEqual(['clinic-b', 'default']);
    const [b, a] = overview.clinics;
    expect(b).toMatchObject({ name: CLINIC_B_NAME, host: HOST_B, state: 'open', receptionOpen: true });
    expect(b!.queues).toEqual([{ id: 'main', name: expect.objectContaining({ ja: expect.any(String) }), waiting: 2, calling: String(taken[0]!.reservationNumber) }]);
    expect(b!.stats).toMatchObject({ from: today, to: today, taken: { PWA: 2, ADMIN: 1, LINE: 0 }, started: 1 });
    // Clinic A took nothing and its reception is off.
    expect(a).toMatchObject({ host: 'a.example.jp', state: 'open', receptionOpen: false, stats: { taken: { PWA: 0, ADMIN: 0, LINE: 0 } } });
    expect(a!.queues[0]).toMatchObject({ waiting: 0, calling: null });
    expect(JSON.stringify(overview)).not.toContain('みどり小児科');
    // Bad input is refused; the week and month are the statistics page's periods.
    expectRefusal(await s.group('GET', '/api/group/overview?period=year', { cookie }), 'INVALID_ARGUMENT');
    expectRefusal(await s.group('GET', '/api/group/overview?date=2026-13-40', { cookie }), 'INVALID_ARGUMENT');
    const month = await s.group<{ result: GroupOverview }>('GET', `/api/group/overview?period=month&date=${today}`, { cookie });
    expect(month.body.result.clinics[0]!.stats!.taken.PWA).toBe(2);
    expectRefusal(await s.group('GET', '/api/group/overview'), 'UNAUTHENTICATED');
  });

  it('answers at the group host only the group page, its files and its API; the rest is the plain 404', async () => {
    const s = await startGroupClinics(kind);
    g = s;
    for (const path of ['/pwa/', '/admin/', '/', '/line/']) {
      const page = await rawHostGet(`${s.server.url}${path}`, GROUP_HOST);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.body).toContain('No clinic at this address');
      expect(page.body).not.toContain(CLINIC_B_NAME);
    }
    for (const path of ['/api/client-config', '/api/staff/me', '/api/live/queue']) {
      expectRefusal(await s.group('GET', path), 'NOT_FOUND');
    }
    expectRefusal(await s.group('POST', '/api/fn/getMyReservation', { body: { data: {} } }), 'NOT_FOUND');
    expect((await rawHostGet(`${s.server.url}/healthz`, GROUP_HOST)).status).toBe(200);
    // The group's API answers at the group host only.
    expectRefusal(await atHost(s.server.url, HOST_B, 'POST', '/api/group/login', { body: { username: 'x', password: 'y' } }), 'NOT_FOUND');
    expectRefusal(await atHost(s.server.url, HOST_B, 'GET', '/api/group/me'), 'NOT_FOUND');
    // A write from another origin is refused, as every write is.
    const forged = await s.group('POST', '/api/group/login', { body: { username: 'x', password: 'y' }, headers: { origin: `http://${HOST_B}` } });
    expect(forged.status).toBe(403);
  });

  it('changes nothing without GROUP_HOST: that host is one nobody listed, and there is no group API', async () => {
    const s = await startTwoClinics(kind);
    g = s;
    // The would-be group host is a host nobody listed, refused as before (decision 078), its group paths too.
    expectRefusal(await atHost(s.server.url, GROUP_HOST, 'GET', '/api/client-config'), 'NOT_FOUND', 'クリニックはありません');
    expectRefusal(await atHost(s.server.url, GROUP_HOST, 'POST', '/api/group/login', { body: { username: 'x', password: 'y' } }), 'NOT_FOUND', 'クリニックはありません');
    // At a clinic's host the group's paths are calls it does not know, as any unknown path.
    expectRefusal(await atHost(s.server.url, HOST_B, 'GET', '/api/group/me'), 'NOT_FOUND');
    expectRefusal(await atHost(s.server.url, HOST_B, 'POST', '/api/staff/handoff', { body: { token: 'x'.repeat(43) } }), 'UNAUTHENTICATED');
  });

  it('refuses to start when GROUP_HOST is also a clinic’s host', async () => {
    const s = await startTwoClinics(kind);
    g = s;
    await expect(startTestServer({ store: s.t.store, env: { GROUP_HOST: HOST_B } })).rejects.toThrow(/GROUP_HOST b\.example\.jp is also a host of the clinic clinic-b/);
  });
});
