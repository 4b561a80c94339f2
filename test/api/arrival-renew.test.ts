/**
 * Renewing the check-in secrets, each on its own (docs/decisions/059), over real HTTP on both stores: new
 * codes void the old printed code and the monitor's old codes but leave the monitor plugged in (its key
 * stays); a new monitor key unplugs the monitor but leaves the printed code valid. Both audited, no code or
 * key in the line.
 */
import { describe, expect, it } from 'vitest';
import { callFn, mustCall } from '../support/client.js';
import { describeStores } from '../support/stores.js';
import { expectRefusal } from './api-support.js';
import { useArrivalClinic } from './arrival-support.js';

describeStores('renewing check-in secrets', (kind) => {
  describe('a clinic', () => {
    const clinic = useArrivalClinic(kind);
    const monitorCode = (monitorKey: string) => callFn<{ code: string; until: string }>(clinic.server.url, 'getMonitorCheckinCode', { monitorKey });
    const shownBy = async (monitorKey: string) => {
      const answer = await monitorCode(monitorKey);
      expect(answer.status).toBe(200);
      return 'result' in answer.body ? answer.body.result.code : '';
    };
    const checkIn = (token: string, slotId: string, code: string) => callFn(clinic.server.url, 'checkIn', { slotId, code }, { token });
    const audit = async () =>
      (await clinic.staff<{ entries: { action: string; target: string | null; before: unknown; after: unknown }[] }>('getAuditLog', { limit: 50 })).entries
        .filter((e) => e.action.startsWith('renew'))
        .map(({ action, target, before, after }) => ({ action, target, before, after }))
        .reverse();

    it('renews the codes: the old desk and monitor codes stop working, the monitor keeps its key and shows the new ones', async () => {
      const old = await clinic.setup();
      const oldShown = await shownBy(old.monitorKey);
      expect(await clinic.staff('renewCheckinCodes')).toEqual({ ok: true });
      const renewed = await clinic.setup();
      expect(renewed.monitorKey).toBe(old.monitorKey);
      expect(renewed.deskCode).toMatch(/^\d{6}$/);
      expect(renewed.deskLink).toBe(`${clinic.server.url}/line/my?checkin=${renewed.deskCode}`);
      // The monitor, not opened again, shows the new secret's code.
      const newShown = await shownBy(old.monitorKey);
      const me = await clinic.patient();
      // An old code is refused unless the new secret happens to give the same digits (1 in 10,000 / 1,000,000).
      for (const code of [old.deskCode, oldShown].filter((c) => ![renewed.deskCode, newShown].includes(c))) {
        expectRefusal(await checkIn(me.token, me.slotId, code), 'FAILED_PRECONDITION');
      }
      expect(await clinic.slot(me.slotId)).toMatchObject({ arrived_at: null });
      expect((await checkIn(me.token, me.slotId, newShown)).status).toBe(200);
      const other = await clinic.patient();
      expect((await checkIn(other.token, other.slotId, renewed.deskCode)).status).toBe(200);
      expect(await audit()).toEqual([{ action: 'renewCheckinCodes', target: null, before: null, after: null }]);
    });

    it('renews the monitor key alone: the old monitor is refused, the printed code and the monitor’s codes stay', async () => {
      const old = await clinic.setup();
      const shown = await shownBy(old.monitorKey);
      expect(await clinic.staff('renewMonitorKey')).toEqual({ ok: true });
      const renewed = await clinic.setup();
      expect(renewed.monitorKey).toMatch(/^[0-9a-f]{64}$/);
      expect(renewed.monitorKey).not.toBe(old.monitorKey);
      expect(renewed.deskCode).toBe(old.deskCode);
      expectRefusal(await monitorCode(old.monitorKey), 'PERMISSION_DENIED', 'モニターを開き直して');
      // Opened again with the new key, the monitor shows the same code: only the key changed.
      expect(await shownBy(renewed.monitorKey)).toBe(shown);
      const [me, other] = [await clinic.patient(), await clinic.patient()];
      expect((await checkIn(me.token, me.slotId, old.deskCode)).status).toBe(200);
      expect((await checkIn(other.token, other.slotId, shown)).status).toBe(200);
      expect(await audit()).toEqual([{ action: 'renewMonitorKey', target: null, before: null, after: null }]);
      // Patients cannot renew it.
      expectRefusal(await callFn(clinic.server.url, 'renewMonitorKey', {}, { token: me.token }), 'PERMISSION_DENIED');
      await mustCall(clinic.server.url, 'renewMonitorKey', {}, { cookie: clinic.cookie });
    });
  });
});
