/**
 * Staff's side of check-in (docs/decisions/048) over real HTTP on both stores: the setup (desk code and
 * link, monitor key; the secret made once), the monitor's code for its key only, staff's 来院確認 audited,
 * the absence and check-in settings saved audited and bad input refused (renewing: arrival-renew.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { callFn, mustCall } from '../support/client.js';
import { describeStores } from '../support/stores.js';
import { expectRefusal } from './api-support.js';
import { useArrivalClinic } from './arrival-support.js';

type AuditRow = { action: string; target: string | null; before: unknown; after: unknown };

describeStores('check-in setup', (kind) => {
  describe('a clinic', () => {
    const clinic = useArrivalClinic(kind);
    const audit = async (prefix: string) =>
      (await clinic.staff<{ entries: AuditRow[] }>('getAuditLog', { limit: 50 })).entries
        .filter((e) => e.action.startsWith(prefix))
        .map(({ action, target, before, after }) => ({ action, target, before, after }))
        .reverse();
    const monitorCode = (monitorKey: string) => callFn<{ code: string; until: string }>(clinic.server.url, 'getMonitorCheckinCode', { monitorKey });

    it('gives staff the settings, the desk code with its link and the monitor key; the secret is made once', async () => {
      expect(await clinic.secret()).toBeNull();
      const before = await clinic.version();
      const setup = await clinic.setup();
      expect(setup.settings).toEqual({ absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false });
      expect(setup.deskCode).toMatch(/^\d{6}$/);
      // No LIFF app and no PUBLIC_ORIGIN here: the /line page on the origin staff reached.
      expect(setup.deskLink).toBe(`${clinic.server.url}/line/my?checkin=${setup.deskCode}`);
      expect(setup.monitorKey).toMatch(/^[0-9a-f]{64}$/);
      expect(await clinic.version()).toBe(before + 1);
      expect(await clinic.setup()).toEqual(setup);
      expect(await clinic.version()).toBe(before + 1);
    });

    it('tells the monitor its code for the right key only, and never makes a secret for a wrong one', async () => {
      const guess = 'f'.repeat(64);
      expectRefusal(await monitorCode(guess), 'PERMISSION_DENIED', 'モニターを開き直して');
      expect(await clinic.secret()).toBeNull();
      const { monitorKey } = await clinic.setup();
      expectRefusal(await monitorCode(guess), 'PERMISSION_DENIED');
      // One character off is as wrong as any other guess.
      expectRefusal(await monitorCode(`${monitorKey.slice(0, 63)}${monitorKey.endsWith('0') ? '1' : '0'}`), 'PERMISSION_DENIED');
      // Anyone holding the key reads it: the monitor has no staff session once opened.
      const answer = await monitorCode(monitorKey);
      expect(answer.status).toBe(200);
      expect('result' in answer.body && answer.body.result).toMatchObject({ code: expect.stringMatching(/^\d{4}$/), until: '2026-11-22T03:05:00.000Z' });
    });

    it('lets staff check a patient in and take it back, audited; a repeat changes nothing', async () => {
      const me = await clinic.patient();
      const marked = await clinic.staff('markArrived', { slotId: me.slotId, arrived: true });
      expect(marked).toEqual({ ok: true, changed: true, arrivedAt: '2026-11-22T03:00:00.000Z' });
      expect(await clinic.slot(me.slotId)).toMatchObject({ arrived_at: '2026-11-22T03:00:00.000Z', arrived_by: 'staff' });
      expect(await clinic.staff('markArrived', { slotId: me.slotId, arrived: true })).toEqual({ ok: true, changed: false, arrivedAt: '2026-11-22T03:00:00.000Z' });
      expect(await clinic.staff('markArrived', { slotId: me.slotId, arrived: false })).toEqual({ ok: true, changed: true, arrivedAt: null });
      expect(await clinic.slot(me.slotId)).toMatchObject({ arrived_at: null, arrived_by: null });
      expect(await audit('markArrived')).toEqual([
        { action: 'markArrived', target: `#${me.reservationNumber} ${me.slotId}`, before: { arrived_at: null, arrived_by: null }, after: { arrived_at: '2026-11-22T03:00:00.000Z', arrived_by: 'staff' } },
        { action: 'markArrived.undo', target: `#${me.reservationNumber} ${me.slotId}`, before: { arrived_at: '2026-11-22T03:00:00.000Z', arrived_by: 'staff' }, after: { arrived_at: null, arrived_by: null } },
      ]);
    });

    it('keeps a patient’s own check-in when staff mark it again, and refuses a cancelled or missing row', async () => {
      const { deskCode } = await clinic.setup();
      const me = await clinic.patient();
      await mustCall(clinic.server.url, 'checkIn', { slotId: me.slotId, code: deskCode }, { token: me.token });
      expect(await clinic.staff('markArrived', { slotId: me.slotId, arrived: true })).toMatchObject({ changed: false });
      expect(await clinic.slot(me.slotId)).toMatchObject({ arrived_by: 'patient' });
      const gone = await clinic.patient();
      await clinic.staff('markSlot', { slotId: gone.slotId, action: 'delete' });
      expectRefusal(await callFn(clinic.server.url, 'markArrived', { slotId: gone.slotId, arrived: true }, { cookie: clinic.cookie }), 'FAILED_PRECONDITION');
      expectRefusal(await callFn(clinic.server.url, 'markArrived', { slotId: 'no-such-slot', arrived: true }, { cookie: clinic.cookie }), 'NOT_FOUND');
      expect(await clinic.slot(gone.slotId)).toMatchObject({ arrived_at: null });
      expect(await audit('markArrived')).toEqual([]);
    });

    it('saves the absence and check-in settings, audited, and refuses bad ones changing nothing', async () => {
      const settings = { absencePlaces: 0, absenceHoldAfter: 3, absentFirstUnarrived: true };
      expect(await clinic.staff('saveArrivalSettings', settings)).toEqual({ ok: true });
      expect((await clinic.setup()).settings).toEqual(settings);
      expect(await audit('saveArrivalSettings')).toEqual([
        { action: 'saveArrivalSettings', target: null, before: { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false }, after: settings },
      ]);
      const before = await clinic.version();
      const bad = [
        { ...settings, absencePlaces: 21 },
        { ...settings, absencePlaces: -1 },
        { ...settings, absencePlaces: 1.5 },
        { ...settings, absenceHoldAfter: 0 },
        { ...settings, absenceHoldAfter: 11 },
        { ...settings, absentFirstUnarrived: 'yes' },
        { absencePlaces: 5, absenceHoldAfter: 2 },
        { ...settings, extra: 1 },
      ];
      for (const payload of bad) {
        expectRefusal(await callFn(clinic.server.url, 'saveArrivalSettings', payload, { cookie: clinic.cookie }), 'INVALID_ARGUMENT');
      }
      expect(await clinic.version()).toBe(before);
      expect((await clinic.setup()).settings).toEqual(settings);
      expect(await audit('saveArrivalSettings')).toHaveLength(1);
    });
  });
});
