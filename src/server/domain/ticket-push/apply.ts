/**
 * Web Push on the printed ticket's page (docs/decisions/073), applied: the ticket's holder lets the page
 * notify them, and the browser's subscription is saved for that number, with the token as the credential
 * (judged again under the lock, so a reprint that lands first wins). The turn-is-near notice and the
 * recall then go to it through the outbox (notices/outbox.ts) as the app's do. A new or changed subscription
 * spends a unit of its address's budget inside its write, as a patient's change does (decision 043).
 */
import type { PushSubscriptionJson } from '../../../shared/schemas/push-subscription.js';
import type { Store } from '../../storage/port.js';
import { type PatientBudget, refuseWhenSpent, spendBudget } from '../patient-change.js';
import { writeInSlotQueue } from '../slot-queue.js';
import { standingTicket } from '../ticket/read.js';
import { ticketState } from '../ticket/rule.js';
import { decideTicketSubscribe, subscriptionsToDrop, ticketSubscriptionChanges } from './rule.js';

export interface SubscribeTicketPush {
  store: Store;
  token: string;
  subscription: PushSubscriptionJson;
  /** The address's budget (abuse/policy.ts ticketPushBudget); undefined: unlimited. */
  budget?: PatientBudget;
}

export async function subscribeTicketPush({ store, token, subscription, budget }: SubscribeTicketPush): Promise<{ ok: true }> {
  const row = await standingTicket(store.db, token);
  decideTicketSubscribe(ticketState(row));
  const saved = (db: Store['db']) =>
    db.selectFrom('ticket_push').select(['p256dh', 'auth']).where('endpoint', '=', subscription.endpoint).where('slot_id', '=', row.slot_id).executeTakeFirst();
  // The page saves on every open: an unchanged subscription is found by a read and takes no lock.
  if (!ticketSubscriptionChanges(await saved(store.db), subscription.keys)) return { ok: true };
  await refuseWhenSpent(store.db, budget);
  return writeInSlotQueue(store, row.slot_id, async ({ tx, now }) => {
    decideTicketSubscribe(ticketState(await standingTicket(tx, token)));
    await spendBudget(tx, budget);
    const values = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: now };
    await tx
      .insertInto('ticket_push')
      .values({ endpoint: subscription.endpoint, slot_id: row.slot_id, ...values })
      .onConflict((oc) => oc.columns(['endpoint', 'slot_id']).doUpdateSet(values))
      .execute();
    const others = await tx
      .selectFrom('ticket_push')
      .select('endpoint')
      .where('slot_id', '=', row.slot_id)
      .where('endpoint', '!=', subscription.endpoint)
      .orderBy('created_at', 'desc')
      .orderBy('endpoint')
      .execute();
    const dropped = subscriptionsToDrop(others.map((o) => o.endpoint));
    if (dropped.length > 0) await tx.deleteFrom('ticket_push').where('slot_id', '=', row.slot_id).where('endpoint', 'in', dropped).execute();
    return { ok: true as const };
  });
}
