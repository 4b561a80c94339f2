/** Web Push sign-up and test, the staff recall, and the clinic's messaging controls. */
import { AppError } from '../errors.js';
import { lineMessagingConfigured } from '../config.js';
import { requestRecall } from '../domain/notices/recall/apply.js';
import * as noticeSettings from '../domain/notices/settings.js';
import { messagingStatus } from '../notify/status.js';
import { checkPushSubscription, savePushSubscription, sendTestPush } from '../push/subscriptions.js';
import type { FunctionDef } from '../http/function-def.js';
import type { Deps } from '../http/deps.js';

function requirePush(deps: Deps) {
  if (!deps.webPush.configured) throw new AppError('FAILED_PRECONDITION', 'error.pushNotConfigured');
}

export const getWebPushPublicKey: FunctionDef<'getWebPushPublicKey'> = {
  access: 'anyone',
  async run(_payload, _caller, _request, deps) {
    requirePush(deps);
    return { publicKey: deps.webPush.publicKey };
  },
};

export const saveSafariSubscription: FunctionDef<'saveSafariSubscription'> = {
  access: 'PWA patient',
  async run({ subscription }, patient, _request, deps) {
    checkPushSubscription(deps.config, subscription);
    await savePushSubscription(deps.store, patient.uid, subscription, deps.abuse.patientBudget('subscription', patient.uid));
    return { ok: true as const };
  },
};

export const sendWebpushTest: FunctionDef<'sendWebpushTest'> = {
  access: 'patient',
  async run({ subscription, title, body, link }, patient, request, deps) {
    requirePush(deps);
    // Each call is a request to an outside push service: limited per patient and address before it, once
    // the patient's own subscription was found (an unknown endpoint is refused without spending a unit).
    return sendTestPush(deps, patient.uid, subscription.endpoint, { title, body, link }, () => deps.abuse.reserveTestPush(request, patient.uid));
  },
};

export const sendReservationMessageBySlot: FunctionDef<'sendReservationMessageBySlot'> = {
  access: 'staff',
  async run({ slotId }, actor, _request, deps) {
    return requestRecall({
      store: deps.store,
      slotId,
      actor,
      channelConfigured: (channel) =>
        channel === 'LINE' ? lineMessagingConfigured(deps.config) : deps.webPush.configured,
    });
  },
};

export const setNoticeSettings: FunctionDef<'setNoticeSettings'> = {
  access: 'staff',
  async run(settings, actor, _request, deps) {
    return noticeSettings.setNoticeSettings({ store: deps.store, settings, actor });
  },
};

export const getMessagingStatus: FunctionDef<'getMessagingStatus'> = {
  access: 'staff',
  async run(_payload, _staff, _request, deps) {
    return messagingStatus({
      store: deps.store,
      line: deps.lineSender,
      pushConfigured: deps.webPush.configured,
      serviceConfigured: deps.serviceMessages.enabled,
      sms: { seal: deps.smsSealer, sender: deps.smsSender },
    });
  },
};
