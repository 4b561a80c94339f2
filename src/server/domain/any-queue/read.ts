/**
 * The figures `earliestQueue` weighs, read now: each live queue's waiting count, its own pace (the live
 * estimate each screen shows, decision 061) and whether a patient may take it online at this moment. No
 * write: the chosen queue is then taken as if the patient had named it.
 */
import { publicQueue, waitCountIn } from '../../../shared/queue/rules.js';
import { queueOpenAt } from '../../../shared/queue/queue-hours.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import type { LiveEstimator } from '../estimate/live-estimate.js';
import { loadQueueState } from '../queue-state.js';
import { parseHours } from '../queues/read.js';
import { earliestQueue } from './rule.js';

export async function chooseAnyQueue(store: Store, estimator: LiveEstimator, now: Date): Promise<string> {
  const state = await loadQueueState(store, now);
  const offered = await store.db.selectFrom('runtime').select('queue_any').where('id', '=', 1).executeTakeFirstOrThrow();
  // Only where the clinic offers it: elsewhere 'any' names no queue.
  if (offered.queue_any !== 1) throw new AppError('NOT_FOUND', 'error.unknownQueue');
  const rows = publicQueue(state.slots);
  const chances = await Promise.all(
    state.queues.map(async (q) => ({
      id: q.id,
      takesOnline: q.online === 1 && queueOpenAt(parseHours(q.hours), now),
      waiting: waitCountIn(rows, q.id),
      minutesPerPerson: (await estimator(state, q.id)).estimate?.minutesPerPerson ?? null,
    })),
  );
  return earliestQueue(chances);
}
