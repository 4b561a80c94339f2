/**
 * The number this phone took last through LINE (local key latestReservationLine), for the
 * /line/reserved confirmation. Numbers are per reception day, so yesterday's is not shown as a confirmation.
 */
import type { MyReservation } from '../../shared/schemas/functions.js';
import { tokyoDay } from '../../shared/time/tokyo.js';
import { readJson, removeKey, writeJson } from '../patient/storage.js';

export const LATEST_RESERVATION_KEY = 'latestReservationLine';

export type StoredReservation = Pick<MyReservation, 'slotId' | 'reservationNumber' | 'reservedAt' | 'movedFrom'> & {
  /** A family's numbers taken together (decision 053), in queue order; absent for one number. */
  family?: Pick<MyReservation, 'slotId' | 'reservationNumber' | 'memberName' | 'movedFrom'>[];
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

type Moved = Pick<MyReservation, 'slotId' | 'reservationNumber' | 'movedFrom'>;

/** The card a stored number became: one that moved from it, or from the number it had itself moved from. */
function movedTo(cards: readonly MyReservation[], was: Moved): MyReservation | undefined {
  return cards.find((c) => c.movedFrom !== undefined && c.slotId !== was.slotId && (c.movedFrom === was.reservationNumber || c.movedFrom === was.movedFrom));
}

const follow = <T extends Moved>(was: T, now: MyReservation | undefined): T =>
  now ? { ...was, slotId: now.slotId, reservationNumber: now.reservationNumber, movedFrom: now.movedFrom } : was;

/**
 * Staff may move a number to another queue (decision 067): when the my page reads the card the stored
 * number became, the confirmation follows it, showing the new number and the one it moved from. A card
 * that did not come from a stored number changes nothing.
 */
export function followMove(card: MyReservation, family: MyReservation[] | null | undefined): void {
  const stored = latestReservation();
  if (!stored) return;
  const cards = family?.length ? family : [card];
  const first = movedTo(cards, stored);
  const members = stored.family?.map((m) => follow(m, movedTo(cards, m)));
  if (!first && !members?.some((m, i) => m !== stored.family![i])) return;
  writeJson('local', LATEST_RESERVATION_KEY, { ...follow(stored, first), family: members });
}

/** After a cancel: the confirmation of a cancelled number would mislead. */
export function forgetReservation(slotId: string): void {
  if (readJson<StoredReservation>('local', LATEST_RESERVATION_KEY)?.slotId === slotId) {
    removeKey('local', LATEST_RESERVATION_KEY);
  }
}
