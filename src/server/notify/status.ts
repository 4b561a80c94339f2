/** What staff see of messaging: LINE messages sent this month (Tokyo), LINE's quota, recent failures. */
import type { MessagingStatus } from '../../shared/schemas/functions.js';
import type { Store } from '../storage/port.js';
import type { LineSender } from './line-sender.js';
import { tokyoMonthStart } from '../../shared/time/tokyo.js';
import { calloutSettings } from '../domain/callout/callouts.js';

export async function messagingStatus(deps: {
  store: Store;
  line: LineSender;
  pushConfigured: boolean;
  now?: Date;
}): Promise<MessagingStatus> {
  const { store } = deps;
  const [sent, runtime, failures, quota] = await Promise.all([
    store.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('channel', '=', 'LINE')
      .where('status', '=', 'sent')
      .where('sent_at', '>=', tokyoMonthStart(deps.now ?? new Date()))
      .executeTakeFirstOrThrow(),
    store.db
      .selectFrom('runtime')
      .select(['line_ahead5_on', 'line_recall_on', 'callout_on', 'callout_volume', 'callout_text', 'callout_recent'])
      .where('id', '=', 1).executeTakeFirstOrThrow(),
    store.db
      .selectFrom('outbox')
      .select(['slot_id', 'reservation_number', 'kind', 'channel', 'last_error', 'updated_at'])
      .where('status', '=', 'failed')
      .orderBy('updated_at', 'desc')
      .limit(20)
      .execute(),
    deps.line.quota(),
  ]);
  return {
    lineConfigured: deps.line.configured,
    pushConfigured: deps.pushConfigured,
    lineSentThisMonth: Number(sent.n),
    lineQuota: quota,
    settings: { lineAhead5: runtime.line_ahead5_on === 1, lineRecall: runtime.line_recall_on === 1 },
    callout: calloutSettings(runtime),
    failures: failures.map((f) => ({
      slotId: f.slot_id,
      reservationNumber: f.reservation_number,
      kind: f.kind,
      channel: f.channel,
      reason: f.last_error ?? '',
      at: f.updated_at,
    })),
  };
}
