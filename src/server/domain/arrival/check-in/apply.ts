/**
 * The patient checks in as arrived (来院確認, docs/decisions/048) with the code on the wall monitor or the
 * desk's printed QR code. A code is no credential: it only says "I am at the clinic". What keeps it honest
 * is that guessing costs: every wrong code spends a unit of the patient's change budget (decision 043,
 * kind 'checkin'), so a patient can try about 20 codes an hour, not 10,000.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import type { Database } from '../../../storage/schema.js';
import { activeSlot } from '../../../storage/slot-row.js';
import { type PatientBudget, refuseWhenSpent, spendBudget, spendOnRefusal } from '../../patient-change.js';
import { checkinCodeMatches } from '../codes.js';
import { type CheckInDecision, type CheckInRow, decideCheckIn } from './rule.js';

function readRow(db: Kysely<Database>, slotId: string): Promise<CheckInRow | undefined> {
  // One statement (patient-change.ts says why): the slot, with the runtime row's session and secret beside it.
  return db
    .selectFrom('reservation_slots')
    .select(['owner_id', 'session_id', 'arrived_at'])
    .select((eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1).as('current_session_id'))
    .select((eb) => eb.selectFrom('runtime').select('checkin_secret').where('runtime.id', '=', 1).as('checkin_secret'))
    .where('id', '=', slotId)
    .where(activeSlot)
    .executeTakeFirst();
}

export interface CheckInOptions {
  store: Store;
  ownerId: string;
  slotId: string;
  code: string;
  /** The server's clock (deps.clock): which monitor codes are in force. */
  nowMs: number;
  budget?: PatientBudget;
}

/**
 * Decided first on a plain read: a refusal for the slot, a spent budget and "already checked in" open no
 * write. Past the budget every code is refused alike, right or wrong, so the refusal says nothing about
 * the code. A wrong code takes its unit in a statement of its own (no write, no version). A right one
 * arrives in one write that re-decides under the lock and spends its unit there.
 */
export async function checkIn({ store, ownerId, slotId, code, nowMs, budget }: CheckInOptions): Promise<{ ok: true; arrivedAt: string }> {
  const decide = (row: CheckInRow | undefined) => decideCheckIn(row, ownerId, checkinCodeMatches(row?.checkin_secret ?? null, code, nowMs));
  const seen = await readRow(store.db, slotId);
  // Not found is answered before the budget: it tells nothing about any code and spends nothing.
  decideCheckIn(seen, ownerId, true);
  await refuseWhenSpent(store.db, budget);
  let first: CheckInDecision;
  try {
    first = decide(seen);
  } catch (err) {
    if (err instanceof AppError && err.messageKey === 'error.checkinCodeWrong') await spendOnRefusal(store.db, budget);
    throw err;
  }
  if (first.kind === 'already') return { ok: true, arrivedAt: first.arrivedAt };
  try {
    return await store.write(async ({ tx, emit, now }) => {
      const decision = decide(await readRow(tx, slotId));
      // A check-in that landed meanwhile (a second tap, or staff): roll back, so no version is bumped.
      if (decision.kind === 'already') throw new AlreadyArrived(decision.arrivedAt);
      await spendBudget(tx, budget);
      await tx.updateTable('reservation_slots').set({ arrived_at: now, arrived_by: 'patient', updated_at: now }).where('id', '=', slotId).execute();
      emit({ type: 'slotMarked', slotId });
      return { ok: true as const, arrivedAt: now };
    });
  } catch (err) {
    if (err instanceof AlreadyArrived) return { ok: true, arrivedAt: err.arrivedAt };
    throw err;
  }
}

class AlreadyArrived extends Error {
  constructor(readonly arrivedAt: string) {
    super('already arrived');
  }
}
