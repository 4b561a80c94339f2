/**
 * One queue of a clinic with several (decision 061) seen as the clinic's only queue: its rows, its estimate,
 * its now calling and its waiting count in a snapshot's shape, so the screens' existing parts (PlaceEstimate,
 * the family cards) read one queue's figures without knowing there are others.
 */
import type { QueueLive, QueueSnapshot } from '../../../shared/schemas/live.js';
import type { Lang } from '../../ui/language.js';

/** The first queue's id: rows and cards without `queueId` are in it. */
export const MAIN_QUEUE = 'main';

export const queueOf = (item: { queueId?: string }): string => item.queueId ?? MAIN_QUEUE;

export const queueName = (queue: QueueLive, lang: Lang): string => (lang === 'en' ? queue.nameEn : queue.nameJa);

export const queueDescription = (queue: QueueLive, lang: Lang): string | undefined =>
  lang === 'en' ? queue.descriptionEn : queue.descriptionJa;

/** Patients may take it here now: online, and open by its own hours. */
export const selectable = (queue: QueueLive): boolean => queue.online && queue.open;

export function queueSnapshot(snapshot: QueueSnapshot, queue: QueueLive): QueueSnapshot {
  return {
    ...snapshot,
    runtime: { ...snapshot.runtime, currentWaitCount: queue.waiting },
    queue: snapshot.queue.filter((row) => queueOf(row) === queue.id),
    estimate: queue.estimate,
    nowCalling: queue.nowCalling,
  };
}
