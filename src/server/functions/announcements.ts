/** The patient's own notice threshold and the clinic's announcements (issue 14, docs/decisions/021). */
import { lineMessagingConfigured } from '../config.js';
import * as ownNotice from '../domain/notices/own-notice/apply.js';
import * as announcementSet from '../domain/announcement/set/apply.js';
import * as announcementSend from '../domain/announcement/send/apply.js';
import type { FunctionDef } from '../http/function-def.js';
import type { Deps } from '../http/deps.js';

const broadcastDeps = (deps: Deps) => ({
  store: deps.store,
  line: deps.lineSender,
  lineConfigured: lineMessagingConfigured(deps.config),
  pushConfigured: deps.webPush.configured,
});

export const setMyNoticeThreshold: FunctionDef<'setMyNoticeThreshold'> = {
  access: 'patient',
  async run({ slotId, threshold, minutes }, patient, _request, deps) {
    const budget = deps.abuse.patientBudget('threshold', patient.uid);
    // The schema let exactly one of the two through (people ahead, or minutes before: decision 055).
    const choice = minutes !== undefined ? { minutes } : { threshold: threshold! };
    return ownNotice.setMyNoticeThreshold({ store: deps.store, ownerId: patient.uid, slotId, choice, budget });
  },
};

export const setAnnouncement: FunctionDef<'setAnnouncement'> = {
  access: 'staff',
  async run({ text, until }, actor, _request, deps) {
    return announcementSet.setAnnouncement({ store: deps.store, text, until, actor });
  },
};

export const clearAnnouncement: FunctionDef<'clearAnnouncement'> = {
  access: 'staff',
  async run(_payload, actor, _request, deps) {
    return announcementSet.clearAnnouncement({ store: deps.store, actor });
  },
};

export const previewAnnouncementSend: FunctionDef<'previewAnnouncementSend'> = {
  access: 'staff',
  async run(_payload, _staff, _request, deps) {
    return announcementSend.previewAnnouncementSend(broadcastDeps(deps));
  },
};

export const sendAnnouncement: FunctionDef<'sendAnnouncement'> = {
  access: 'staff',
  async run({ announcementId, lineMessages }, actor, _request, deps) {
    const limits = { cooldownMinutes: deps.config.ANNOUNCEMENT_SEND_COOLDOWN_MINUTES, perDay: deps.config.ANNOUNCEMENT_SENDS_PER_DAY };
    return announcementSend.sendAnnouncement({ ...broadcastDeps(deps), limits, announcementId, lineMessages, actor });
  },
};
