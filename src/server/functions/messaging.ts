/** Web Push sign-up and test, the staff recall, and the clinic's messaging controls. */
import { AppError } from '../errors.js';
import { lineMessagingConfigured } from '../config.js';
import { requestRecall } from '../domain/request-recall.js';
import { setNoticeSettings } from '../domain/notice-settings.js';
import { messagingStatus } from '../notify/status.js';
import { checkPushSubscription, savePushSubscription } from '../push/subscriptions.js';
import { requirePatient, requireStaff } from '../http/caller.js';
import type { FunctionSet } from '../http/function-def.js';
import type { Deps } from '../http/deps.js';

function requirePush(deps: Deps) {
  if (!deps.webPush.configured) throw new AppError('FAILED_PRECONDITION', 'error.pushNotConfigured');
}

export const messagingFunctions: FunctionSet<
  | 'getWebPushPublicKey'
  | 'saveSafariSubscription'
  | 'sendWebpushTest'
  | 'sendReservationMessageBySlot'
  | 'setNoticeSettings'
  | 'getMessagingStatus'
> = {
  getWebPushPublicKey: {
    async run(_payload, _request, deps) {
      requirePush(deps);
      return { publicKey: deps.webPush.publicKey };
    },
  },
  saveSafariSubscription: {
    async run({ subscription }, request, deps) {
      const patient = await requirePatient(request, deps);
      if (patient.channel !== 'PWA') throw new AppError('PERMISSION_DENIED', 'error.channelMismatch');
      checkPushSubscription(deps.config, subscription);
      await savePushSubscription(deps.store, patient.uid, subscription);
      return { ok: true as const };
    },
  },
  sendWebpushTest: {
    async run({ subscription, title, body, link }, request, deps) {
      const patient = await requirePatient(request, deps);
      requirePush(deps);
      // Only to the caller's own saved subscription: the server is nobody's free push relay.
      const saved = await deps.store.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', subscription.endpoint)
        .where('uid', '=', patient.uid)
        .executeTakeFirst();
      if (!saved) throw new AppError('NOT_FOUND', 'error.pushSubscriptionUnknown');
      const result = await deps.webPush.send(
        { endpoint: saved.endpoint, keys: { p256dh: saved.p256dh, auth: saved.auth } },
        { title, body, link },
        { ttlSeconds: 300 },
      );
      if (result.kind === 'gone') {
        await deps.store.db.deleteFrom('push_subscriptions').where('endpoint', '=', saved.endpoint).execute();
        throw new AppError('NOT_FOUND', 'error.pushSubscriptionGone');
      }
      if (result.kind !== 'sent') throw new AppError('UNAVAILABLE', 'error.pushSendFailed');
      return { ok: true as const };
    },
  },
  sendReservationMessageBySlot: {
    async run({ slotId }, request, deps) {
      const actor = await requireStaff(request, deps);
      return requestRecall({
        store: deps.store,
        slotId,
        actor,
        channelConfigured: (channel) =>
          channel === 'LINE' ? lineMessagingConfigured(deps.config) : deps.webPush.configured,
      });
    },
  },
  setNoticeSettings: {
    async run(settings, request, deps) {
      const actor = await requireStaff(request, deps);
      return setNoticeSettings({ store: deps.store, settings, actor });
    },
  },
  getMessagingStatus: {
    async run(_payload, request, deps) {
      await requireStaff(request, deps);
      return messagingStatus({ store: deps.store, line: deps.lineSender, pushConfigured: deps.webPush.configured });
    },
  },
};
