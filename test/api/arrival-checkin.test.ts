/**
 * The patient's check-in (来院確認, docs/decisions/048) over real HTTP on both stores: the monitor's code of
 * this window and the one before, the desk's printed code, from either channel; a stale or wrong code
 * refused with the catalogue message, changing nothing but the patient's budget; a second check-in and
 * someone else's slot writing nothing; guessing stopped by the budget.
 */
import { describe, expect, it } from 'vitest';
import { callFn, mustCall } from '../support/client.js';
import { describeStores } from '../support/stores.js';
import { openSse } from '../support/sse.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { monitorCode, monitorWindow } from '../../src/server/domain/arrival/codes.js';
import { expectRefusal, signedLinePatient } from './api-support.js';
import { useArrivalClinic } from './arrival-support.js';
import { patientCounterSubject } from '../support/counters.js';

const FIVE_MINUTES = 5 * 60_000;
const wrongCode = { error: { status: 'FAILED_PRECONDITION', message: label(staffLabels, 'ja', 'error.checkinCodeWrong') } };
const overBudget = { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedChanges') } };

describeStores('check-in', (kind) => {
  describe('with codes', () => {
    const clinic = useArrivalClinic(kind);
    const checkIn = (token: string, slotId: string, code: string) => callFn(clinic.server.url, 'checkIn', { slotId, code }, { token });
    const monitor = async () => mustCall<{ code: string; until: string }>(clinic.server.url, 'getMonitorCheckinCode', { monitorKey: (await clinic.setup()).monitorKey });
    const counters = () => clinic.server.store.db.selectFrom('rate_counters').select(['key', 'count']).where('key', 'like', 'patient-checkin:%').execute();

    it('takes the monitor’s code of this window and of the one before, refuses it two windows on; staff see the check-in at once', async () => {
      const [first, second, third] = [await clinic.patient(), await clinic.patient(), await clinic.patient()];
      const shown = await monitor();
      expect(shown.code).toMatch(/^\d{4}$/);
      expect(shown.until).toBe('2026-11-22T03:05:00.000Z');
      const staffStream = await openSse(`${clinic.server.url}/api/live/admin`, { cookie: clinic.cookie });
      try {
        expect((await checkIn(first.token, first.slotId, shown.code)).body).toEqual({ result: { ok: true, arrivedAt: '2026-11-22T03:00:00.000Z' } });
        const frame = await staffStream.next((e) => e.event === 'admin' && (JSON.parse(e.data) as { slots: { id: string; arrivedAt: string | null }[] }).slots.some((s) => s.id === first.slotId && s.arrivedAt));
        expect((JSON.parse(frame.data) as { slots: { id: string; arrivedBy: string }[] }).slots.find((s) => s.id === first.slotId)!.arrivedBy).toBe('patient');
      } finally {
        staffStream.close();
      }
      expect(await clinic.slot(first.slotId)).toMatchObject({ arrived_at: '2026-11-22T03:00:00.000Z', arrived_by: 'patient' });

      // The next window: the monitor shows a new code, and the one read just before still works.
      await clinic.clock.advance(FIVE_MINUTES);
      expect((await monitor()).until).toBe('2026-11-22T03:10:00.000Z');
      expect((await checkIn(second.token, second.slotId, shown.code)).body).toEqual({ result: { ok: true, arrivedAt: '2026-11-22T03:05:00.000Z' } });

      // Two windows on it is stale (moved on further while it happens to equal a code in force again).
      const secret = (await clinic.secret())!;
      do await clinic.clock.advance(FIVE_MINUTES);
      while ([0, 1].some((back) => monitorCode(secret, monitorWindow(clinic.clock.now().getTime()) - back) === shown.code));
      const before = await clinic.version();
      expect((await checkIn(third.token, third.slotId, shown.code)).body).toEqual(wrongCode);
      expect(await clinic.slot(third.slotId)).toMatchObject({ arrived_at: null, arrived_by: null });
      expect(await clinic.version()).toBe(before);
    });

    it('takes the desk’s printed code from a LINE patient and full-width digits from an app patient', async () => {
      const { deskCode } = await clinic.setup();
      const line = await signedLinePatient(clinic.server);
      const taken = await mustCall<{ slotId: string }>(clinic.server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: line.token });
      expect((await checkIn(line.token, taken.slotId, deskCode)).status).toBe(200);
      expect(await clinic.slot(taken.slotId)).toMatchObject({ arrived_by: 'patient' });
      const app = await clinic.patient();
      const fullWidth = [...deskCode].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
      expect((await checkIn(app.token, app.slotId, ` ${fullWidth} `)).status).toBe(200);
      expect(await clinic.slot(app.slotId)).toMatchObject({ arrived_by: 'patient' });
    });

    it('refuses a wrong code with the catalogue message: nothing changes but one unit of the patient’s budget', async () => {
      const { deskCode } = await clinic.setup();
      const me = await clinic.patient();
      const row = await clinic.slot(me.slotId);
      const before = await clinic.version();
      const wrong = deskCode === '000000' ? '000001' : '000000';
      const answer = await checkIn(me.token, me.slotId, wrong);
      expectRefusal(answer, 'FAILED_PRECONDITION', '来院確認コードが違うか、古くなっています');
      expect(answer.body).toEqual(wrongCode);
      expect((await checkIn(me.token, me.slotId, 'abcd')).body).toEqual(wrongCode);
      expect(await clinic.slot(me.slotId)).toEqual(row);
      expect(await clinic.version()).toBe(before);
      expect(await counters()).toEqual([{ key: `patient-checkin:${patientCounterSubject(clinic.server.dataDir, me.uid)}`, count: 2 }]);
    });

    it('writes nothing for a second check-in, nor for someone else’s or a missing slot', async () => {
      const { deskCode } = await clinic.setup();
      const me = await clinic.patient();
      const first = await mustCall<{ arrivedAt: string }>(clinic.server.url, 'checkIn', { slotId: me.slotId, code: deskCode }, { token: me.token });
      const stranger = await clinic.patient();
      await clinic.clock.advance(60_000);
      const before = await clinic.version();
      expect((await checkIn(me.token, me.slotId, deskCode)).body).toEqual({ result: { ok: true, arrivedAt: first.arrivedAt } });
      const notFound = { error: { status: 'NOT_FOUND', message: label(staffLabels, 'ja', 'error.reservationNotFound') } };
      // Right code or wrong, someone else's reservation reads as missing.
      expect((await checkIn(stranger.token, me.slotId, deskCode)).body).toEqual(notFound);
      expect((await checkIn(stranger.token, me.slotId, '0000')).body).toEqual(notFound);
      expect((await checkIn(me.token, 'no-such-slot', deskCode)).body).toEqual(notFound);
      expect(await clinic.version()).toBe(before);
      expect(await clinic.slot(stranger.slotId)).toMatchObject({ arrived_at: null });
      // The refusals for the slot spent nothing, and a right code gives back the unit it took (decision 059).
      expect(await counters()).toEqual([{ key: `patient-checkin:${patientCounterSubject(clinic.server.dataDir, me.uid)}`, count: 0 }]);
    });

    it('refuses a cancelled reservation as not found', async () => {
      const { deskCode } = await clinic.setup();
      const me = await clinic.patient();
      await clinic.staff('markSlot', { slotId: me.slotId, action: 'delete' });
      expectRefusal(await checkIn(me.token, me.slotId, deskCode), 'NOT_FOUND');
    });
  });

  // RATE_LIMIT=off removes load limits, not this one: a wrong code is a guess (decision 048).
  describe('with a budget of 3 changes an hour and RATE_LIMIT=off', () => {
    const clinic = useArrivalClinic(kind, { RATE_LIMIT: 'off', RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '3' });

    it('stops guessing: past the budget every code is refused alike, right or wrong, and staff can still check the patient in', async () => {
      const { deskCode } = await clinic.setup();
      const me = await clinic.patient();
      // Four-digit guesses that are not the monitor's codes in force: all wrong.
      const secret = (await clinic.secret())!;
      const window = monitorWindow(clinic.clock.now().getTime());
      const inForce = [monitorCode(secret, window), monitorCode(secret, window - 1)];
      const guesses = ['0000', '0001', '0002', '0003', '0004', '0005'].filter((code) => !inForce.includes(code)).slice(0, 4);
      const answers = [];
      for (const code of guesses) answers.push((await callFn(clinic.server.url, 'checkIn', { slotId: me.slotId, code }, { token: me.token })).body);
      expect(answers).toEqual([wrongCode, wrongCode, wrongCode, overBudget]);
      const before = await clinic.version();
      expect((await callFn(clinic.server.url, 'checkIn', { slotId: me.slotId, code: deskCode }, { token: me.token })).body).toEqual(overBudget);
      expect(await clinic.version()).toBe(before);
      expect(await clinic.slot(me.slotId)).toMatchObject({ arrived_at: null });
      // Another patient's budget is their own.
      const other = await clinic.patient();
      expect((await callFn(clinic.server.url, 'checkIn', { slotId: other.slotId, code: deskCode }, { token: other.token })).status).toBe(200);
      await clinic.staff('markArrived', { slotId: me.slotId, arrived: true });
      expect(await clinic.slot(me.slotId)).toMatchObject({ arrived_by: 'staff' });
    });
  });
});
