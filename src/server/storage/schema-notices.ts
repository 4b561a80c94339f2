/**
 * The notice tables as Kysely sees them (the outbox, LINE MINI App service tokens, the daily counts, LINE
 * webhook deliveries), kept apart from schema.ts, which joins them into the Database.
 */

/** How a notice goes: LINE, Web Push to the app, or a text message to a desk patient's mobile (0026). */
export type NoticeChannel = 'LINE' | 'PWA' | 'SMS';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One message to one recipient (a LINE user, or one push subscription), written with its cause. */
export interface OutboxTable {
  id: string;
  /** 'taken' (0015): the number-taken service message, sent only by a LINE MINI App service message. */
  kind: 'ahead5' | 'recall' | 'announcement' | 'absence' | 'taken' | 'moved';
  channel: NoticeChannel;
  slot_id: string;
  reservation_number: number;
  recipient: string;
  endpoint: string | null;
  /** X-Line-Retry-Key: the same on every attempt, so LINE accepts the message once. */
  retry_key: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** The message itself, for kinds whose words are not a label (announcements); null otherwise. */
  body: string | null;
  /** How a LINE row goes (0015): null, 'service', 'service-done' or 'push' (migration-0015-service-messages.ts). */
  path: OutboxPath | null;
}

export type OutboxPath = 'service' | 'service-done' | 'push';

export type ServiceTokenState = 'issuing' | 'ready' | 'spent' | 'failed' | 'refused';

/** A reservation's LINE MINI App service notification token (0015), sealed; see migration-0015-service-messages.ts. */
export interface ServiceTokenTable {
  slot_id: string;
  liff_digest: string;
  /**
   * issuing: asked of LINE; ready: usable while remaining > 0 and not expired; spent / failed: never again;
   * refused: the LIFF access token was not the MINI App's for this patient, LINE's notifier never asked (decision 057).
   */
  state: ServiceTokenState;
  /** The sealed notification token (auth/sealed.ts), null until issued. */
  token: string | null;
  remaining: number;
  expires_at: string | null;
  attempt_outbox_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Finished notices counted per Tokyo day, channel and queue, written before the retention job deletes them. */
export interface NoticeDailyTable {
  day: string;
  channel: NoticeChannel;
  /** The queue of the notice's number (0023, decision 065); 'main' for counts kept before queues. */
  queue_id: string;
  sent: number;
  failed: number;
}

/** A LINE webhook event handled (its `webhookEventId`), so a redelivery is not answered twice (migration 0016). */
export interface LineWebhookEventTable {
  event_id: string;
  received_at: string;
}

/** A desk patient's mobile number (0026, decision 070): sealed (auth/sealed.ts) and masked; gone when the reservation ends. */
export interface SmsNumberTable {
  slot_id: string;
  /** The E.164 number, sealed for this slot. */
  phone: string;
  /** What staff see, e.g. 090-****-5678. */
  masked: string;
  created_at: string;
}

/** An SMS the provider accepted (0026): its message id and the price it reported when it accepted it. */
export interface SmsUsageTable {
  outbox_id: string;
  message_sid: string;
  sent_at: string;
  price: string | null;
  price_unit: string | null;
}
