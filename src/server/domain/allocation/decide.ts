/**
 * The rule of taking a number, in one place: who may take one now, and which refusal everyone else hears.
 * Pure: it reads only the facts it is given. Both the early refusal (the per-process view of reception,
 * before any lock: reception-view.ts) and the locked write (write.ts) ask it, so they cannot disagree; the
 * early one simply knows less, and `decide` says when the rest of the answer needs the patient's facts.
 */
import type { ReservedType } from '../../../shared/queue/slot.js';
import { AppError } from '../../errors.js';

/** Reception's switches and session, as the runtime row (or this process's view of it) has them. */
export interface ReceptionFacts {
  inhouseOn: boolean;
  onlineOn: boolean;
  sessionId: string | null;
  /** Some number of the session is still free. */
  freeLeft: boolean;
}

/** What the patient already holds in the current session. */
export interface PatientFacts {
  /** Holds an active number (not cancelled, not yet accepted): the partial unique index's condition. */
  active: boolean;
  /** Numbers taken in the session, cancelled ones included (never reused). */
  taken: number;
}

export interface AllocationAsk {
  reservedType: ReservedType;
  /** The patient's uid; null for a walk-in ticket issued at the desk. */
  ownerId: string | null;
}

export interface Quotas {
  /** Numbers one patient may take in one session, cancelled ones included (absent: no limit). */
  numbersPerPatientSession?: number;
}

export type Decision =
  | { take: true }
  | { refuse: AppError }
  /** The answer depends on what the patient holds, which the caller has not read (yet). */
  | { needs: 'patient' };

// The same refusals for everyone, made once: an AppError carries no stack (decision 022) and nothing
// changes one after it is made; 800 of an opening burst's answers are NONE_LEFT.
export const NONE_LEFT = new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
export const ALREADY_BOOKED = new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
export const ONLINE_STOPPED = new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
export const INHOUSE_STOPPED = new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped');
const PATIENT_LIMIT = new AppError('RESOURCE_EXHAUSTED', 'error.patientSessionLimit');

const NO_QUOTAS: Quotas = {};
// Decisions made once as well: the early refusal asks for one on every request of a burst.
const TAKE: Decision = { take: true };
const NEEDS_PATIENT: Decision = { needs: 'patient' };
const refusal = (error: AppError): Decision => ({ refuse: error });
const [REFUSE_INHOUSE, REFUSE_ONLINE, REFUSE_BOOKED, REFUSE_NONE_LEFT, REFUSE_LIMIT] = [INHOUSE_STOPPED, ONLINE_STOPPED, ALREADY_BOOKED, NONE_LEFT, PATIENT_LIMIT].map(refusal);

/**
 * In order: reception closed to this channel; the patient already holds a number (said also once none
 * are left: "none left" would send away someone who is in the queue); none left; the patient's own limit.
 * `patient` is undefined when the caller has not read it: a walk-in has none to read.
 */
export function decide(reception: ReceptionFacts, ask: AllocationAsk, patient: PatientFacts | undefined, quotas: Quotas = NO_QUOTAS): Decision {
  if (!reception.inhouseOn || !reception.sessionId) return ask.reservedType === 'ADMIN' ? REFUSE_INHOUSE : REFUSE_ONLINE;
  if (ask.reservedType !== 'ADMIN' && !reception.onlineOn) return REFUSE_ONLINE;
  if (ask.ownerId) {
    if (!patient) return NEEDS_PATIENT;
    if (patient.active) return REFUSE_BOOKED;
  }
  if (!reception.freeLeft) return REFUSE_NONE_LEFT;
  const limit = quotas.numbersPerPatientSession;
  if (ask.ownerId && patient && limit !== undefined && patient.taken >= limit) return REFUSE_LIMIT;
  return TAKE;
}
