/**
 * The writes of service messages (decision 051), each one small transaction: a token asked for, kept or
 * given up; a send's path recorded before its call; its outcome recorded with the renewed token. None of them
 * runs inside the allocation's lock: the token is asked for after the number committed.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../../storage/port.js';
import type { OutboxTable, ServiceTokenTable } from '../../storage/schema.js';
import { activeSlot } from '../../storage/slot-row.js';
import { enqueueNotice } from '../notices/outbox.js';

/** The LIFF access token is never stored: only this digest, which makes "one token per LIFF access token" hold. */
export const liffDigest = (liffAccessToken: string) => createHash('sha256').update(liffAccessToken).digest('hex');

/** Marks the reservation's token as being asked for; false when this LIFF access token (or this slot) already has one. */
export async function beginIssue(store: Store, slotId: string, digest: string, now: string): Promise<boolean> {
  const result = await store.db
    .insertInto('service_tokens')
    .values({ slot_id: slotId, liff_digest: digest, state: 'issuing', token: null, remaining: 0, expires_at: null, attempt_outbox_id: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('slot_id')
    .executeTakeFirst();
  return result !== undefined;
}

/**
 * Keeps the issued token (sealed) and queues the number-taken notice in the same transaction, so the notice
 * exists exactly when there is a token to send it with; a number cancelled meanwhile gets none.
 */
export async function keepIssued(store: Store, slotId: string, issued: { sealed: string; remaining: number; expiresAt: string | null }): Promise<void> {
  await store.write(async (ctx) => {
    await ctx.tx
      .updateTable('service_tokens')
      .set({ state: issued.remaining > 0 ? 'ready' : 'spent', token: issued.sealed, remaining: issued.remaining, expires_at: issued.expiresAt, updated_at: ctx.now })
      .where('slot_id', '=', slotId)
      .execute();
    const slot = await ctx.tx.selectFrom('reservation_slots').selectAll().where('id', '=', slotId).where(activeSlot).executeTakeFirst();
    if (slot && slot.reserved_type === 'LINE' && issued.remaining > 0) await enqueueNotice(ctx, slot, 'taken');
  });
}

export async function failIssue(store: Store, slotId: string, now: string): Promise<void> {
  await store.db.updateTable('service_tokens').set({ state: 'failed', updated_at: now }).where('slot_id', '=', slotId).execute();
}

/** The LIFF access token was not the clinic's MINI App's for this patient (decision 057): never used, counted. */
export async function refuseIssue(store: Store, slotId: string, now: string): Promise<void> {
  await store.db.updateTable('service_tokens').set({ state: 'refused', updated_at: now }).where('slot_id', '=', slotId).execute();
}

export async function readToken(store: Store, slotId: string): Promise<ServiceTokenTable | undefined> {
  return store.db.selectFrom('service_tokens').selectAll().where('slot_id', '=', slotId).executeTakeFirst();
}

/** Whether the outbox row with this id is being sent right now (claimed, lease running). */
export async function rowSending(store: Store, outboxId: string, now: string): Promise<boolean> {
  const row = await store.db.selectFrom('outbox').select(['status', 'lease_until']).where('id', '=', outboxId).executeTakeFirst();
  return Boolean(row && row.status === 'sending' && row.lease_until && row.lease_until >= now);
}

type Claimed = Pick<OutboxTable, 'id' | 'slot_id' | 'attempts'>;

/**
 * Before the call: the row takes the token's hold (nobody else's) and records its path as 'service', under its
 * claim (still 'sending' with its attempt count). False when either has moved: the call is not made.
 */
export async function beginAttempt(store: Store, row: Claimed, now: string): Promise<boolean> {
  return store.db.transaction().execute(async (tx) => {
    const held = await tx
      .updateTable('service_tokens')
      .set({ attempt_outbox_id: row.id, updated_at: now })
      .where('slot_id', '=', row.slot_id)
      .where('state', '=', 'ready')
      .where((eb) => eb.or([eb('attempt_outbox_id', 'is', null), eb('attempt_outbox_id', '=', row.id)]))
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return false;
    const marked = await tx
      .updateTable('outbox')
      .set({ path: 'service', updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) throw new AttemptMoved();
    return true;
  }).catch((err: unknown) => {
    if (err instanceof AttemptMoved) return false;
    throw err;
  });
}

class AttemptMoved extends Error {}

/**
 * After the call, in one transaction: the row's path ('service-done' when delivered, 'push' when it falls
 * back), and the token: renewed, spent, or left as it was; the hold released. Nothing is written when the row
 * was claimed again meanwhile (a stale send): the new claim finds the hold and re-sends.
 */
export async function recordOutcome(
  store: Store,
  row: Claimed,
  outcome: { path: 'service-done' | 'push'; token: { sealed: string | null; remaining: number } | 'spend' | 'keep' },
  now: string,
): Promise<boolean> {
  return store.db.transaction().execute(async (tx) => {
    const marked = await tx
      .updateTable('outbox')
      .set({ path: outcome.path, updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    const { token } = outcome;
    const set =
      token === 'keep'
        ? { attempt_outbox_id: null, updated_at: now }
        : token === 'spend' || !token.sealed || token.remaining <= 0
          ? { attempt_outbox_id: null, state: 'spent' as const, token: null, remaining: 0, updated_at: now }
          : { attempt_outbox_id: null, token: token.sealed, remaining: token.remaining, updated_at: now };
    await tx.updateTable('service_tokens').set(set).where('slot_id', '=', row.slot_id).where('attempt_outbox_id', '=', row.id).execute();
    return true;
  });
}
