/**
 * Recent sessions of the same kind as the current one, read once per process when a session opens (the
 * current session id changes) and kept: history does not change while a session runs, and the live
 * snapshot is rebuilt after every change, so it must cost no query then.
 */
import type { Store } from '../../storage/port.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import { tokyoWeekdayHour } from '../../../shared/time/tokyo.js';
import { historyPace, type HistoryPace, MIN_HISTORY_INTERVALS, type PaceStats, sameKind, type SessionKind, sessionPace } from './pace.js';

/** How many sessions of the same kind make the history: about two months of one weekday's mornings. */
export const HISTORY_SESSIONS = 8;
/** How far back to look for them (sessions, newest first). */
const LOOK_BACK = 200;
const NOON = 12;

export function sessionKind(openedAt: string): SessionKind {
  const { weekday, hour } = tokyoWeekdayHour(openedAt);
  return { weekday, period: hour < NOON ? 'morning' : 'afternoon' };
}

/**
 * Reads the history for a session: the last HISTORY_SESSIONS closed sessions of the same weekday and period
 * with enough starts; when there are none yet (a new clinic), the same period on any weekday.
 */
export async function readHistory(store: Store, sessionId: string, queueId: string = MAIN_QUEUE): Promise<HistoryPace | null> {
  return store.read(async (tx) => {
    const current = await tx.selectFrom('reception_sessions').select('opened_at').where('id', '=', sessionId).executeTakeFirst();
    if (!current) return null;
    const kind = sessionKind(current.opened_at);
    const earlier = await tx
      .selectFrom('reception_sessions')
      .select(['id', 'opened_at'])
      .where('opened_at', '<', current.opened_at)
      .where('closed_at', 'is not', null)
      .orderBy('opened_at', 'desc')
      .limit(LOOK_BACK)
      .execute();
    const kinds = earlier.map((s) => ({ id: s.id, kind: sessionKind(s.opened_at) }));
    const same = kinds.filter((s) => sameKind(s.kind, kind));
    const samePeriod = kinds.filter((s) => s.kind.period === kind.period);
    for (const candidates of [same, samePeriod]) {
      const ids = candidates.slice(0, HISTORY_SESSIONS * 2).map((s) => s.id);
      if (ids.length === 0) continue;
      const rows = await tx
        .selectFrom('reservation_slots')
        .select(['session_id', 'reception_accepted_at'])
        .where('session_id', 'in', ids)
        // A queue's own pace (decision 061): 3-minute vaccinations never borrow 10-minute consultations'.
        .where('queue_id', '=', queueId)
        .where('is_reception_accepted', '=', 1)
        .where('canceled', '=', 0)
        .execute();
      const bySession = new Map<string, string[]>();
      for (const row of rows) {
        if (row.reception_accepted_at === null) continue;
        bySession.set(row.session_id, [...(bySession.get(row.session_id) ?? []), row.reception_accepted_at]);
      }
      // Newest first, and only sessions that really ran (a session opened by mistake says nothing).
      const paces = ids
        .map((id) => sessionPace(bySession.get(id) ?? []))
        .filter((p): p is PaceStats => p !== null && p.count >= MIN_HISTORY_INTERVALS)
        .slice(0, HISTORY_SESSIONS);
      const history = historyPace(paces);
      if (history) return history;
    }
    return null;
  });
}

/** One process's history, refreshed when the current session changes. */
export function createHistoryCache(store: Store) {
  const queues = new Map<string, (sessionId: string) => Promise<HistoryPace | null>>();
  return (sessionId: string, queueId: string = MAIN_QUEUE): Promise<HistoryPace | null> => {
    let cache = queues.get(queueId);
    if (!cache) queues.set(queueId, (cache = queueHistoryCache(store, queueId)));
    return cache(sessionId);
  };
}

function queueHistoryCache(store: Store, queueId: string) {
  let cached: { sessionId: string; history: Promise<HistoryPace | null> } | null = null;
  return (sessionId: string): Promise<HistoryPace | null> => {
    if (cached?.sessionId !== sessionId) {
      const history = readHistory(store, sessionId, queueId);
      cached = { sessionId, history };
      // A failed read (store away) is tried again on the next snapshot instead of being kept.
      history.catch(() => {
        if (cached?.history === history) cached = null;
      });
    }
    return cached.history;
  };
}
