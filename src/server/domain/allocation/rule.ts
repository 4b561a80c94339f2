/**
 * The rule of taking a number, in one place: who may take one now, and which refusal everyone else hears.
 * Pure: it reads only the facts it is given. Both the early refusal (the per-process view of reception,
 * before any lock: reception-view.ts) and the locked write (apply.ts) ask it, so they cannot disagree; the
 * early one simply knows less, and `decide` says when the rest of the answer needs the patient's facts.
 */
import type { ReservedType } from '../../../shared/queue/slot.js';
import { isKept } from '../../../shared/queue/kept-numbers.js';
import { overCancelLimit } from '../../../shared/queue/cancel-limit.js';
import { queueOpenAt, type QueueHours } from '../../../shared/queue/queue-hours.js';
import { AppError } from '../../errors.js';

/** Reception's switches and session, as the runtime row (or this process's view of it) has them. */
export interface ReceptionFacts {
  inhouseOn: boolean;
  onlineOn: boolean;
  sessionId: string | null;
  /** Some number of the session is still free. */
  freeLeft: boolean;
  /**
   * Some number an online request may take is still free: one above the last number taken in the session
   * that is not kept for the desk (decision 049). Without kept numbers, any number above the last one taken.
   */
  onlineFreeLeft: boolean;
  /** Numbers of the session taken online (LINE and the app), cancelled ones included (never reused). */
  onlineTaken: number;
  /** At most this many numbers of a session go online; 0: no cap. */
  onlineCap: number;
  /** Up to this many numbers one patient takes together (a family, decision 053); 1: one at a time. */
  familyMax: number;
  /** The queue is taken at the desk only (decision 061): a fever queue booked by phone. Absent: online too. */
  deskOnly?: boolean;
  /** The queue's own hours (decision 061); null or absent: the clinic's calendar alone decides. */
  hours?: QueueHours;
  /**
   * How many online numbers are free, counted up to what the ask wants: known under the lock (apply.ts),
   * absent in the early view (it knows only whether one is free; the lock decides a family's fit).
   */
  onlineFreeCount?: number;
  /**
   * Take-and-cancel (decision 060): a patient who cancelled more than this many of their numbers in the
   * session takes no more online; 0 = off. Absent in the early view, which never reads a patient's
   * cancellations: only the locked write refuses for it.
   */
  cancelLimit?: number;
}

/** What the patient already holds in the current session. */
export interface PatientFacts {
  /** Holds an active number (not cancelled, not yet accepted): the partial unique index's condition. */
  active: boolean;
  /** Numbers taken in the session, cancelled ones included (never reused). */
  taken: number;
  /** Their numbers they cancelled themselves in the session (LINE or the app; not one staff deleted); absent: not read. */
  cancelled?: number;
}

export interface AllocationAsk {
  /** When the ask is decided (the queue's own hours are read at it); absent: now. */
  at?: string | number;
  reservedType: ReservedType;
  /** The patient's uid; null for a walk-in ticket issued at the desk. */
  ownerId: string | null;
  /** How many numbers the request takes together (a family, decision 053); absent: one. */
  count?: number;
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
/** Online numbers of the session are used up (kept numbers left, or the cap reached): the desk still takes patients. */
export const ONLINE_USED_UP = new AppError('RESOURCE_EXHAUSTED', 'error.onlineNumbersUsedUp');
export const INHOUSE_STOPPED = new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped');
export const DESK_ONLY = new AppError('FAILED_PRECONDITION', 'error.queueDeskOnly');
const PATIENT_LIMIT = new AppError('RESOURCE_EXHAUSTED', 'error.patientSessionLimit');
/** Fewer online numbers left than the family's members, or the online cap would be passed: all or none. */
export const NOT_ENOUGH_FOR_FAMILY = new AppError('RESOURCE_EXHAUSTED', 'error.notEnoughForFamily');
/** Cancelled more of their numbers this session than the clinic allows (decision 060): made per count, the message names it. */
const cancelledTooOften = (count: number) => ({ refuse: new AppError('RESOURCE_EXHAUSTED', 'error.cancelLimit', { count }) });
/** More members than the clinic's setting allows (made per setting: the message names it). */
const familyTooLarge = (familyMax: number) => ({ refuse: new AppError('FAILED_PRECONDITION', 'error.familyTooLarge', { max: familyMax }) });

const NO_QUOTAS: Quotas = {};
// Decisions made once as well: the early refusal asks for one on every request of a burst.
const TAKE: Decision = { take: true };
const NEEDS_PATIENT: Decision = { needs: 'patient' };
const REFUSE_DESK_ONLY: Decision = { refuse: DESK_ONLY };
const REFUSE_QUEUE_CLOSED: Decision = { refuse: new AppError('FAILED_PRECONDITION', 'error.queueClosed') };
const refusal = (error: AppError): Decision => ({ refuse: error });
const [REFUSE_INHOUSE, REFUSE_ONLINE, REFUSE_BOOKED, REFUSE_NONE_LEFT, REFUSE_USED_UP, REFUSE_LIMIT, REFUSE_FAMILY_SHORT] = [
  INHOUSE_STOPPED,
  ONLINE_STOPPED,
  ALREADY_BOOKED,
  NONE_LEFT,
  ONLINE_USED_UP,
  PATIENT_LIMIT,
  NOT_ENOUGH_FOR_FAMILY,
].map(refusal);

/**
 * The number an online request takes after `lastTaken` (the highest number taken in the session, 0 for
 * none): the next one, or the one after it when the next is kept for the desk (decision 049). Online
 * numbers only ever join the end of the queue; a free number below the end is a kept one (or one a change
 * of the setting left behind), and only the desk fills it.
 */
export function onlineNumberAfter(lastTaken: number, keepEvery: number): number {
  const next = lastTaken + 1;
  return isKept(next, keepEvery) ? next + 1 : next;
}

/** NONE_LEFT when no number at all is free; for an online request ONLINE_USED_UP when none of its own is (or the cap is reached); else null. */
export function noNumberFor(reception: ReceptionFacts, reservedType: ReservedType): AppError | null {
  if (!reception.freeLeft) return NONE_LEFT;
  if (reservedType === 'ADMIN') return null;
  const capped = reception.onlineCap > 0 && reception.onlineTaken >= reception.onlineCap;
  return capped || !reception.onlineFreeLeft ? ONLINE_USED_UP : null;
}

/**
 * In order: reception closed to this channel; more members than the clinic allows together (decision 053);
 * the patient already holds a number (said also once none are left: "none left" would send away someone
 * who is in the queue); none left (for an online request: none of the online ones, or the online cap
 * reached, decision 049); for a family, fewer online numbers than members, or the cap would be passed (all
 * or none); take-and-cancel: a patient who cancelled more of their numbers this session than the clinic allows
 * is sent to the desk (decision 060; after "none left", so the early view, which never knows cancellations,
 * says what the lock would); the patient's own limit, which a family spends once per number.
 * `patient` is undefined when the caller has not read it: a walk-in has none to read.
 */
export function decide(reception: ReceptionFacts, ask: AllocationAsk, patient: PatientFacts | undefined, quotas: Quotas = NO_QUOTAS): Decision {
  if (!reception.inhouseOn || !reception.sessionId) return ask.reservedType === 'ADMIN' ? REFUSE_INHOUSE : REFUSE_ONLINE;
  if (ask.reservedType !== 'ADMIN' && !reception.onlineOn) return REFUSE_ONLINE;
  if (ask.reservedType !== 'ADMIN' && reception.deskOnly) return REFUSE_DESK_ONLY;
  // Outside the queue's own hours online is refused; the desk, where the patient stands, still decides.
  if (ask.reservedType !== 'ADMIN' && reception.hours && !queueOpenAt(reception.hours, ask.at ?? Date.now())) return REFUSE_QUEUE_CLOSED;
  const count = ask.count ?? 1;
  if (count > 1 && count > reception.familyMax) return familyTooLarge(reception.familyMax);
  if (ask.ownerId) {
    if (!patient) return NEEDS_PATIENT;
    if (patient.active) return REFUSE_BOOKED;
  }
  const none = noNumberFor(reception, ask.reservedType);
  if (none) return none === NONE_LEFT ? REFUSE_NONE_LEFT : REFUSE_USED_UP;
  if (count > 1) {
    const capPassed = reception.onlineCap > 0 && reception.onlineTaken + count > reception.onlineCap;
    if (capPassed || (reception.onlineFreeCount !== undefined && reception.onlineFreeCount < count)) return REFUSE_FAMILY_SHORT;
  }
  // The desk is never refused for it: it is where the patient is sent.
  if (ask.reservedType !== 'ADMIN' && patient?.cancelled !== undefined && overCancelLimit(patient.cancelled, reception.cancelLimit ?? 0)) {
    return cancelledTooOften(patient.cancelled);
  }
  const limit = quotas.numbersPerPatientSession;
  if (ask.ownerId && patient && limit !== undefined && patient.taken + count > limit) return REFUSE_LIMIT;
  return TAKE;
}
