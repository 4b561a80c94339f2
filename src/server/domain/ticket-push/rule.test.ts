import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { decideTicketSubscribe, MAX_TICKET_SUBSCRIPTIONS, subscriptionsToDrop, ticketSubscriptionChanges } from './rule.js';

describe('decideTicketSubscribe', () => {
  it('lets a waiting number’s ticket subscribe', () => {
    expect(() => decideTicketSubscribe('waiting')).not.toThrow();
  });
  it('refuses a number called in or given up', () => {
    expect(refusal(() => decideTicketSubscribe('seen'))).toBe('FAILED_PRECONDITION:error.ticketNotWaiting');
    expect(refusal(() => decideTicketSubscribe('canceled'))).toBe('FAILED_PRECONDITION:error.ticketNotWaiting');
  });
});

describe('ticketSubscriptionChanges', () => {
  const keys = { p256dh: 'P', auth: 'A' };
  it('writes a new subscription or new keys, and nothing for the same one again', () => {
    expect(ticketSubscriptionChanges(undefined, keys)).toBe(true);
    expect(ticketSubscriptionChanges({ p256dh: 'P', auth: 'B' }, keys)).toBe(true);
    expect(ticketSubscriptionChanges({ p256dh: 'Q', auth: 'A' }, keys)).toBe(true);
    expect(ticketSubscriptionChanges(keys, keys)).toBe(false);
  });
});

describe('subscriptionsToDrop', () => {
  it('keeps the newest few with the one saved now, drops the older', () => {
    expect(MAX_TICKET_SUBSCRIPTIONS).toBe(3);
    expect(subscriptionsToDrop([])).toEqual([]);
    expect(subscriptionsToDrop(['b', 'c'])).toEqual([]);
    expect(subscriptionsToDrop(['b', 'c', 'd', 'e'])).toEqual(['d', 'e']);
  });
});
