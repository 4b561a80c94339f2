/** Turns an outbox row into a LINE push or a Web Push with the catalogue's wording. */
import { t } from '../../shared/labels/ja.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../shared/queue/slot.js';
import type { Store } from '../storage/port.js';
import type { LineSender } from './line-sender.js';
import type { WebPush } from '../push/web-push.js';
import { pushKeysUsable } from '../push/subscriptions.js';
import type { Deliverer } from './worker.js';

/** A recall is only worth showing while the patient can still come: keep it short-lived at push services. */
const TTL_SECONDS = { recall: 10 * 60, ahead5: 60 * 60, announcement: 60 * 60 } as const;

export function noticeText(kind: 'ahead5' | 'recall', clinic: string, n: number, threshold = AHEAD_NOTICE_THRESHOLD): string {
  if (kind === 'ahead5' && threshold !== AHEAD_NOTICE_THRESHOLD) return t('notice.aheadN', { clinic, n, ahead: threshold });
  return t(kind === 'ahead5' ? 'notice.ahead5' : 'notice.recall', { clinic, n });
}

/** The patient's own threshold (it cannot change once the notice is queued); 5 for a slot since removed. */
async function thresholdOf(store: Store, slotId: string): Promise<number> {
  const slot = await store.db.selectFrom('reservation_slots').select('notice_threshold').where('id', '=', slotId).executeTakeFirst();
  return slot?.notice_threshold ?? AHEAD_NOTICE_THRESHOLD;
}

export function createDeliverer(deps: { store: Store; line: LineSender; webPush: WebPush; clinicName: string }): Deliverer {
  return {
    async deliver(row, signal) {
      const text =
        row.kind === 'announcement'
          ? t('notice.announcement', { clinic: deps.clinicName, text: row.body ?? '' })
          : noticeText(
              row.kind,
              deps.clinicName,
              row.reservation_number,
              row.kind === 'ahead5' ? await thresholdOf(deps.store, row.slot_id) : undefined,
            );
      if (row.channel === 'LINE') return deps.line.push(row.recipient, text, row.retry_key, signal);
      const sub = row.endpoint
        ? await deps.store.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', row.endpoint).executeTakeFirst()
        : undefined;
      if (!sub || sub.uid !== row.recipient) return { kind: 'fail', reason: 'push subscription no longer exists' };
      // Saved before subscriptions were checked: nothing can be encrypted to it, so it is removed.
      if (!pushKeysUsable({ p256dh: sub.p256dh, auth: sub.auth })) {
        return { kind: 'gone', reason: 'push subscription keys are not a P-256 key and 16-byte secret' };
      }
      return deps.webPush.send(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        { title: deps.clinicName, body: text, link: '/pwa/my' },
        { ttlSeconds: TTL_SECONDS[row.kind], topic: `${row.kind}-${row.reservation_number}`, signal },
      );
    },
    async forget(row) {
      if (row.endpoint) await deps.store.db.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute();
    },
  };
}
