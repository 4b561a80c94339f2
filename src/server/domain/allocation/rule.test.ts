/** The rule of taking a number, without a store: every refusal, its order, and what the early path needs. */
import { describe, expect, it } from 'vitest';
import { type AllocationAsk, decide, type Decision, noNumberFor, onlineNumberAfter, type PatientFacts, type ReceptionFacts } from './rule.js';

const open: ReceptionFacts = { inhouseOn: true, onlineOn: true, sessionId: 's1', freeLeft: true, onlineFreeLeft: true, onlineTaken: 0, onlineCap: 0, familyMax: 1 };
const patient: AllocationAsk = { reservedType: 'LINE', ownerId: 'U1' };
const walkIn: AllocationAsk = { reservedType: 'ADMIN', ownerId: null };
const fresh: PatientFacts = { active: false, taken: 0 };
/** The refusal's label, 'take', or 'needs patient'. */
const said = (d: Decision) => ('refuse' in d ? d.refuse.messageKey : 'take' in d ? 'take' : 'needs patient');

describe('decide', () => {
  it('gives a number to a walk-in and to a patient with nothing held while numbers are left', () => {
    expect(said(decide(open, walkIn, undefined))).toBe('take');
    expect(said(decide(open, patient, fresh))).toBe('take');
  });

  it('refuses everyone once in-house reception is off or no session is open, each in their own words', () => {
    for (const reception of [{ ...open, inhouseOn: false }, { ...open, sessionId: null }]) {
      expect(said(decide(reception, walkIn, undefined))).toBe('admin.inhouseStopped');
      expect(said(decide(reception, patient, fresh))).toBe('error.onlineStopped');
      // Closed is said before anything about the patient is known: the early path needs no read.
      expect(said(decide(reception, patient, undefined))).toBe('error.onlineStopped');
    }
  });

  it('refuses patients but not the desk when online reception is off', () => {
    const offline = { ...open, onlineOn: false };
    expect(said(decide(offline, { reservedType: 'PWA', ownerId: 'PWA_1' }, fresh))).toBe('error.onlineStopped');
    expect(said(decide(offline, walkIn, undefined))).toBe('take');
  });

  it('asks for the patient before saying anything that depends on them', () => {
    expect(said(decide(open, patient, undefined))).toBe('needs patient');
    expect(said(decide({ ...open, freeLeft: false }, patient, undefined))).toBe('needs patient');
  });

  it('tells a patient who holds a number so, also once none are left ("none left" would send them away)', () => {
    const holding = { active: true, taken: 1 };
    expect(said(decide(open, patient, holding))).toBe('error.alreadyReserved');
    expect(said(decide({ ...open, freeLeft: false }, patient, holding))).toBe('error.alreadyReserved');
    expect(said(decide({ ...open, freeLeft: false }, patient, { active: false, taken: 1 }))).toBe('error.noFreeNumbers');
    expect(said(decide({ ...open, freeLeft: false }, walkIn, undefined))).toBe('error.noFreeNumbers');
  });

  it("counts a patient's numbers of the session, cancelled ones included, against their own limit", () => {
    const quotas = { numbersPerPatientSession: 2 };
    expect(said(decide(open, patient, { active: false, taken: 1 }, quotas))).toBe('take');
    expect(said(decide(open, patient, { active: false, taken: 2 }, quotas))).toBe('error.patientSessionLimit');
    // None left is said first: the limit is no reason to come back later.
    expect(said(decide({ ...open, freeLeft: false }, patient, { active: false, taken: 2 }, quotas))).toBe('error.noFreeNumbers');
    // Walk-ins belong to no patient and spend no patient's limit.
    expect(said(decide(open, walkIn, undefined, { numbersPerPatientSession: 0 }))).toBe('take');
    expect(said(decide(open, patient, { active: false, taken: 9 }))).toBe('take');
  });

  describe('numbers kept for the desk and the online cap (decision 049)', () => {
    const app: AllocationAsk = { reservedType: 'PWA', ownerId: 'PWA_1' };
    const keptOnly = { ...open, onlineFreeLeft: false };

    it('an online number passes over a kept one; without kept numbers it is the next one', () => {
      expect([0, 1, 2, 3, 4, 5].map((last) => onlineNumberAfter(last, 3))).toEqual([1, 2, 4, 4, 5, 7]);
      expect([0, 1, 2, 3].map((last) => onlineNumberAfter(last, 2))).toEqual([1, 3, 3, 5]);
      expect([0, 5, 9].map((last) => onlineNumberAfter(last, 0))).toEqual([1, 6, 10]);
    });

    it('refuses online with its own words while only kept numbers are left; the desk still takes one', () => {
      expect(said(decide(keptOnly, patient, fresh))).toBe('error.onlineNumbersUsedUp');
      expect(said(decide(keptOnly, app, fresh))).toBe('error.onlineNumbersUsedUp');
      expect(said(decide(keptOnly, walkIn, undefined))).toBe('take');
      // No number at all: today's words, for everyone.
      const none = { ...keptOnly, freeLeft: false };
      expect(said(decide(none, patient, fresh))).toBe('error.noFreeNumbers');
      expect(said(decide(none, walkIn, undefined))).toBe('error.noFreeNumbers');
    });

    it('refuses online once the cap is reached, cancelled numbers included in the count; the desk is not capped', () => {
      const capped = { ...open, onlineCap: 2 };
      expect(said(decide({ ...capped, onlineTaken: 1 }, patient, fresh))).toBe('take');
      expect(said(decide({ ...capped, onlineTaken: 2 }, patient, fresh))).toBe('error.onlineNumbersUsedUp');
      expect(said(decide({ ...capped, onlineTaken: 2 }, walkIn, undefined))).toBe('take');
      expect(said(decide({ ...open, onlineTaken: 500 }, patient, fresh))).toBe('take');
    });

    it('says "already booked" and "closed" first, and "used up" before the patient\'s own limit', () => {
      expect(said(decide(keptOnly, patient, { active: true, taken: 1 }))).toBe('error.alreadyReserved');
      expect(said(decide({ ...keptOnly, onlineOn: false }, patient, fresh))).toBe('error.onlineStopped');
      expect(said(decide(keptOnly, patient, { active: false, taken: 3 }, { numbersPerPatientSession: 1 }))).toBe('error.onlineNumbersUsedUp');
      // The early path needs the patient first, as with "none left".
      expect(said(decide(keptOnly, patient, undefined))).toBe('needs patient');
    });

    it('tells the early path whether any number is left for this request', () => {
      expect(noNumberFor(open, 'LINE')).toBeNull();
      expect(noNumberFor(keptOnly, 'LINE')?.messageKey).toBe('error.onlineNumbersUsedUp');
      expect(noNumberFor(keptOnly, 'ADMIN')).toBeNull();
      expect(noNumberFor({ ...open, freeLeft: false }, 'ADMIN')?.messageKey).toBe('error.noFreeNumbers');
    });
  });

  describe('families (decision 053)', () => {
    const families = { ...open, familyMax: 3 };
    const three: AllocationAsk = { ...patient, count: 3 };

    it('takes several numbers in one decision when the clinic allows that many and enough are free', () => {
      expect(said(decide(families, three, fresh))).toBe('take');
      expect(said(decide({ ...families, onlineFreeCount: 3 }, three, fresh))).toBe('take');
    });

    it('refuses more members than the setting, naming the setting, before anything about the patient', () => {
      const refused = decide(open, three, undefined);
      expect(said(refused)).toBe('error.familyTooLarge');
      expect('refuse' in refused && refused.refuse.params).toEqual({ max: 1 });
      expect(said(decide(families, { ...patient, count: 4 }, fresh))).toBe('error.familyTooLarge');
      // One number is never "too large", whatever the setting.
      expect(said(decide(open, { ...patient, count: 1 }, fresh))).toBe('take');
    });

    it('refuses the whole family when fewer online numbers are free than members, or the cap would be passed', () => {
      expect(said(decide({ ...families, onlineFreeCount: 2 }, three, fresh))).toBe('error.notEnoughForFamily');
      expect(said(decide({ ...families, onlineCap: 10, onlineTaken: 8 }, three, fresh))).toBe('error.notEnoughForFamily');
      expect(said(decide({ ...families, onlineCap: 10, onlineTaken: 7 }, three, fresh))).toBe('take');
      // None at all is said as for one number.
      expect(said(decide({ ...families, onlineFreeLeft: false, onlineFreeCount: 0 }, three, fresh))).toBe('error.onlineNumbersUsedUp');
      // The early view does not know the count: the lock decides.
      expect(said(decide(families, three, fresh))).toBe('take');
    });

    it('still refuses a patient who holds a number, and spends the per-patient limit once per member', () => {
      expect(said(decide(families, three, { active: true, taken: 1 }))).toBe('error.alreadyReserved');
      expect(said(decide(families, three, fresh, { numbersPerPatientSession: 2 }))).toBe('error.patientSessionLimit');
      expect(said(decide(families, three, { active: false, taken: 1 }, { numbersPerPatientSession: 3 }))).toBe('error.patientSessionLimit');
      expect(said(decide(families, three, { active: false, taken: 1 }, { numbersPerPatientSession: 4 }))).toBe('take');
    });
  });

  describe('take-and-cancel (decision 060)', () => {
    const limited: ReceptionFacts = { ...open, cancelLimit: 1 };
    const cancelled = (n: number): PatientFacts => ({ active: false, taken: n, cancelled: n });

    it('lets a patient cancel up to the setting and take again; one more cancellation sends them to the desk, naming the count', () => {
      expect(said(decide(limited, patient, cancelled(1)))).toBe('take');
      const refused = decide(limited, patient, cancelled(2));
      expect(said(refused)).toBe('error.cancelLimit');
      expect('refuse' in refused && refused.refuse.code).toBe('RESOURCE_EXHAUSTED');
      expect('refuse' in refused && refused.refuse.params).toEqual({ count: 2 });
      expect(said(decide({ ...open, cancelLimit: 3 }, patient, cancelled(3)))).toBe('take');
      expect(said(decide({ ...open, familyMax: 3, cancelLimit: 3 }, { ...patient, count: 2 }, cancelled(4)))).toBe('error.cancelLimit');
    });

    it('is off at 0 and when the setting is not known: unlimited, as before the setting', () => {
      expect(said(decide({ ...open, cancelLimit: 0 }, patient, cancelled(50)))).toBe('take');
      expect(said(decide(open, patient, cancelled(50)))).toBe('take');
    });

    it('never refuses the desk, and refuses nobody on cancellations it was not told (the early view)', () => {
      expect(said(decide(limited, walkIn, undefined))).toBe('take');
      expect(said(decide(limited, patient, { active: false, taken: 5 }))).toBe('take');
      expect(said(decide(limited, patient, undefined))).toBe('needs patient');
    });

    it('says what the early view would say first: closed, a number held, none left', () => {
      expect(said(decide({ ...limited, onlineOn: false }, patient, cancelled(2)))).toBe('error.onlineStopped');
      expect(said(decide(limited, patient, { active: true, taken: 3, cancelled: 2 }))).toBe('error.alreadyReserved');
      expect(said(decide({ ...limited, freeLeft: false }, patient, cancelled(2)))).toBe('error.noFreeNumbers');
      expect(said(decide({ ...limited, onlineFreeLeft: false }, patient, cancelled(2)))).toBe('error.onlineNumbersUsedUp');
      // Before the patient's own limit: the desk is the one place that still takes them.
      expect(said(decide(limited, patient, cancelled(2), { numbersPerPatientSession: 2 }))).toBe('error.cancelLimit');
    });
  });
});
