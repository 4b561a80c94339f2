/**
 * The number this phone took last through LINE (local key latestReservationLine), for the
 * /line/reserved confirmation. Numbers are per reception day, so yesterday's is not shown as a confirmation.
 */
import type { MyReservation } from '../../shared/schemas/functions.js';
import { tokyoDay } from '../../shared/time/tokyo.js';
import { readJson, removeKey, writeJson } from '../patient/storage.js';

export const LATEST_RESERVATION_KEY = 'latestReservationLine';

export type StoredReservation = Pick<MyReservation, 'slotId' | 'reservationNumber' | 'reservedAt'> & {
  /** A family's numbers taken together (decision 053), in queue order; absent for one number. */
  family?: Pick<MyReservation, 'slotId' | 'reservationNumber' | 'memberName'>[];
};

export function rememberReservation({ slotId, reservationNumber, reservedAt }: StoredReservation, taken?: MyReservation[] | null): void {
  // The names stay on the patient's own phone: the confirmation lists them beside the numbers.
  const family = taken && taken.length > 1 ? taken.map((m) => ({ slotId: m.slotId, reservationNumber: m.reservationNumber, memberName: m.memberName ?? null })) : undefined;
  writeJson('local', LATEST_RESERVATION_KEY, { slotId, reservationNumber, reservedAt, family });
}

export function latestReservation(now: Date = new Date()): StoredReservation | null {
  const stored = readJson<StoredReservation>('local', LATEST_RESERVATION_KEY);
  if (!stored || typeof stored.reservationNumber !== 'number' || typeof stored.reservedAt !== 'string') return null;
  if (Number.isNaN(Date.parse(stored.reservedAt)) || tokyoDay(stored.reservedAt) !== tokyoDay(now)) return null;
  if (stored.family !== undefined && !Array.isArray(stored.family)) return { ...stored, family: undefined };
  return stored;
}

/** After a cancel: the confirmation of a cancelled number would mislead. */
export function forgetReservation(slotId: string): void {
  if (readJson<StoredReservation>('local', LATEST_RESERVATION_KEY)?.slotId === slotId) {
    removeKey('local', LATEST_RESERVATION_KEY);
  }
}
