/**
 * The patient checks in as arrived (来院確認, docs/decisions/048) with the code on the wall monitor or the
 * desk's printed QR code. A code is no credential: it only says "I am at the clinic". What keeps it honest
 * is that guessing costs: every try takes a unit of the wrong-code budgets before its code is compared —
 * the patient's, their address's and the session's (decision 059) — and only a right code gives them back.
 */
import type { Kysely } from 'kysely';
import { type Counter, refund, reserve } from '../../../abuse/limits.js';
import type { Sealer } from '../../../auth/sealed.js';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import type { Database } from '../../../storage/schema.js';
import { activeSlot } from '../../../storage/slot-row.js';
import { checkinCodeMatches } from '../codes.js';
import { openKeys } from '../keys.js';
import { type CheckInRow, decideCheckIn } from './rule.js';
import { writeInSlotQueue } from '../../slot-queue.js';

function readRow(db: Kysely<Database>, slotId: string): Promise<CheckInRow | undefined> {
  // One statement (patient-change.ts says why): the slot, with the runtime row's session and secret beside it.
  return db
    .selectFrom('reservation_slots')
    .select(['owner_id', 'session_id', 'arrived_at'])
    .select((eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1).as('current_session_id'))
    .select((eb) => eb.selectFrom('runtime').select('checkin_secret').where('runtime.id', '=', 1).as('checkin_secret'))
    .select((eb) =>
      eb.selectFrom('reception_sessions').select('opened_at').whereRef('reception_sessions.id', '=', 'reservation_slots.session_id').as('session_opened_at'),
    )
    .where('id', '=', slotId)
    .where(activeSlot)
    .executeTakeFirst();
}

/** The counters one try takes a unit of, for the slot's session: none is skipped, even with RATE_LIMIT=off. */
export type CheckinGuesses = (session: { id: string; openedAt: string }) => Counter[];

export interface CheckInOptions {
  store: Store;
  /** The patient's uid; null for a desk number checked in from its printed ticket (../../ticket), which has no owner. */
  ownerId: string | null;
  slotId: string;
  code: string;
  /** The server's clock (deps.clock): which monitor codes are in force. */
  nowMs: number;
  guesses: CheckinGuesses;
  /** Opens the stored secret (keys.ts). */
  seal: Sealer;
}

const overBudget = () => new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedChanges');

/**
 * Takes a unit of every counter, one atomic statement each (abuse/limits.ts), or none: a refusal gives back
 * what it took. N tries arriving together thus compare at most the smallest budget's worth of codes.
 */
async function takeUnits(db: Kysely<Database>, counters: Counter[]): Promise<Counter[]> {
  const taken: Counter[] = [];
  for (const counter of counters) {
    if (!(await reserve(db, counter))) {
      for (const back of taken) await refund(db, back);
      throw overBudget();
    }
    taken.push(counter);
  }
  return taken;
}

/**
 * Not found is answered on a plain read before anything is spent. Then every try takes its units BEFORE
 * its code is compared; a wrong code keeps them spent, a right one gives them back (a right code is no
 * guess; what it writes is bounded by one check-in per number). Past any budget every code is refused
 * alike, right or wrong, so the refusal says nothing about the code. A right one arrives in one write that
 * re-decides under the lock.
 */
export async function checkIn({ store, ownerId, slotId, code, nowMs, guesses, seal }: CheckInOptions): Promise<{ ok: true; arrivedAt: string }> {
  const secretOf = (row: CheckInRow | undefined) => (row ? openKeys({ checkin_secret: row.checkin_secret, monitor_key: null }, seal).secret : null);
  const seen = await readRow(store.db, slotId);
  decideCheckIn(seen, ownerId, true);
  const taken = await takeUnits(store.db, guesses({ id: seen!.session_id, openedAt: seen!.session_opened_at ?? new Date(nowMs).toISOString() }));
  const right = checkinCodeMatches(secretOf(seen), code, nowMs);
  if (!right) throw new AppError('FAILED_PRECONDITION', 'error.checkinCodeWrong');
  for (const counter of taken) await refund(store.db, counter);
  const first = decideCheckIn(seen, ownerId, true);
  if (first.kind === 'already') return { ok: true, arrivedAt: first.arrivedAt };
  try {
    return await writeInSlotQueue(store, slotId, async ({ tx, emit, now }) => {
      const decision = decideCheckIn(await readRow(tx, slotId), ownerId, true);
      // A check-in that landed meanwhile (a second tap, or staff): roll back, so no version is bumped.
      if (decision.kind === 'already') throw new AlreadyArrived(decision.arrivedAt);
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
