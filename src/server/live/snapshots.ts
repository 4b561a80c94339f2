/** Builds the two stream snapshots from one queue state. The public one never carries an owner id. */
import { publicQueue } from '../../shared/queue/rules.js';
import type { AdminSnapshot, QueueSnapshot } from '../../shared/schemas/live.js';
import type { QueueState } from '../domain/queue-state.js';

export function queueSnapshot(state: QueueState): QueueSnapshot {
  return {
    runtime: state.runtime,
    queue: publicQueue(state.slots).map(({ reservationNumber, ahead, hold }) => ({ reservationNumber, ahead, hold })),
    version: state.version,
  };
}

export function adminSnapshot(state: QueueState): AdminSnapshot {
  return { runtime: state.runtime, slots: state.slots, nextFreeNumber: state.nextFreeNumber, version: state.version };
}
