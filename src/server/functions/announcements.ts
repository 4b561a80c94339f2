/** The patient's own notice threshold and the clinic's announcements (issue 14, docs/decisions/021). */
import { lineMessagingConfigured } from '../config.js';
import { setMyNoticeThreshold } from '../domain/notices/own-notice.js';
import { clearAnnouncement, setAnnouncement } from '../domain/announcement/manage.js';
import { previewAnnouncementSend, sendAnnouncement } from '../domain/announcement/broadcast.js';
import { requirePatient, requireStaff } from '../http/caller.js';
import type { FunctionSet } from '../http/function-def.js';
import type { Deps } from '../http/deps.js';

const broadcastDeps = (deps: Deps) => ({
  store: deps.store,
  line: deps.lineSender,
  lineConfigured: lineMessagingConfigured(deps.config),
  pushConfigured: deps.webPush.configured,
});

export const announcementFunctions: FunctionSet<
  'setMyNoticeThreshold' | 'setAnnouncement' | 'clearAnnouncement' | 'previewAnnouncementSend' | 'sendAnnouncement'
> = {
  setMyNoticeThreshold: {
    async run({ slotId, threshold }, request, deps) {
      const patient = await requirePatient(request, deps);
      return setMyNoticeThreshold({ store: deps.store, ownerId: patient.uid, slotId, threshold });
    },
  },
  setAnnouncement: {
    async run({ text, until }, request, deps) {
      const actor = await requireStaff(request, deps);
      return setAnnouncement({ store: deps.store, text, until, actor });
    },
  },
  clearAnnouncement: {
    async run(_payload, request, deps) {
      const actor = await requireStaff(request, deps);
      return clearAnnouncement({ store: deps.store, actor });
    },
  },
  previewAnnouncementSend: {
    async run(_payload, request, deps) {
      await requireStaff(request, deps);
      return previewAnnouncementSend(broadcastDeps(deps));
    },
  },
  sendAnnouncement: {
    async run({ announcementId, lineMessages }, request, deps) {
      const actor = await requireStaff(request, deps);
      return sendAnnouncement({ ...broadcastDeps(deps), announcementId, lineMessages, actor });
    },
  },
};
