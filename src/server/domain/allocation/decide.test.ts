/** The rule of taking a number, without a store: every refusal, its order, and what the early path needs. */
import { describe, expect, it } from 'vitest';
import { type AllocationAsk, decide, type Decision, type PatientFacts, type ReceptionFacts } from './decide.js';

const open: ReceptionFacts = { inhouseOn: true, onlineOn: true, sessionId: 's1', freeLeft: true };
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
});
