/** Saving a patient's Web Push subscription: only ones we could really encrypt to, and only a few. */
import { createPublicKey } from 'node:crypto';
import { AppError } from '../errors.js';
import { type Config, pushHostAllowed } from '../config.js';
import type { Kysely } from 'kysely';
import type { Store } from '../storage/port.js';
import type { Database, PushSubscriptionTable } from '../storage/schema.js';
import { type PatientBudget, refuseWhenSpent, spendBudget } from '../domain/patient-change.js';
import type { PushMessage, WebPush } from './web-push.js';
import { type PushSubscriptionJson, pushSubscriptionSchema } from '../../shared/schemas/push-subscription.js';

/**
 * Each subscription gets its own outbox row per notice, so the count bounds one patient's fan-out. A phone
 * and a tablet, plus one stale entry while a browser renews its subscription, fit in 3.
 */
export const MAX_SUBSCRIPTIONS_PER_PATIENT = 3;

/** Whether `p256dh` (already 65 bytes, 0x04 first) is a point on P-256: OpenSSL refuses off-curve JWKs. */
export function p256dhOnCurve(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Whether stored keys (possibly written before they were checked) can be encrypted to. */
export function pushKeysUsable(keys: { p256dh: string; auth: string }): boolean {
  const shape = pushSubscriptionSchema.shape.keys.safeParse(keys);
  return shape.success && p256dhOnCurve(keys.p256dh);
}

/** Throws INVALID_ARGUMENT unless the endpoint is an allowed push service and the key is a real point. */
export function checkPushSubscription(config: Config, subscription: PushSubscriptionJson): void {
  if (!pushHostAllowed(config, subscription.endpoint)) throw new AppError('INVALID_ARGUMENT', 'error.pushEndpointNotAllowed');
  if (!p256dhOnCurve(subscription.keys.p256dh)) throw new AppError('INVALID_ARGUMENT', 'error.pushSubscriptionInvalid');
}

/** A renewal this soon after the last one changes nothing: retention counts in days (RETENTION_DAYS). */
export const RENEW_AFTER_MS = 24 * 3600_000;

/** The row saved under the endpoint, and when the patient's newest subscription was saved. */
type SavedSubscription = Pick<PushSubscriptionTable, 'uid' | 'p256dh' | 'auth' | 'created_at'> & { newest: string | null };

/**
 * Whether saving `subscription` for `uid` changes anything. Saving renews: it keeps the subscription in
 * use among the patient's newest few, so only a save of the newest one, with the same keys, renewed
 * within the day, changes nothing.
 */
export function subscriptionChanges(saved: SavedSubscription | undefined, uid: string, subscription: PushSubscriptionJson, now: Date): boolean {
  if (!saved || saved.uid !== uid || saved.created_at !== saved.newest) return true;
  if (saved.p256dh !== subscription.keys.p256dh || saved.auth !== subscription.keys.auth) return true;
  return now.getTime() - Date.parse(saved.created_at) >= RENEW_AFTER_MS;
}

/**
 * Saves (or renews) the subscription for `uid` and keeps only that patient's newest few. The app saves on
 * every page: a save that changes nothing is found by a read and writes nothing; a real one spends a unit
 * of the patient's budget inside its transaction (docs/decisions/043).
 */
export async function savePushSubscription(store: Store, uid: string, subscription: PushSubscriptionJson, budget?: PatientBudget): Promise<void> {
  const readSaved = (db: Kysely<Database>) =>
    db
      .selectFrom('push_subscriptions')
      .select(['uid', 'p256dh', 'auth', 'created_at'])
      .select((eb) => eb.selectFrom('push_subscriptions as mine').select((m) => m.fn.max('mine.created_at').as('newest')).where('mine.uid', '=', uid).as('newest'))
      .where('endpoint', '=', subscription.endpoint)
      .executeTakeFirst();
  if (!subscriptionChanges(await readSaved(store.db), uid, subscription, new Date())) return;
  await refuseWhenSpent(store.db, budget);
  const now = new Date().toISOString();
  // created_at is renewed by every save that writes (at least daily): retention deletes subscriptions nobody renewed.
  const row = { uid, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: now };
  await store.db.transaction().execute(async (tx) => {
    if (!subscriptionChanges(await readSaved(tx), uid, subscription, new Date(now))) return;
    await spendBudget(tx, budget);
    await tx.insertInto('pwa_users').values({ uid, created_at: now }).onConflict((oc) => oc.column('uid').doNothing()).execute();
    // One endpoint belongs to one browser: a reinstall hands it to the new uid.
    await tx
      .insertInto('push_subscriptions')
      .values({ endpoint: subscription.endpoint, ...row })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
      .execute();
    const older = await tx
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('uid', '=', uid)
      .where('endpoint', '!=', subscription.endpoint)
      .orderBy('created_at', 'desc')
      .orderBy('endpoint')
      .execute();
    const dropped = older.slice(MAX_SUBSCRIPTIONS_PER_PATIENT - 1).map((s) => s.endpoint);
    if (dropped.length > 0) await tx.deleteFrom('push_subscriptions').where('endpoint', 'in', dropped).execute();
  });
}

/** "Send me a test": only to the caller's own saved subscription, so the server is nobody's push relay. */
export async function sendTestPush(
  deps: { store: Store; webPush: WebPush },
  uid: string,
  endpoint: string,
  message: PushMessage,
  reserve: () => Promise<void> = async () => {},
): Promise<{ ok: true }> {
  const saved = await deps.store.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', endpoint)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!saved) throw new AppError('NOT_FOUND', 'error.pushSubscriptionUnknown');
  // Only after the read: a refusal for someone else's or an unknown endpoint spends nothing, writes nothing.
  await reserve();
  const keys = { p256dh: saved.p256dh, auth: saved.auth };
  // A row saved before keys were checked can never be pushed to: drop it so the app asks again.
  const result = pushKeysUsable(keys)
    ? await deps.webPush.send({ endpoint: saved.endpoint, keys }, message, { ttlSeconds: 300 })
    : ({ kind: 'gone', reason: 'invalid keys' } as const);
  if (result.kind === 'gone') {
    await deps.store.db.deleteFrom('push_subscriptions').where('endpoint', '=', saved.endpoint).execute();
    throw new AppError('NOT_FOUND', 'error.pushSubscriptionGone');
  }
  if (result.kind !== 'sent') throw new AppError('UNAVAILABLE', 'error.pushSendFailed');
  return { ok: true };
}
