/**
 * What staff may do to the clinic's queues (several queues, decision 061). Numbers of different queues keep
 * apart by range: a queue's numbers in a session are firstNumber … firstNumber + N − 1 (N: the calendar's
 * numbers per session), so two live queues' ranges must not overlap, or one number would mean two patients.
 * The first queue (position 0) is what every payload without a queue means: it stays. A queue with patients
 * still waiting in the open session stays too (they would be left in a queue nobody calls), and so does the
 * range of a queue that gave numbers in the open session (those numbers would fall outside it).
 * Pure: the caller reads the queues and the counts under the write's lock.
 */
import { AppError } from '../../errors.js';
import type { QueueChange } from '../../../shared/schemas/queues.js';
import { QUEUES_MAX } from '../../../shared/queue/queue-limits.js';

/** A live queue as the rule needs it. */
export interface LiveQueue {
  id: string;
  position: number;
  nameJa: string;
  nameEn: string;
  firstNumber: number;
}

/** The last number of a range starting at `first` with `n` numbers. */
export const lastNumber = (first: number, n: number) => first + n - 1;

/** Where a saved queue goes: its id and position (a new one's: the id given, after the last). */
export interface SavePlan {
  id: string;
  position: number;
  created: boolean;
}

/**
 * Checks a save against the live queues. `taken`: numbers the changed queue gave in the open session (0 for a
 * new queue or when no session is open); `newId`: the id a new queue gets.
 */
export function decideSave(queues: readonly LiveQueue[], change: QueueChange, n: number, taken: number, newId: string): SavePlan {
  const current = change.id === undefined ? undefined : queues.find((q) => q.id === change.id);
  if (change.id !== undefined && !current) throw new AppError('NOT_FOUND', 'error.unknownQueue');
  if (!current && queues.length >= QUEUES_MAX) throw new AppError('FAILED_PRECONDITION', 'queues.error.tooMany', { max: QUEUES_MAX });
  if (current && taken > 0 && current.firstNumber !== change.firstNumber) {
    throw new AppError('FAILED_PRECONDITION', 'queues.error.rangeInUse', { name: current.nameJa, n: taken });
  }
  const others = queues.filter((q) => q.id !== current?.id);
  const sameName = others.find((q) => q.nameJa === change.nameJa || q.nameEn.toLowerCase() === change.nameEn.toLowerCase());
  if (sameName) throw new AppError('ALREADY_EXISTS', 'queues.error.duplicateName', { name: sameName.nameJa === change.nameJa ? change.nameJa : change.nameEn });
  const last = lastNumber(change.firstNumber, n);
  const overlapping = others.find((q) => q.firstNumber <= last && change.firstNumber <= lastNumber(q.firstNumber, n));
  if (overlapping) {
    throw new AppError('INVALID_ARGUMENT', 'queues.error.overlap', {
      name: overlapping.nameJa,
      from: overlapping.firstNumber,
      to: lastNumber(overlapping.firstNumber, n),
      n,
    });
  }
  if (current) return { id: current.id, position: current.position, created: false };
  return { id: newId, position: Math.max(-1, ...queues.map((q) => q.position)) + 1, created: true };
}

/** Checks a removal; `waiting`: the queue's numbers still waiting in the open session. */
export function decideRemove(queues: readonly LiveQueue[], id: string, waiting: number): LiveQueue {
  const queue = queues.find((q) => q.id === id);
  if (!queue) throw new AppError('NOT_FOUND', 'error.unknownQueue');
  const first = Math.min(...queues.map((q) => q.position));
  if (queue.position === first) throw new AppError('FAILED_PRECONDITION', 'queues.error.removeFirst', { name: queue.nameJa });
  if (waiting > 0) throw new AppError('FAILED_PRECONDITION', 'queues.error.waiting', { name: queue.nameJa, n: waiting });
  return queue;
}

/**
 * The first two live queues whose ranges overlap with `n` numbers a session, or null: a calendar change of the
 * numbers per session must not make two queues share a number (the calendar's save asks this).
 */
export function overlappingRanges(queues: readonly LiveQueue[], n: number): [LiveQueue, LiveQueue] | null {
  const sorted = [...queues].sort((a, b) => a.firstNumber - b.firstNumber);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.firstNumber <= lastNumber(sorted[i - 1]!.firstNumber, n)) return [sorted[i - 1]!, sorted[i]!];
  }
  return null;
}

/**
 * The queue's name as a patient's notice or chat reply names it (decision 066), in the patient's language:
 * only when the clinic has more than one live queue, so a one-queue clinic's texts stay word for word as they
 * were. A number of a queue no longer live is not named (no live queue of that name is left to point at).
 */
export function queueNameInText(live: readonly Pick<LiveQueue, 'id' | 'nameJa' | 'nameEn'>[], queueId: string, lang: 'ja' | 'en'): string | null {
  if (live.length < 2) return null;
  const queue = live.find((q) => q.id === queueId);
  if (!queue) return null;
  return lang === 'en' ? queue.nameEn : queue.nameJa;
}

/**
 * A new queue's id (decision 076): `q` and the next number after every queue the clinic ever had, removed ones
 * included, so `q2` for the second. Short, because every public row of a queue but the first names it; never
 * an id used before, so a link or a printed code that named a removed queue never leads to another. `ever`:
 * every id in the store (the first is `main`; ids of earlier versions, `q` and 10 hex digits, stay as they are).
 */
export function newQueueId(ever: readonly string[]): string {
  const taken = new Set(ever);
  let n = ever.length + 1;
  while (taken.has(`q${n}`)) n++;
  return `q${n}`;
}
