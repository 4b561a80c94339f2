/**
 * A change a patient can repeat as often as they like (docs/decisions/043-patient-write-budget.md). The
 * action's pure rule decides twice: first on a plain read outside the writers' lock, so that "already so"
 * and a refusal (a missing or someone else's slot) never open a write; then again inside the write, which
 * is what counts. Only a call that changes something spends a unit of the patient's budget, taken inside
 * the same transaction: the unit and the change commit or roll back together.
 */
import type { Kysely, Transaction } from 'kysely';
import { type Counter, isSpent, reserve } from '../abuse/limits.js';
import { AppError } from '../errors.js';
import type { Store, WriteContext } from '../storage/port.js';
import type { Database } from '../storage/schema.js';
import { writeInSlotQueue } from './slot-queue.js';

/** A counter of the patient's budget for this kind of change, or undefined when limits are off. */
export type PatientBudget = Counter | undefined;

const overBudget = () => new AppError('RESOURCE_EXHAUSTED', 'error.rateLimitedChanges');

/** Refuses, by a read alone, a change the budget has no unit left for: past the budget a flood writes nothing. */
export async function refuseWhenSpent(db: Kysely<Database>, budget: PatientBudget): Promise<void> {
  if (budget && (await isSpent(db, budget))) throw overBudget();
}

/** Takes the change's unit inside its transaction; refuses when a concurrent call took the last one. */
export async function spendBudget(tx: Transaction<Database>, budget: PatientBudget): Promise<void> {
  if (budget && !(await reserve(tx, budget))) throw overBudget();
}

export interface PatientChangeSteps<Row, Change> {
  /** The number changed: the write takes its queue's lock (decision 064). */
  slotId: string;
  /**
   * What the rule needs, in one statement: run on the plain pool outside the lock (one statement is one
   * consistent view, and on SQLite's single connection it holds the connection no longer than itself), then
   * in the write's transaction.
   */
  read(db: Kysely<Database>): Promise<Row>;
  /** The action's pure rule: the change, null for "already so", or a thrown refusal. */
  decide(row: Row, now: string): Change | null;
  /** Writes the decided change (and emits its events). */
  apply(ctx: WriteContext, change: Change): Promise<void>;
}

/** Rolls back a write whose re-check found nothing to change, so that it bumps no version. */
class Unchanged extends Error {}

/** Decides, and writes only a real change paid for from `budget`; whether anything changed. */
export async function writePatientChange<Row, Change>(store: Store, budget: PatientBudget, steps: PatientChangeSteps<Row, Change>): Promise<boolean> {
  if (steps.decide(await steps.read(store.db), new Date().toISOString()) === null) return false;
  await refuseWhenSpent(store.db, budget);
  try {
    await writeInSlotQueue(store, steps.slotId, async (ctx) => {
      const change = steps.decide(await steps.read(ctx.tx), ctx.now);
      if (change === null) throw new Unchanged();
      await spendBudget(ctx.tx, budget);
      await steps.apply(ctx, change);
    });
    return true;
  } catch (err) {
    if (err instanceof Unchanged) return false;
    throw err;
  }
}

/**
 * A refusal that must still cost, as a wrong check-in code does (decision 048): the unit is taken by a
 * statement of its own, outside any write, so the refusal bumps no version. RESOURCE_EXHAUSTED when none
 * was left (a concurrent call took the last).
 */
export async function spendOnRefusal(db: Kysely<Database>, budget: PatientBudget): Promise<void> {
  if (budget && !(await reserve(db, budget))) throw overBudget();
}
