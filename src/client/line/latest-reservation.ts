/**
 * The number this phone took last through LINE (local key latestReservationLine), for the
 * /line/reserved confirmation. Numbers are per reception day, so yesterday's is not shown as a confirmation.
 */
import type { MyReservation } from '../../shared/schemas/functions.js';
import { tokyoDay } from '../../shared/time/tokyo.js';
import { readJson, removeKey, writeJson } from '../patient/storage.js';

export const LATEST_RESERVATION_KEY = 'latestReservationLine';

export type StoredReservation = Pick<MyReservation, 'slotId' | 'reservationNumber' | 'reservedAt'>;

export function rememberReservation({ slotId, reservationNumber, reservedAt }: StoredReservation): void {
  writeJson('local', LATEST_RESERVATION_KEY, { slotId, reservationNumber, reservedAt });
}

export function latestReservation(now: Date = new Date()): StoredReservation | null {
  const stored = readJson<StoredReservation>('local', LATEST_RESERVATION_KEY);
  if (!stored || typeof stored.reservationNumber !== 'number' || typeof stored.reservedAt !== 'string') return null;
  if (Number.isNaN(Date.parse(stored.reservedAt)) || tokyoDay(stored.reservedAt) !== tokyoDay(now)) return null;
  return stored;
}

/** After a cancel: the confirmation of a cancelled number would mislead. */
export function forgetReservation(slotId: string): void {
  if (readJson<StoredReservation>('local', LATEST_RESERVATION_KEY)?.slotId === slotId) {
    removeKey('local', LATEST_RESERVATION_KEY);
  }
}
