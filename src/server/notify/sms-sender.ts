/**
 * SMS through Twilio's Messages API (decision 070): POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To/From/Body, HTTP Basic auth SID:token; the base URL is configurable for the local fake. Bounded
 * like every outside call (outside/bounded-fetch.ts: a timeout that aborts, no redirects, a capped body) and
 * classified like the other channels (5xx/429/timeout retried by the worker, other 4xx given up).
 *
 * Neither the number nor the provider's error text ever leaves this module: Twilio's messages quote the To
 * number, so a refusal is recorded as its status and Twilio's numeric error code only (the outbox's
 * last_error is in backups, logs and /admin/messages).
 */
import type { Sealer } from '../auth/sealed.js';
import { fetchBounded } from '../outside/bounded-fetch.js';
import { resultOfStatus, retryOnError, type SendResult } from '../outside/send-result.js';
import type { Store } from '../storage/port.js';
import type { OutboxTable } from '../storage/schema.js';
import { readSmsAccount, type SmsAccount, smsNumberOf } from '../domain/sms/read.js';

/** What Twilio said of a message it accepted: its id and, when it knew it yet, the price. */
export interface SmsAccepted {
  sid: string;
  price: string | null;
  priceUnit: string | null;
}

export interface SmsSender {
  send(account: SmsAccount, to: string, body: string, signal?: AbortSignal): Promise<{ result: SendResult; accepted?: SmsAccepted }>;
  /** The message's price as Twilio reports it now (null while it has none yet, or when it could not be read). */
  price(account: SmsAccount, sid: string): Promise<{ price: string; priceUnit: string } | null>;
}

const API = '/2010-04-01/Accounts';

export function smsSender(settings: { baseUrl: string; timeoutMs?: number }): SmsSender {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const base = settings.baseUrl.replace(/\/+$/, '');
  const auth = (a: SmsAccount) => `Basic ${Buffer.from(`${a.accountSid}:${a.authToken}`).toString('base64')}`;

  return {
    async send(account, to, body, signal) {
      try {
        const answer = await fetchBounded(
          `${base}${API}/${encodeURIComponent(account.accountSid)}/Messages.json`,
          {
            method: 'POST',
            headers: { authorization: auth(account), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ To: to, From: account.from, Body: body }).toString(),
          },
          timeoutMs,
          signal,
        );
        const json = parseJson(answer.body);
        if (answer.status >= 200 && answer.status < 300) {
          const sid = typeof json?.sid === 'string' ? json.sid : '';
          return { result: { kind: 'sent' }, accepted: { sid, price: priceOf(json?.price), priceUnit: unitOf(json?.price_unit) } };
        }
        const code = typeof json?.code === 'number' ? `Twilio error ${json.code}` : '';
        return { result: resultOfStatus(answer.status, code) };
      } catch (err) {
        return { result: retryOnError(err) };
      }
    },
    async price(account, sid) {
      if (!/^[A-Z]{2}[0-9a-f]{32}$/.test(sid)) return null;
      try {
        const answer = await fetchBounded(
          `${base}${API}/${encodeURIComponent(account.accountSid)}/Messages/${sid}.json`,
          { method: 'GET', headers: { authorization: auth(account) } },
          timeoutMs,
        );
        const json = answer.status === 200 ? parseJson(answer.body) : null;
        const price = priceOf(json?.price);
        const priceUnit = unitOf(json?.price_unit);
        return price !== null && priceUnit !== null ? { price, priceUnit } : null;
      } catch {
        return null;
      }
    },
  };
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Twilio's price is a decimal string (negative: charged), e.g. "-0.07500"; anything else is no price. */
const priceOf = (v: unknown) => (typeof v === 'string' && /^-?\d{1,6}(\.\d{1,8})?$/.test(v) ? v : null);
const unitOf = (v: unknown) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? v : null);

/** An outbox row's SMS: the account and number read now (both sealed at rest), sent, and what Twilio accepted recorded. */
export function smsDelivery(deps: { store: Store; seal: Sealer; sender: SmsSender }) {
  return async (row: OutboxTable, text: string, signal: AbortSignal): Promise<SendResult> => {
    const account = await readSmsAccount(deps.store.db, deps.seal);
    if (!account) return { kind: 'fail', reason: 'SMS is off or its account is incomplete' };
    const to = await smsNumberOf(deps.store.db, deps.seal, row.slot_id);
    // Deleted since (the reservation ended) or sealed by another server's key: nobody to tell.
    if (!to) return { kind: 'fail', reason: 'no mobile number for this reservation' };
    const { result, accepted } = await deps.sender.send(account, to, text, signal);
    if (accepted) {
      // Sent is sent: a count that cannot be written must not turn the message into a failure (and a resend).
      await deps.store.db
        .insertInto('sms_usage')
        .values({ outbox_id: row.id, message_sid: accepted.sid, sent_at: new Date().toISOString(), price: accepted.price, price_unit: accepted.priceUnit })
        .onConflict((oc) => oc.column('outbox_id').doNothing())
        .execute()
        .catch(() => undefined);
    }
    return result;
  };
}
