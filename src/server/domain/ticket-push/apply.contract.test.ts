/**
 * Web Push on the ticket's page over each real store (decision 073): a standing ticket's page saves its
 * subscription for the number; the turn-is-near notice and the recall then go to it through the outbox
 * (channel PWA, the number as recipient), once each; the subscription goes with a reprint, the number's
 * start or deletion, its cancellation from the page, and the session's end; a new subscription spends a
 * unit of its address's budget inside its write, and past the budget changes nothing.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { outcomeWithKey, queueActions, useTestStore } from '../../../../test/support/domain-store.js';
import type { Actor } from '../audit.js';
import { cancelByTicket, issueTicket } from '../ticket/apply.js';
import { requestRecall } from '../notices/recall/apply.js';
import { subscribeTicketPush } from './apply.js';
import { inWindow } from '../../abuse/limits.js';

const actor: Actor = { id: null, username: 'desk' };

function browserSubscription(n: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example/ticket/${n}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describeStores('web push on the ticket page over the store', (kind) => {
  const t = useTestStore(kind);
  const { openAll, take, sw, mark } = queueActions(t);
  const issue = (slotId: string) => issueTicket({ store: t.store, slotId, actor, clinicName: 'テスト医院' });
  const subs = () => t.store.db.selectFrom('ticket_push').select(['endpoint', 'slot_id']).orderBy('endpoint').execute();
  const outbox = () => t.store.db.selectFrom('outbox').select(['kind', 'channel', 'recipient', 'endpoint', 'status', 'slot_id']).orderBy('created_at').orderBy('endpoint').execute();

  it('saves the subscription for the ticket’s number, once, and refuses a ticket that does not stand', async () => {
    await openAll();
    const desk = await take(null);
    const first = await issue(desk.slotId);
    const sub = browserSubscription(1);
    expect(await subscribeTicketPush({ store: t.store, token: first.token, subscription: sub })).toEqual({ ok: true });
    const version = (await t.store.db.selectFrom('queues').select('version').executeTakeFirstOrThrow()).version;
    // The page saves on every open: the same subscription again takes no write at all.
    await subscribeTicketPush({ store: t.store, token: first.token, subscription: sub });
    expect((await t.store.db.selectFrom('queues').select('version').executeTakeFirstOrThrow()).version).toBe(version);
    expect(await subs()).toEqual([{ endpoint: sub.endpoint, slot_id: desk.slotId }]);
    // A reprint revokes the ticket: its subscription goes, and its token subscribes nothing more.
    const second = await issue(desk.slotId);
    expect(await subs()).toEqual([]);
    expect(await outcomeWithKey(subscribeTicketPush({ store: t.store, token: first.token, subscription: sub }))).toBe('NOT_FOUND error.ticketUnusable');
    expect(await subs()).toEqual([]);
    await subscribeTicketPush({ store: t.store, token: second.token, subscription: sub });
    expect(await subs()).toHaveLength(1);
  });

  it('keeps a number’s newest three subscriptions', async () => {
    await openAll();
    const desk = await take(null);
    const { token } = await issue(desk.slotId);
    for (let n = 1; n <= 4; n++) {
      await subscribeTicketPush({ store: t.store, token, subscription: browserSubscription(n) });
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await subs()).map((s) => s.endpoint)).toEqual(['https://push.example/ticket/2', 'https://push.example/ticket/3', 'https://push.example/ticket/4']);
  });

  it('the turn-is-near notice and the recall go to the ticket’s subscriptions through the outbox, once each', async () => {
    await openAll();
    const ahead = [await take(null), await take(null), await take(null), await take(null), await take(null), await take(null)];
    const desk = await take(null);
    const { token } = await issue(desk.slotId);
    await subscribeTicketPush({ store: t.store, token, subscription: browserSubscription(1) });
    await subscribeTicketPush({ store: t.store, token, subscription: browserSubscription(2) });
    expect(await outbox()).toEqual([]);
    await mark(ahead[0].slotId, 'start');
    await mark(ahead[1].slotId, 'start');
    const ahead5 = [
      { kind: 'ahead5', channel: 'PWA', recipient: desk.slotId, endpoint: 'https://push.example/ticket/1', status: 'pending', slot_id: desk.slotId },
      { kind: 'ahead5', channel: 'PWA', recipient: desk.slotId, endpoint: 'https://push.example/ticket/2', status: 'pending', slot_id: desk.slotId },
    ];
    expect(await outbox()).toEqual(ahead5);
    // Once: the queue moving on tells nobody again.
    await mark(ahead[2].slotId, 'start');
    expect(await outbox()).toHaveLength(2);
    await requestRecall({ store: t.store, slotId: desk.slotId, channelConfigured: () => true, actor });
    const rows = await outbox();
    expect(rows.slice(2).map((r) => [r.kind, r.channel, r.endpoint])).toEqual([
      ['recall', 'PWA', 'https://push.example/ticket/1'],
      ['recall', 'PWA', 'https://push.example/ticket/2'],
    ]);
    expect(await outcomeWithKey(requestRecall({ store: t.store, slotId: desk.slotId, channelConfigured: () => true, actor }))).toBe('FAILED_PRECONDITION error.recallAlreadySent');
    // Without a push service the recall is refused, as the app's is.
    const other = await take(null);
    await subscribeTicketPush({ store: t.store, token: (await issue(other.slotId)).token, subscription: browserSubscription(3) });
    expect(await outcomeWithKey(requestRecall({ store: t.store, slotId: other.slotId, channelConfigured: () => false, actor }))).toBe('FAILED_PRECONDITION error.pushNotConfigured');
  });

  it('a desk number with no subscription is told nothing, as before', async () => {
    await openAll();
    const first = await take(null);
    await take(null);
    await issue(first.slotId);
    await mark(first.slotId, 'start');
    expect(await outbox()).toEqual([]);
  });

  it('the subscriptions go when the number is served, deleted, given up on the page, or the session ends', async () => {
    await openAll();
    const [a, b, c, d] = [await take(null), await take(null), await take(null), await take(null)];
    const tokens = [];
    for (const [i, slot] of [a, b, c, d].entries()) {
      const { token } = await issue(slot.slotId);
      tokens.push(token);
      await subscribeTicketPush({ store: t.store, token, subscription: browserSubscription(i) });
    }
    await mark(a.slotId, 'start');
    await mark(b.slotId, 'delete');
    await cancelByTicket({ store: t.store, token: tokens[2], reservationNumber: 3 });
    expect((await subs()).map((s) => s.slot_id)).toEqual([d.slotId]);
    expect(await outcomeWithKey(subscribeTicketPush({ store: t.store, token: tokens[0], subscription: browserSubscription(9) }))).toBe('FAILED_PRECONDITION error.ticketNotWaiting');
    await mark(d.slotId, 'start');
    expect(await subs()).toEqual([]);
    // One a crash left behind goes with the session.
    await t.store.db.insertInto('ticket_push').values({ endpoint: 'https://push.example/left', slot_id: d.slotId, p256dh: 'P', auth: 'A', created_at: new Date().toISOString() }).execute();
    await sw('endOnline');
    await sw('endInhouse');
    expect(await subs()).toEqual([]);
  });

  it('spends the address\'s budget on a new subscription only, and past it refuses and changes nothing', async () => {
    await openAll();
    const [a, b] = [await take(null), await take(null)];
    const [ta, tb] = [(await issue(a.slotId)).token, (await issue(b.slotId)).token];
    const budget = inWindow({ name: 'ticket-push', max: 2, windowMs: 3600_000 }, 'ip:203.0.113.9');
    const save = (token: string, n: number) => subscribeTicketPush({ store: t.store, token, subscription: browserSubscription(n), budget });
    const first = browserSubscription(1);
    await subscribeTicketPush({ store: t.store, token: ta, subscription: first, budget });
    // Saved again as the page does on every open: no write, no unit.
    for (let i = 0; i < 3; i++) await subscribeTicketPush({ store: t.store, token: ta, subscription: first, budget });
    await save(tb, 2);
    const before = await subs();
    const version = (await t.store.db.selectFrom('queues').select('version').executeTakeFirstOrThrow()).version;
    // The budget is the address's, across tickets.
    expect(await outcomeWithKey(save(ta, 3))).toBe('RESOURCE_EXHAUSTED error.rateLimitedChanges');
    expect(await outcomeWithKey(save(tb, 4))).toBe('RESOURCE_EXHAUSTED error.rateLimitedChanges');
    expect(await subs()).toEqual(before);
    expect((await t.store.db.selectFrom('queues').select('version').executeTakeFirstOrThrow()).version).toBe(version);
    // Another address has its own.
    await subscribeTicketPush({ store: t.store, token: ta, subscription: browserSubscription(5), budget: { ...budget, key: budget.key.replace('203.0.113.9', '203.0.113.10') } });
    expect(await subs()).toHaveLength(3);
  });
});
