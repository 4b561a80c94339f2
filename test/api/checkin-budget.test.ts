/**
 * The wrong-code budgets of check-in (decision 059) over real HTTP on both stores: besides the patient's own,
 * one per address (identities minted on one address share it; the clinic's trusted network is exempt) and
 * one per reception session. Each try takes its units before its code is compared, so tries arriving
 * together compare at most the budget's worth: counted here by the answers, a compared wrong code being
 * "wrong code" and an uncompared one "too many".
 */
import { describe, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatients } from '../support/client.js';
import { describeStores } from '../support/stores.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { monitorCode, monitorWindow } from '../../src/server/domain/arrival/codes.js';
import { type ArrivalClinic, useArrivalClinic } from './arrival-support.js';

const WRONG = { error: { status: 'FAILED_PRECONDITION', message: label(staffLabels, 'ja', 'error.checkinCodeWrong') } };
const LIMITED = { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedChanges') } };
/** Set-up only: minting and numbers are not what these tests limit. */
const ROOMY = { RATE_LIMIT_IDENTITIES_PER_HOUR: '1000', RATE_LIMIT_TICKETS_PER_HOUR: '1000', RATE_LIMIT_NUMBERS_PER_ADDRESS_SESSION: '1000' };

/** `count` fresh app patients on this machine's one address, each holding a number. */
async function patients(clinic: ArrivalClinic, count: number) {
  const minted = await pwaPatients(clinic.server.url, count);
  const held = [];
  for (let i = 0; i < minted.length; i += 50) {
    held.push(
      ...(await Promise.all(
        minted.slice(i, i + 50).map(async (p) => ({ ...p, ...(await mustCall<{ slotId: string }>(clinic.server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: p.token })) })),
      )),
    );
  }
  return held;
}

/** A four-digit code that is none of the monitor's codes in force (and so wrong). */
async function wrongCode(clinic: ArrivalClinic): Promise<string> {
  await clinic.setup();
  const secret = (await clinic.secret())!;
  const window = monitorWindow(clinic.clock.now().getTime());
  const inForce = [monitorCode(secret, window), monitorCode(secret, window - 1)];
  return ['0000', '0001', '0002'].find((c) => !inForce.includes(c))!;
}

const tally = (answers: { body: unknown }[]) => ({
  wrong: answers.filter((a) => JSON.stringify(a.body) === JSON.stringify(WRONG)).length,
  limited: answers.filter((a) => JSON.stringify(a.body) === JSON.stringify(LIMITED)).length,
});

describeStores('check-in wrong-code budgets', (kind) => {
  describe('one address, default budgets (10 an hour per address, 100 a session)', () => {
    const clinic = useArrivalClinic(kind, ROOMY);
    const checkIn = (p: { token: string; slotId: string }, code: string) => callFn(clinic.server.url, 'checkIn', { slotId: p.slotId, code }, { token: p.token });

    it('300 simultaneous wrong codes from 150 fresh identities compare only the address’s 10', async () => {
      const code = await wrongCode(clinic);
      // A session holds 200 numbers: 150 identities, each sending two tries at once (well within their own 20).
      const crowd = await patients(clinic, 150);
      const answers = await Promise.all([...crowd, ...crowd].map((p) => checkIn(p, code)));
      expect(tally(answers)).toEqual({ wrong: 10, limited: 290 });
    }, 120_000);

    it('shares the address’s budget across identities: past it every code is refused alike, right or wrong; staff still check in', async () => {
      const code = await wrongCode(clinic);
      const { deskCode } = await clinic.setup();
      const crowd = await patients(clinic, 13);
      const answers = [];
      for (const p of crowd.slice(0, 11)) answers.push(await checkIn(p, code));
      expect(tally(answers)).toEqual({ wrong: 10, limited: 1 });
      // A right code from a fresh identity on the same address: refused as the wrong ones are, nothing written.
      const before = await clinic.version();
      expect((await checkIn(crowd[11], deskCode)).body).toEqual(LIMITED);
      expect(await clinic.version()).toBe(before);
      expect(await clinic.slot(crowd[11].slotId)).toMatchObject({ arrived_at: null });
      await clinic.staff('markArrived', { slotId: crowd[12].slotId, arrived: true });
      expect(await clinic.slot(crowd[12].slotId)).toMatchObject({ arrived_by: 'staff' });
    });

    it('gives the units of a right code back', async () => {
      const { deskCode } = await clinic.setup();
      const code = await wrongCode(clinic);
      const crowd = await patients(clinic, 12);
      for (const p of crowd.slice(0, 2)) expect((await checkIn(p, deskCode)).status).toBe(200);
      const answers = [];
      for (const p of crowd.slice(2)) answers.push(await checkIn(p, code));
      expect(tally(answers)).toEqual({ wrong: 10, limited: 0 });
    });
  });

  describe('on the clinic’s trusted network, with a session budget of 15', () => {
    const clinic = useArrivalClinic(kind, { ...ROOMY, RATE_LIMIT_TRUSTED: '127.0.0.1', RATE_LIMIT_CHECKIN_WRONG_PER_SESSION: '15' });
    const checkIn = (p: { token: string; slotId: string }, code: string) => callFn(clinic.server.url, 'checkIn', { slotId: p.slotId, code }, { token: p.token });

    it('is exempt from the address’s budget, not from the session’s: 15 wrong codes compared in all, then none', async () => {
      const code = await wrongCode(clinic);
      const crowd = await patients(clinic, 18);
      const answers = [];
      for (const p of crowd.slice(0, 17)) answers.push(await checkIn(p, code));
      expect(tally(answers)).toEqual({ wrong: 15, limited: 2 });
      const { deskCode } = await clinic.setup();
      expect((await checkIn(crowd[17], deskCode)).body).toEqual(LIMITED);
    });
  });
});
