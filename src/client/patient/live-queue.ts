/** The public queue stream every patient screen follows (docs/api.md: GET /api/live/queue, event queue). */
import { useLive } from '../api/live.js';
import { LIVE_EVENTS, type QueueSnapshot } from '../../shared/schemas/live.js';

export const QUEUE_STREAM_URL = '/api/live/queue';

export function useQueue() {
  return useLive<QueueSnapshot>(QUEUE_STREAM_URL, LIVE_EVENTS.queue);
}
