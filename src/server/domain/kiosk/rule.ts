/**
 * The entrance kiosk (docs/decisions/072), the rule: whether a kiosk's credential still admits, whether
 * staff may revoke one, and what the kiosk's screen says of reception — the desk's own two reasons, as
 * a kiosk takes numbers as the desk does.
 */
import type { KioskClosedReason, KioskQueue } from '../../../shared/schemas/kiosk.js';
import { AppError } from '../../errors.js';
import type { KioskDeviceTable } from '../../storage/schema.js';

type KioskFacts = Pick<KioskDeviceTable, 'revoked_at'>;

/** Made once: every call of a revoked kiosk hears the same words, whatever it asked. */
export const KIOSK_REVOKED = new AppError('PERMISSION_DENIED', 'error.kioskRevoked');

/**
 * The kiosk a valid signature names, while staff have not revoked it. A row that is gone (a store restored
 * from a backup, which holds no kiosk) is refused as a revoked one: either way staff must make it again.
 */
export function decideKiosk<R extends KioskFacts>(row: R | undefined): R {
  if (!row || row.revoked_at !== null) throw KIOSK_REVOKED;
  return row;
}

/** Staff revoke a kiosk of the list once; a second revoke (another screen, a double tap) changes nothing and says so. */
export function decideRevoke<R extends KioskFacts>(row: R | undefined): R {
  if (!row) throw new AppError('NOT_FOUND', 'error.kioskNotFound');
  if (row.revoked_at !== null) throw new AppError('FAILED_PRECONDITION', 'error.kioskAlreadyRevoked');
  return row;
}

export interface KioskReceptionFacts {
  inhouseOn: boolean;
  sessionId: string | null;
  /** Each live queue with the number the desk's next walk-in there would take (null: none left). */
  queues: { id: string; nameJa: string; nameEn: string; nextFree: number | null }[];
}

/**
 * Closed to the desk (in-house reception stopped, or no session yet) closes every queue for the same
 * reason; otherwise a queue whose numbers are all issued is closed alone, and the kiosk as a whole only
 * when every queue is.
 */
export function kioskReception(facts: KioskReceptionFacts): { closed: KioskClosedReason | null; queues: KioskQueue[] } {
  const stopped = !facts.inhouseOn || facts.sessionId === null;
  const queues = facts.queues.map(({ id, nameJa, nameEn, nextFree }) => ({
    id,
    nameJa,
    nameEn,
    closed: stopped ? ('stopped' as const) : nextFree === null ? ('noneLeft' as const) : null,
  }));
  const closed = stopped ? 'stopped' : queues.every((q) => q.closed !== null) ? 'noneLeft' : null;
  return { closed, queues };
}

/** Who the audit trail names for a kiosk's number and ticket: the kiosk, as no staff member stands there. */
export const kioskActor = (kiosk: Pick<KioskDeviceTable, 'name'>) => ({ id: null, username: `キオスク「${kiosk.name}」` });
