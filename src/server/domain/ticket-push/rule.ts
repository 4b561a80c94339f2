/**
 * Web Push on the printed ticket's page (docs/decisions/073), the rule: which tickets may subscribe, when a
 * save changes nothing, and which of a number's subscriptions make way for a new one.
 */
import { AppError } from '../../errors.js';
import type { TicketState } from '../ticket/rule.js';

/**
 * Each subscription gets its own outbox row per notice: a number's few bound its fan-out. The patient's phone
 * and a companion's, plus one stale entry while a browser renews its subscription, fit in 3.
 */
export const MAX_TICKET_SUBSCRIPTIONS = 3;

/** Only a waiting number is told anything more: one called in, given up or deleted is refused. */
export function decideTicketSubscribe(state: TicketState): void {
  if (state !== 'waiting') throw new AppError('FAILED_PRECONDITION', 'error.ticketNotWaiting');
}

/** The page saves on every open: the same endpoint with the same keys for the same number writes nothing. */
export function ticketSubscriptionChanges(saved: { p256dh: string; auth: string } | undefined, keys: { p256dh: string; auth: string }): boolean {
  return !saved || saved.p256dh !== keys.p256dh || saved.auth !== keys.auth;
}

/** The number's other subscriptions, newest first: those beyond the newest few (the one saved now included) go. */
export function subscriptionsToDrop(othersNewestFirst: readonly string[]): string[] {
  return othersNewestFirst.slice(MAX_TICKET_SUBSCRIPTIONS - 1);
}
