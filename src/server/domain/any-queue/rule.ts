/**
 * 「どちらの医師でも」 (decision 061): which queue a patient who lets the clinic choose joins — the one whose
 * expected start for a newcomer is earliest at that moment. Pure: the caller gives each candidate's figures.
 */
import { AppError } from '../../errors.js';

export interface QueueChance {
  id: string;
  /** Taken online and open by its own hours: only such a queue can be chosen for a patient. */
  takesOnline: boolean;
  /** Waiting in it now (not held). */
  waiting: number;
  /** Its own pace (minutes between two starts), or null when it has none yet. */
  minutesPerPerson: number | null;
}

/** No queue a patient may join online: the same words as a desk-only queue. */
const NONE = new AppError('FAILED_PRECONDITION', 'error.queueDeskOnly');

/**
 * The queue a newcomer starts earliest in: waiting × its own pace. While some candidate has no pace yet,
 * the waits cannot be compared, and the fewest waiting decides. Ties go to the earlier queue (the clinic's
 * order), so the answer does not flicker between equal queues.
 */
export function earliestQueue(queues: readonly QueueChance[]): string {
  const open = queues.filter((q) => q.takesOnline);
  if (open.length === 0) throw NONE;
  const paced = open.every((q) => q.minutesPerPerson !== null);
  const expected = (q: QueueChance) => (paced ? q.waiting * q.minutesPerPerson! : q.waiting);
  let best = open[0];
  for (const q of open) if (expected(q) < expected(best)) best = q;
  return best.id;
}
