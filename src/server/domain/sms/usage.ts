/**
 * The month's SMS as /admin/messages shows it (decision 070): how many Twilio accepted and what it charged.
 * Twilio's create answer usually carries no price yet (it prices a message once the carrier has it), so the
 * price is taken from the create answer when it is there, else read later from the message resource
 * (GET …/Messages/{sid}.json) when staff open the page: at most PRICE_READS a time, each bounded by the
 * sender's timeout, all at once, so the page waits at most one timeout.
 */
import type { Sealer } from '../../auth/sealed.js';
import type { SmsMonth } from '../../../shared/schemas/answers.js';
import type { Store } from '../../storage/port.js';
import { readSmsAccount, type SmsAccount } from './read.js';
import { smsSettingsView } from './settings.js';

const PRICE_READS = 10;
/** A message younger than this has no price yet at Twilio: not asked for. */
const PRICE_AFTER_MS = 60_000;

/** Asks the provider for a message's price (notify/sms-sender.ts `price`): domain/ does not import notify/. */
export type PriceReader = (account: SmsAccount, sid: string) => Promise<{ price: string; priceUnit: string } | null>;

export async function smsMonth(deps: { store: Store; seal: Sealer; price: PriceReader; monthStart: string; now: Date }): Promise<SmsMonth> {
  const { store } = deps;
  const account = await readSmsAccount(store.db, deps.seal);
  if (account) {
    const unpriced = await store.db
      .selectFrom('sms_usage')
      .select(['outbox_id', 'message_sid'])
      .where('price', 'is', null)
      .where('sent_at', '>=', deps.monthStart)
      .where('sent_at', '<', new Date(deps.now.getTime() - PRICE_AFTER_MS).toISOString())
      .orderBy('sent_at')
      .limit(PRICE_READS)
      .execute();
    await Promise.all(
      unpriced.map(async (row) => {
        const priced = await deps.price(account, row.message_sid);
        if (priced) await store.db.updateTable('sms_usage').set({ price: priced.price, price_unit: priced.priceUnit }).where('outbox_id', '=', row.outbox_id).execute();
      }),
    );
  }
  const [runtime, rows] = await Promise.all([
    store.db.selectFrom('runtime').select(['sms_on', 'sms_account_sid', 'sms_auth_token', 'sms_from']).where('id', '=', 1).executeTakeFirstOrThrow(),
    store.db.selectFrom('sms_usage').select(['price', 'price_unit']).where('sent_at', '>=', deps.monthStart).execute(),
  ]);
  return { settings: smsSettingsView(runtime), ...sumCost(rows) };
}

/** The count, the summed price per currency (Twilio reports a charge as a negative price) and the rows without one. */
export function sumCost(rows: readonly { price: string | null; price_unit: string | null }[]): Pick<SmsMonth, 'sent' | 'cost' | 'unpriced'> {
  const byUnit = new Map<string, number>();
  let unpriced = 0;
  for (const { price, price_unit } of rows) {
    if (price === null || price_unit === null) {
      unpriced++;
      continue;
    }
    // In millionths, so summing many "0.07500" stays exact.
    byUnit.set(price_unit, (byUnit.get(price_unit) ?? 0) + Math.round(Math.abs(Number(price)) * 1e6));
  }
  const cost = [...byUnit].map(([unit, micro]) => ({ unit, amount: (micro / 1e6).toFixed(4) }));
  return { sent: rows.length, cost, unpriced };
}
