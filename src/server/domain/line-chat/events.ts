/**
 * LINE's webhook body read into the few facts the chat rule needs (docs/api.md, "LINE webhook"). Read only
 * after the signature was checked (line/webhook-route.ts), so the body is LINE's; still, every field is
 * read defensively: an event type or field LINE adds later is an event we do not answer, never a crash.
 */
import { z } from 'zod';

/** One event as the rule sees it. */
export interface ChatEvent {
  /** `webhookEventId` (a ULID): what makes a redelivery recognisable. */
  id: string;
  /** `message`, `follow`, `unfollow`, `postback`, … */
  type: string;
  /** When it happened (ms since the epoch, LINE's clock). */
  timestamp: number;
  /** Null for events that cannot be answered (unfollow, a message LINE already answered elsewhere). */
  replyToken: string | null;
  /** `user`, `group` or `room`. */
  sourceType: string;
  /** The LINE user id of the sender, when LINE gives it. */
  userId: string | null;
  /** `active`; `standby` while another module of the channel answers chats. */
  mode: string;
  /** The message's type (`text`, `sticker`, …) for a message event, else null. */
  messageType: string | null;
  /** A text message's text, else null. */
  text: string | null;
  isRedelivery: boolean;
}

/** A delivery holds a handful of events; more than this in one is not LINE's. */
export const MAX_EVENTS_PER_DELIVERY = 100;

const str = z.string().min(1).max(5000);
/**
 * What is stored (the event id) or queried (the sender's id) is visible ASCII, as LINE's are: a NUL would be
 * PostgreSQL's 22021, not a lookup (docs/decisions/058). The message text is neither stored nor shown.
 */
const key = (max: number) => z.string().min(1).max(max).regex(/^[\x21-\x7e]+$/);
const EVENT = z.looseObject({
  type: z.string().max(64),
  webhookEventId: key(64),
  timestamp: z.number(),
  mode: z.string().max(32).optional(),
  replyToken: str.optional(),
  source: z.looseObject({ type: z.string().max(32), userId: key(100).optional() }).optional(),
  message: z.looseObject({ type: z.string().max(32), text: z.string().max(10_000).optional() }).optional(),
  deliveryContext: z.looseObject({ isRedelivery: z.boolean().optional() }).optional(),
});
const BODY = z.looseObject({ events: z.array(z.unknown()).max(MAX_EVENTS_PER_DELIVERY) });

/**
 * The events of a delivery, or null when the body is not a webhook delivery at all. An event that does not
 * have the fields every LINE event has is left out (nothing to answer, nothing to remember).
 */
export function readDelivery(body: unknown): ChatEvent[] | null {
  const delivery = BODY.safeParse(body);
  if (!delivery.success) return null;
  const events: ChatEvent[] = [];
  for (const raw of delivery.data.events) {
    const parsed = EVENT.safeParse(raw);
    if (!parsed.success) continue;
    const e = parsed.data;
    events.push({
      id: e.webhookEventId,
      type: e.type,
      timestamp: e.timestamp,
      replyToken: e.replyToken ?? null,
      sourceType: e.source?.type ?? 'unknown',
      userId: e.source?.userId ?? null,
      mode: e.mode ?? 'active',
      messageType: e.type === 'message' ? (e.message?.type ?? null) : null,
      text: e.type === 'message' && e.message?.type === 'text' ? (e.message.text ?? '') : null,
      isRedelivery: e.deliveryContext?.isRedelivery ?? false,
    });
  }
  return events;
}
