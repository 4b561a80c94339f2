/**
 * The limits a patient's number spends, checked inside the allocation's own write transaction: writes take
 * turns on the runtime row (decision 001), so the checks see every number taken before, in any process,
 * and the units reserved here commit or roll back with the number. Described as plain data by the caller
 * (the HTTP side knows the client's address and whether it is trusted); the domain knows no requests.
 */
import type { Transaction } from 'kysely';
import { inWindow, reserve } from '../abuse/limits.js';
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

/** Throws RESOURCE_EXHAUSTED (rolling the transaction back) when this number would exceed a limit. */
export async function spendTicketQuota(
  tx: Transaction<Database>,
  quota: TicketQuota,
  sessionId: string,
  ownerId: string,
  now: string,
): Promise<void> {
  const session = await tx
    .selectFrom('reception_sessions')
    .select('opened_at')
    .select((eb) =>
      eb
        .selectFrom('reservation_slots')
        .select(eb.fn.countAll<number>().as('n'))
        .where('session_id', '=', sessionId)
        .where('owner_id', '=', ownerId)
        .as('taken'),
    )
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  if (Number(session.taken) >= quota.numbersPerPatientSession) {
    throw new AppError('RESOURCE_EXHAUSTED', 'error.patientSessionLimit');
  }
  if (!quota.address) return;
  const { key, ticketsPerHour, numbersPerSession } = quota.address;
  if (!(await reserve(tx, inWindow({ name: 'ticket', max: ticketsPerHour, windowMs: HOUR }, key, new Date(now))))) {
    throw new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedTickets');
  }
  // Keyed by the session and dated by its opening (the retention job drops it a day later), not by a clock
  // window: a session's numbers are spent once, whatever the hour.
  const perSession = { key: `session-numbers:${sessionId}:${key}`, windowStart: session.opened_at, max: numbersPerSession };
  if (!(await reserve(tx, perSession))) throw new AppError('RESOURCE_EXHAUSTED', 'error.addressSessionLimit');
}
