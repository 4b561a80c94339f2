/**
 * Several queues (受付項目) on the staff screens and the monitor (decision 061). The wire sends `queues` only
 * for a clinic with more than one; a row without `queueId` is in the first queue, 'main'. Numbers of different
 * queues keep apart by range, so a number alone (a call-out's) tells its queue.
 */
import { useCallback, useState } from 'react';
import type { QueueLive } from '../../shared/schemas/live.js';
import { waitingRanks } from '../../shared/queue/rules.js';
import type { StaffSlot } from '../../shared/queue/slot.js';

export const MAIN_QUEUE_ID = 'main';

/** The queue a row stands in. */
export function queueIdOf(row: { queueId?: string }): string {
  return row.queueId ?? MAIN_QUEUE_ID;
}

/** The queue whose range holds `n`: the one with the highest first number not above it. */
export function queueOfNumber(queues: readonly QueueLive[], n: number): QueueLive | undefined {
  let found: QueueLive | undefined;
  for (const queue of queues) {
    if (queue.firstNumber <= n && (!found || queue.firstNumber > found.firstNumber)) found = queue;
  }
  return found;
}

/** Waiting ranks counted within each row's own queue, as the wire's `ahead` is. */
export function ranksByQueue(slots: readonly StaffSlot[]): Map<string, number> {
  const groups = new Map<string, StaffSlot[]>();
  for (const slot of slots) {
    const group = groups.get(queueIdOf(slot));
    if (group) group.push(slot);
    else groups.set(queueIdOf(slot), [slot]);
  }
  const ranks = new Map<string, number>();
  for (const group of groups.values()) for (const [id, rank] of waitingRanks(group)) ranks.set(id, rank);
  return ranks;
}

/** Several queues to show apart: the snapshot's list, or none for a clinic with one queue. */
export function severalQueues(queues: readonly QueueLive[] | undefined): readonly QueueLive[] | null {
  return queues && queues.length > 1 ? queues : null;
}

/** 'all' or one queue's id: what the desk's list shows. */
export type QueueFilter = string;
export const ALL_QUEUES: QueueFilter = 'all';
/** Remembered per browser: a consulting room's PC keeps to its own queue. */
export const QUEUE_FILTER_KEY = 'qa_queueFilter';

function readFilter(): QueueFilter {
  try {
    return localStorage.getItem(QUEUE_FILTER_KEY) ?? ALL_QUEUES;
  } catch {
    return ALL_QUEUES;
  }
}

/**
 * The desk's queue filter. A remembered queue that is no longer among the clinic's (removed, or the clinic is
 * back to one queue) reads as 'all', so the list never goes empty for a stale choice.
 */
export function useQueueFilter(queues: readonly QueueLive[] | null): [QueueFilter, (next: QueueFilter) => void] {
  const [stored, setStored] = useState(readFilter);
  const set = useCallback((next: QueueFilter) => {
    setStored(next);
    try {
      localStorage.setItem(QUEUE_FILTER_KEY, next);
    } catch {
      // A browser refusing storage still filters for this visit.
    }
  }, []);
  const shown = queues && queues.some((q) => q.id === stored) ? stored : ALL_QUEUES;
  return [shown, set];
}

/** The monitor's queues from its address (`?queues=main,vaccine`), in the clinic's order; all when none match. */
export function monitorQueues(queues: readonly QueueLive[], search: string): readonly QueueLive[] {
  const named = new URLSearchParams(search).get('queues');
  if (!named) return queues;
  const ids = new Set(named.split(',').map((id) => id.trim()));
  const chosen = queues.filter((q) => ids.has(q.id));
  return chosen.length > 0 ? chosen : queues;
}
