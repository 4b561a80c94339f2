/** What staff see of messaging: LINE messages sent this month (Tokyo), LINE's quota, recent failures. */
import type { MessagingStatus, NoticeKind, NoticeMonth } from '../../shared/schemas/functions.js';
import type { Store } from '../storage/port.js';
import type { LineSender } from './line-sender.js';
import { tokyoMonthStart } from '../../shared/time/tokyo.js';
import { calloutSettings } from '../domain/callout/callouts.js';
import type { Sealer } from '../auth/sealed.js';
import { smsMonth } from '../domain/sms/usage.js';
import type { SmsSender } from './sms-sender.js';

export async function messagingStatus(deps: {
  store: Store;
  line: LineSender;
  pushConfigured: boolean;
  serviceConfigured?: boolean;
  /** SMS (decision 070): its sender and the sealer of its token. */
  sms?: { seal: Sealer; sender: SmsSender };
  now?: Date;
}): Promise<MessagingStatus> {
  const { store } = deps;
  const now = deps.now ?? new Date();
  const monthStart = tokyoMonthStart(now);
  const [sent, runtime, failures, quota, month, sms] = await Promise.all([
    store.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('channel', '=', 'LINE')
      .where('status', '=', 'sent')
      .where('sent_at', '>=', monthStart)
      .where((eb) => eb.or([eb('path', 'is', null), eb('path', '!=', 'service-done')]))
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
    noticeMonth(store, monthStart, deps.serviceConfigured ?? false),
    deps.sms ? smsMonth({ store, seal: deps.sms.seal, price: (account, sid) => deps.sms!.sender.price(account, sid), monthStart, now }) : undefined,
  ]);
  return {
    lineConfigured: deps.line.configured,
    pushConfigured: deps.pushConfigured,
    lineSentThisMonth: Number(sent.n),
    lineQuota: quota,
    settings: { lineAhead5: runtime.line_ahead5_on === 1, lineRecall: runtime.line_recall_on === 1 },
    callout: calloutSettings(runtime),
    thisMonth: month,
    ...(sms ? { sms } : {}),
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

/** Every kind of notice, in the order staff read them. */
export const NOTICE_KINDS: readonly NoticeKind[] = ['taken', 'ahead5', 'recall', 'absence', 'moved', 'announcement'];

/** This month's notices per kind and way (issue 37): one grouped read of the outbox. */
async function noticeMonth(store: Store, monthStart: string, serviceConfigured: boolean): Promise<NoticeMonth> {
  const rows = await store.db
    .selectFrom('outbox')
    .select((eb) => ['kind', 'channel', 'path', 'status', eb.fn.countAll().as('n')])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', monthStart)]),
        eb.and([eb('status', '=', 'failed'), eb('updated_at', '>=', monthStart)]),
      ]),
    )
    .groupBy(['kind', 'channel', 'path', 'status'])
    .execute();
  const byKind = NOTICE_KINDS.map((kind) => ({ kind, service: 0, linePush: 0, webPush: 0, failed: 0 }));
  for (const row of rows) {
    const entry = byKind.find((e) => e.kind === row.kind);
    if (!entry) continue;
    const n = Number(row.n);
    if (row.status === 'failed') entry.failed += n;
    else if (row.path === 'service-done') entry.service += n;
    else if (row.channel === 'LINE') entry.linePush += n;
    else if (row.channel === 'PWA') entry.webPush += n;
  }
  const pushesSaved = byKind.filter((e) => e.kind !== 'taken').reduce((sum, e) => sum + e.service, 0);
  // LIFF access tokens LINE did not vouch for (decision 057): kept as rows without a token for the month.
  const refused = await store.db
    .selectFrom('service_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('state', '=', 'refused')
    .where('created_at', '>=', monthStart)
    .executeTakeFirstOrThrow();
  return { serviceConfigured, byKind, pushesSaved, liffTokensRefused: Number(refused.n) };
}
