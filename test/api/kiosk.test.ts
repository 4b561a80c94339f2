/**
 * The entrance kiosk (docs/decisions/072) over real HTTP on both stores: staff make a browser a kiosk (its
 * cookie HttpOnly and SameSite=Strict, the staff session on it closed), the kiosk reads reception with the
 * desk's reasons and no patient, takes numbers as the desk does (kept numbers and the online cap count them
 * as the desk's) with a ticket whose page works, and once staff revoke it, its next call is refused in the
 * catalogue's words and changes nothing.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import type { KioskState } from '../../src/shared/schemas/kiosk.js';
import type { TicketPrint, TicketView } from '../../src/shared/schemas/ticket.js';
import { callFn, enrolKiosk, kioskCookie, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import type { TestServer } from '../support/server.js';
import { describeStores, type TestStore } from '../support/stores.js';
import { expectRefusal, openReception, queueSnapshotText, smallSessionServer } from './api-support.js';

describeStores('the entrance kiosk', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ t, server, cookie } = await smallSessionServer(kind, 10));
  });
  afterEach(async () => {
    await server?.close();
    await t?.cleanup();
  });

  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const online = async () => {
    const answer = await callFn<{ reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: (await pwaPatient(server.url)).token });
    return 'result' in answer.body ? answer.body.result.reservationNumber : answer.body.error.message;
  };

  it('enrolling sets an HttpOnly, SameSite=Strict kiosk cookie and signs the staff session on that browser out', async () => {
    const own = await staffCookie(server.url, t.store);
    const { status, setCookies } = await enrolKiosk(server.url, own, '入口');
    expect(status).toBe(200);
    const kiosk = setCookies.find((c) => c.startsWith('qs_kiosk='))!;
    expect(kiosk).toMatch(/HttpOnly/i);
    expect(kiosk).toMatch(/SameSite=Strict/i);
    expect(kiosk).toMatch(/Path=\//);
    expect(setCookies.some((c) => /^qs_staff=;/.test(c))).toBe(true);
    expectRefusal(await callFn(server.url, 'getKiosks', {}, { cookie: own }), 'UNAUTHENTICATED');
    const { kiosks } = await staff<{ kiosks: { name: string; revokedAt: string | null }[] }>('getKiosks');
    expect(kiosks).toEqual([expect.objectContaining({ name: '入口', revokedAt: null })]);
    // Enrolling needs a staff session and a name.
    expectRefusal(await enrolKiosk(server.url, 'qs_staff=forged'), 'UNAUTHENTICATED');
    expect((await enrolKiosk(server.url, cookie, ' ')).status).toBe(400);
  });

  it("reads reception with the desk's reasons and no patient", async () => {
    const kiosk = await kioskCookie(server.url, t.store);
    const state = () => mustCall<KioskState>(server.url, 'getKioskState', {}, { cookie: kiosk.cookie });
    expect(await state()).toMatchObject({ name: '入口', closed: 'stopped', prints: false, queues: [{ id: 'main', closed: 'stopped' }] });
    await openReception(server.url, cookie);
    await online();
    const open = await state();
    expect(open.closed).toBeNull();
    expect(Object.keys(open).sort()).toEqual(['closed', 'name', 'prints', 'queues']);
    for (let i = 0; i < 9; i++) await mustCall(server.url, 'takeKioskNumber', {}, { cookie: kiosk.cookie });
    expect((await state()).closed).toBe('noneLeft');
    expectRefusal(await callFn(server.url, 'takeKioskNumber', {}, { cookie: kiosk.cookie }), 'RESOURCE_EXHAUSTED', label(staffLabels, 'ja', 'error.noFreeNumbers'));
    await staff('saveTicketSettings', { paper: '58', note: '' });
    expect((await state()).prints).toBe(true);
  });

  it("takes the desk's kept numbers and passes the online cap as the desk does, each with a ticket whose page works", async () => {
    await staff('saveAllocationSettings', { keepEvery: 3, onlineCap: 2 });
    await openReception(server.url, cookie);
    const kiosk = await kioskCookie(server.url, t.store);
    const take = () => mustCall<TicketPrint>(server.url, 'takeKioskNumber', {}, { cookie: kiosk.cookie });
    expect([await online(), await online()]).toEqual([1, 2]);
    // The cap is reached for online; the kiosk, as the desk, takes the kept number 3, then the next ones.
    expect(await online()).toBe(label(staffLabels, 'ja', 'error.onlineNumbersUsedUp'));
    const first = await take();
    expect(first).toMatchObject({ reservationNumber: 3, ahead: 2, reprint: false });
    expect((await take()).reservationNumber).toBe(4);
    // Its numbers are not online ones: the cap still counts two.
    expect(await online()).toBe(label(staffLabels, 'ja', 'error.onlineNumbersUsedUp'));
    const page = await mustCall<TicketView>(server.url, 'getTicket', { ticket: first.token });
    expect(page).toMatchObject({ state: 'waiting', reservation: { reservationNumber: 3 } });
    const audit = await t.store.db.selectFrom('audit_log').select(['username', 'action']).where('username', '=', 'キオスク「入口」').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['allocateNextSlot', 'allocateNextSlot', 'ticket.issue', 'ticket.issue']);
  });

  it('revoked mid-session: its next call is refused in the catalogue’s words and changes nothing', async () => {
    await openReception(server.url, cookie);
    const kiosk = await kioskCookie(server.url, t.store);
    await mustCall(server.url, 'takeKioskNumber', {}, { cookie: kiosk.cookie });
    await staff('revokeKiosk', { id: kiosk.id });
    const before = await queueSnapshotText(server.url);
    const revoked = label(staffLabels, 'ja', 'error.kioskRevoked');
    expectRefusal(await callFn(server.url, 'takeKioskNumber', {}, { cookie: kiosk.cookie }), 'PERMISSION_DENIED', revoked);
    expectRefusal(await callFn(server.url, 'getKioskState', {}, { cookie: kiosk.cookie }), 'PERMISSION_DENIED', revoked);
    expect(await queueSnapshotText(server.url)).toBe(before);
    expectRefusal(await callFn(server.url, 'revokeKiosk', { id: kiosk.id }, { cookie }), 'FAILED_PRECONDITION');
    const actions = await t.store.db.selectFrom('audit_log').select('action').where('action', 'like', 'kiosk.%').execute();
    expect(actions.map((a) => a.action)).toEqual(['kiosk.enrol', 'kiosk.revoke']);
  });

  it('a kiosk cookie signed under another key, or none, is no kiosk; staff and patients are refused its functions', async () => {
    const forged = 'qs_kiosk=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    expectRefusal(await callFn(server.url, 'getKioskState', {}, { cookie: forged }), 'UNAUTHENTICATED', label(staffLabels, 'ja', 'error.kioskOnly'));
    expectRefusal(await callFn(server.url, 'takeKioskNumber', {}, { cookie }), 'UNAUTHENTICATED');
    expectRefusal(await callFn(server.url, 'takeKioskNumber', {}, { token: (await pwaPatient(server.url)).token }), 'UNAUTHENTICATED');
  });
});
