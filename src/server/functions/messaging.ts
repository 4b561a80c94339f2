/** Web Push sign-up and test, the staff recall, and the clinic's messaging controls. */
import { AppError } from '../errors.js';
import { lineMessagingConfigured } from '../config.js';
import { requestRecall } from '../domain/notices/recall.js';
import { setNoticeSettings } from '../domain/notices/settings.js';
import { messagingStatus } from '../notify/status.js';
import { checkPushSubscription, savePushSubscription, sendTestPush } from '../push/subscriptions.js';
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
      // Each call is a request to an outside push service: limited per patient and address before it.
      await deps.abuse.reserveTestPush(request, patient.uid);
      return sendTestPush(deps, patient.uid, subscription.endpoint, { title, body, link });
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
