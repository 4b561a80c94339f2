/**
 * The browser side of Web Push (docs/product.md, "Web Push"): permission, the subscription made with the
 * server's VAPID key (userVisibleOnly, which iOS requires), and the reason text a failure leaves behind.
 */
import { FnError } from '../api/fn.js';
import { t } from '../ui/language.js';
import type { PushSubscriptionJson } from '../../shared/schemas/functions.js';
import { TimeoutError, withTimeout, workerReady, workerSupported } from './worker.js';

/** Focus and visibility changes come in bursts; one re-check after they settle. */
export const PUSH_CHECK_DEBOUNCE_MS = 400;
/**
 * A push service that cannot be reached leaves subscribe() pending for ever (Chromium waits for its
 * registration); after this the patient gets the prompt back with a reason instead of a spinner.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;
/** Where a notice leads: the patient's own reservation. */
export const PUSH_LINK = '/pwa/my';

export function pushSupported(): boolean {
  return workerSupported() && 'PushManager' in window && 'Notification' in window;
}

/**
 * Must be called synchronously inside the click handler: iOS grants the prompt only to a user gesture.
 * Safari before 15 answered through a callback instead of a promise, so both are listened to.
 */
export function requestPermission(): Promise<NotificationPermission> {
  return new Promise((resolve) => {
    const answer = Notification.requestPermission(resolve) as Promise<NotificationPermission> | undefined;
    answer?.then(resolve, () => resolve(Notification.permission));
  });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function bytesToBase64Url(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A subscription made under another VAPID key (the server's keys were replaced) can never be delivered. */
export function madeWithKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options?.applicationServerKey;
  return !key || bytesToBase64Url(key) === publicKey.replace(/=+$/, '');
}

export async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await workerReady();
  return registration.pushManager.getSubscription();
}

export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await workerReady();
  const pending = registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  return withTimeout(pending, SUBSCRIBE_TIMEOUT_MS, () => new TimeoutError('push subscribe'));
}

/** Exactly the fields saveSafariSubscription accepts (its schema refuses anything else). */
export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** What went wrong, in words a patient (or whoever helps them) can read out. */
export function pushReason(err: unknown): string {
  if (err instanceof TimeoutError) return t('push.reason.timeout');
  if (err instanceof FnError) return err.message;
  if (err instanceof Error) return err.message ? `${err.name}: ${err.message}` : err.name;
  return String(err);
}
