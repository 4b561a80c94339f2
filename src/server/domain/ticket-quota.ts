/**
 * The limits a patient's number spends, checked inside the allocation's own write transaction: writes take
 * turns on the runtime row (decision 001), so the checks see every number taken before, in any process,
 * and the units reserved here commit or roll back with the number. Described as plain data by the caller
 * (the HTTP side knows the client's address and whether it is trusted); the domain knows no requests.
 */
import type { Transaction } from 'kysely';
import { inWindow, refund, reserve } from '../abuse/limits.js';
import { AppError } from '../errors.js';
import type { Database } from '../storage/schema.js';

const HOUR = 3600_000;

export interface TicketQuota {
  /** Numbers one patient may take in one reception session, cancelled ones included (never reused). */
  numbersPerPatientSession: number;
  /** Limits on the client's address (absent for a trusted network: the clinic's own Wi-Fi). */
  address?: {
    /** The address as limits key it (clientKey: IPv4 whole, IPv6 by /56). */
    key: string;
    ticketsPerHour: number;
    numbersPerSession: number;
  };
}

/** What the quota needs to know of the patient's session, read once for a whole batch of allocations. */
export interface QuotaSession {
  sessionId: string;
  /** When the session opened: the per-address counter of its numbers is dated by it. */
  openedAt: string;
  /** Numbers this patient already took in the session, cancelled ones included (never reused). */
  taken: number;
}

/**
 * Spends the limits of one number about to be taken, before it is taken; the refusal (RESOURCE_EXHAUSTED),
 * or null. A refusal leaves nothing spent: the address's units are only reserved once every check before
 * passed, and the first is given back when the second refuses. Runs in the allocation's transaction, so
 * the units commit or roll back with the number.
 */
export async function spendTicketQuota(tx: Transaction<Database>, quota: TicketQuota, session: QuotaSession, now: string): Promise<AppError | null> {
  if (session.taken >= quota.numbersPerPatientSession) return new AppError('RESOURCE_EXHAUSTED', 'error.patientSessionLimit');
  if (!quota.address) return null;
  const { key, ticketsPerHour, numbersPerSession } = quota.address;
  const perHour = inWindow({ name: 'ticket', max: ticketsPerHour, windowMs: HOUR }, key, new Date(now));
  if (!(await reserve(tx, perHour))) return new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedTickets');
  // Keyed by the session and dated by its opening (the retention job drops it a day later), not by a clock
  // window: a session's numbers are spent once, whatever the hour.
  const perSession = { key: `session-numbers:${session.sessionId}:${key}`, windowStart: session.openedAt, max: numbersPerSession };
  if (await reserve(tx, perSession)) return null;
  await refund(tx, perHour);
  return new AppError('RESOURCE_EXHAUSTED', 'error.addressSessionLimit');
}
