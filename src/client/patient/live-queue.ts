/** The public queue stream every patient screen follows (docs/api.md: GET /api/live/queue, event queue). */
import { useLive } from '../api/live.js';
import { LIVE_EVENTS, readQueueSnapshot } from '../../shared/schemas/live.js';

export const QUEUE_STREAM_URL = '/api/live/queue';

export function useQueue() {
  // The frame leaves each row's default fields out (docs/decisions/062); screens read them filled in.
  return useLive(QUEUE_STREAM_URL, LIVE_EVENTS.queue, readQueueSnapshot);
}
