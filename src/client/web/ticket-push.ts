/**
 * The browser side of Web Push on the ticket's page (docs/decisions/073): whether this browser can, the
 * ticket page's own small worker (/web/ticket-sw.js, scope /web/ticket: the app's /pwa/sw.js cannot cover
 * /web/), the subscription made with the server's key, and the ticket remembered for the notice's tap. Apart
 * from the app's push.ts: route sets do not import each other, and this chunk needs only this much.
 */
import type { PushSubscriptionJson } from '../../shared/schemas/push-subscription.js';

export const TICKET_WORKER_URL = '/web/ticket-sw.js';
export const TICKET_WORKER_SCOPE = '/web/ticket';
/** A worker that never activates, or a push service that cannot be reached, leaves a promise pending for ever. */
export const TICKET_PUSH_TIMEOUT_MS = 20_000;
/** The ticket a subscribed phone reopens when its notice is tapped (the worker opens /web/ticket without the fragment). */
const SAVED_TICKET = 'qs_ticket';

/** Android Chrome and desktop browsers: yes. An iPhone's Safari outside an installed app has no PushManager. */
export function ticketPushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out`)), TICKET_PUSH_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** This page's subscription already made (permission granted before), or null. */
export async function existingTicketSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(TICKET_WORKER_SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Registers the worker, waits for it, and subscribes with the server's key (userVisibleOnly, as browsers require). */
export async function subscribeTicket(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(TICKET_WORKER_URL, { scope: TICKET_WORKER_SCOPE });
  const registration = await withTimeout(navigator.serviceWorker.ready, 'service worker');
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return withTimeout(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }), 'push subscribe');
}

/** Storage can be refused (private mode): then a tapped notice opens the page without its ticket, nothing worse. */
export function rememberTicket(token: string | null): void {
  try {
    if (token) localStorage.setItem(SAVED_TICKET, token);
    else localStorage.removeItem(SAVED_TICKET);
  } catch {
    // nothing to keep it in
  }
}

export function rememberedTicket(): string | null {
  try {
    return localStorage.getItem(SAVED_TICKET);
  } catch {
    return null;
  }
}
