/** The public queue stream every patient screen follows (docs/api.md: GET /api/live/queue, event queue). */
import { useLive } from '../api/live.js';
import { LIVE_EVENTS, readQueueSnapshot } from '../../shared/schemas/live.js';

/** Each queue's rows in its own entry, so no row names its queue (docs/decisions/076); the reader takes either shape. */
export const QUEUE_STREAM_URL = '/api/live/queue?rows=byQueue';

export function useQueue() {
  // The frame leaves each row's default fields out (docs/decisions/062) and, by queue, its queue: screens read rows whole.
  return useLive(QUEUE_STREAM_URL, LIVE_EVENTS.queue, readQueueSnapshot);
}
