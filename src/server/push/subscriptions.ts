/** Saving a patient's Web Push subscription: only ones we could really encrypt to, and only a few. */
import { createPublicKey } from 'node:crypto';
import { AppError } from '../errors.js';
import { type Config, pushHostAllowed } from '../config.js';
import type { Store } from '../storage/port.js';
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

/** Saves (or renews) the subscription for `uid` and keeps only that patient's newest few. */
export async function savePushSubscription(store: Store, uid: string, subscription: PushSubscriptionJson): Promise<void> {
  const now = new Date().toISOString();
  // created_at is renewed on every save: retention deletes subscriptions nobody renewed.
  const row = { uid, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, created_at: now };
  await store.db.transaction().execute(async (tx) => {
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
): Promise<{ ok: true }> {
  const saved = await deps.store.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', endpoint)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (!saved) throw new AppError('NOT_FOUND', 'error.pushSubscriptionUnknown');
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
