/**
 * The limits a patient's number spends. The patient's own limit is part of the rule (rule.ts); the
 * address's counters are units reserved here, inside the allocation's own write transaction: writes take
 * turns on the runtime row (decision 001), so the counters see every number taken before, in any process,
 * and commit or roll back with the number. Described as plain data by the caller (the HTTP side knows the
 * client's address and whether it is trusted); the domain knows no requests.
 */
import type { Transaction } from 'kysely';
import { type Counter, inWindow, refund, reserve } from '../../abuse/limits.js';
import type { TicketQuota } from '../../abuse/ticket-quota.js';
import { AppError } from '../../errors.js';
import type { Database } from '../../storage/schema.js';

const HOUR = 3600_000;

// Declared in abuse/ (its policy fills it and abuse/ does not import domain/); the allocation names it here.
export type { TicketQuota };

/** What every per-address counter of one session's numbers begins with. */
export const sessionCounterPrefix = (sessionId: string) => `session-numbers:${sessionId}:`;

/** The session whose numbers the address's counter counts. */
export interface QuotaSession {
  sessionId: string;
  /** When the session opened: the per-address counter of its numbers is dated by it. */
  openedAt: string;
}

/**
 * Spends the address's units of `count` numbers about to be taken (a family's members each count, decision
 * 053), once `decide` said take; the refusal (RESOURCE_EXHAUSTED), or null. All or none: a refusal gives
 * back every unit this call spent, so a refused request has spent nothing.
 */
export async function spendAddressQuota(
  tx: Transaction<Database>,
  address: NonNullable<TicketQuota['address']>,
  session: QuotaSession,
  now: string,
  count = 1,
): Promise<AppError | null> {
  const { key, ticketsPerHour, numbersPerSession } = address;
  const perHour = inWindow({ name: 'ticket', max: ticketsPerHour, windowMs: HOUR }, key, new Date(now));
  // Keyed by the session and dated by its opening, not by a clock window: a session's numbers are spent
  // once, whatever the hour. The retention job keeps it while the session is open (ops/retention.ts).
  const perSession = { key: `${sessionCounterPrefix(session.sessionId)}${key}`, windowStart: session.openedAt, max: numbersPerSession };
  const spent: Counter[] = [];
  const giveBack = async (error: AppError) => {
    for (const counter of spent) await refund(tx, counter);
    return error;
  };
  for (let i = 0; i < count; i++) {
    if (!(await reserve(tx, perHour))) return giveBack(new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedTickets'));
    spent.push(perHour);
    if (!(await reserve(tx, perSession))) return giveBack(new AppError('RESOURCE_EXHAUSTED', 'error.addressSessionLimit'));
    spent.push(perSession);
  }
  return null;
}
