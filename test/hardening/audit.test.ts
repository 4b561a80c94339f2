import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';

type Entry = { at: string; username: string; action: string; target: string | null; before: unknown; after: unknown };

describe('staff audit trail', () => {
  let s: TestServer;
  beforeEach(async () => {
    s = await startTestServer();
  });
  afterEach(async () => s.close());

  it('records every staff action with who, when, and the state before and after', async () => {
    const cookie = await staffCookie(s.url, s.store);
    await mustCall(s.url, 'startInhouseReception', {}, { cookie });
    const walkIn = await mustCall<{ slotId: string }>(s.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    await mustCall(s.url, 'markSlot', { slotId: walkIn.slotId, action: 'hold' }, { cookie });
    await mustCall(s.url, 'markSlot', { slotId: walkIn.slotId, action: 'hold' }, { cookie }); // no change, no entry
    await mustCall(s.url, 'setNoticeSettings', { lineAhead5: false, lineRecall: true }, { cookie });

    const { entries } = await mustCall<{ entries: Entry[] }>(s.url, 'getAuditLog', {}, { cookie });
    const username = entries[0].username;
    expect(username).toMatch(/^staff-/);
    expect(entries.map((e) => e.action)).toEqual([
      'setNoticeSettings', 'markSlot.hold', 'allocateNextSlot', 'startInhouse', 'login',
    ]);
    expect(entries.every((e) => e.username === username && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    const hold = entries[1];
    expect(hold.target).toBe(`#1 ${walkIn.slotId}`);
    expect(hold.before).toEqual({ hold: 0, hold_at: null });
    expect(hold.after).toEqual({ hold: 1, hold_at: expect.any(String) });
    expect(entries[0]).toMatchObject({ before: { lineAhead5: true, lineRecall: true }, after: { lineAhead5: false, lineRecall: true } });
    expect(entries[3]).toMatchObject({ before: { inhouseOn: false, onlineOn: false }, after: { inhouseOn: true, onlineOn: false } });

    const older = await mustCall<{ entries: Entry[] }>(s.url, 'getAuditLog', { limit: 2, before: entries[1].at }, { cookie });
    expect(older.entries.every((e) => e.at < entries[1].at)).toBe(true);
  });

  it('does not record refused actions, and patients cannot read it', async () => {
    const cookie = await staffCookie(s.url, s.store);
    const refused = await callFn(s.url, 'startOnlineReception', {}, { cookie });
    expect(refused.status).toBe(400);
    const { entries } = await mustCall<{ entries: Entry[] }>(s.url, 'getAuditLog', {}, { cookie });
    expect(entries.map((e) => e.action)).toEqual(['login']);
    const patient = await pwaPatient(s.url);
    expect((await callFn(s.url, 'getAuditLog', {}, { token: patient.token })).status).toBe(403);
  });

  it('records sign-out', async () => {
    const cookie = await staffCookie(s.url, s.store);
    await fetch(`${s.url}/api/staff/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    const again = await staffCookie(s.url, s.store);
    const { entries } = await mustCall<{ entries: Entry[] }>(s.url, 'getAuditLog', {}, { cookie: again });
    expect(entries.map((e) => e.action)).toContain('logout');
  });
});
