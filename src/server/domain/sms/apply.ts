/**
 * A desk patient's mobile number, written (decision 070): saved sealed with its masked form, or removed, in
 * one write with its audit line (which names only the masked form); and every number whose reservation has
 * ended, deleted inside the write that ended it. The rules are rule.ts.
 */
import type { Sealer } from '../../auth/sealed.js';
import { AppError } from '../../errors.js';
import type { Store, WriteContext } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { numberContext } from './keys.js';
import { maskPhone, normalisePhone, numberEditable } from './rule.js';

export interface SetSmsNumber {
  store: Store;
  seal: Sealer;
  slotId: string;
  /** As the desk typed it; null removes the number. */
  phone: string | null;
  actor?: Actor;
}

export async function setSmsNumber({ store, seal, slotId, phone, actor }: SetSmsNumber): Promise<{ ok: true; masked: string | null }> {
  // Checked before the write: a bad number changes nothing.
  const e164 = phone === null ? null : normalisePhone(phone);
  return store.write(async (ctx) => {
    const { tx, now, runtime, emit } = ctx;
    const slot = await slotOfOpenSession(ctx, slotId);
    numberEditable(slot, runtime.sms_on === 1 || e164 === null);
    const before = await tx.selectFrom('sms_numbers').select('masked').where('slot_id', '=', slotId).executeTakeFirst();
    const masked = e164 === null ? null : maskPhone(e164);
    await tx.deleteFrom('sms_numbers').where('slot_id', '=', slotId).execute();
    if (e164 !== null) {
      await tx.insertInto('sms_numbers').values({ slot_id: slotId, phone: seal.seal(e164, numberContext(slotId)), masked: masked!, created_at: now }).execute();
    }
    emit({ type: 'slotMarked', slotId });
    // A number given once the turn is already near is told now, as the queue's next change would.
    if (e164 !== null) await enqueueAheadNotices(ctx);
    const target = `#${slot.reservation_number} ${slotId}`;
    await writeAudit(tx, actor, { action: 'setSmsNumber', target, before: before?.masked ?? null, after: masked }, now);
    return { ok: true as const, masked };
  });
}

/**
 * A reservation's number handed to the reservation that takes its place (a move to another queue, decision
 * 067), inside that write: sealed again for the new one, since a number sealed for one reservation opens for
 * no other. A number that no longer opens (the server's secret changed) is dropped, as it could not be texted.
 */
export async function carryNumber({ tx }: Pick<WriteContext, 'tx'>, seal: Sealer, fromSlotId: string, toSlotId: string): Promise<void> {
  const row = await tx.selectFrom('sms_numbers').selectAll().where('slot_id', '=', fromSlotId).executeTakeFirst();
  if (!row) return;
  await tx.deleteFrom('sms_numbers').where('slot_id', '=', fromSlotId).execute();
  const phone = seal.open(row.phone, numberContext(fromSlotId));
  if (phone === null) return;
  await tx.insertInto('sms_numbers').values({ ...row, slot_id: toSlotId, phone: seal.seal(phone, numberContext(toSlotId)) }).execute();
}

/** Refuses a walk-in's mobile before its number is taken: not a Japanese mobile, or SMS off. */
export async function checkDeskNumber(store: Store, phone: string): Promise<void> {
  normalisePhone(phone);
  const { sms_on } = await store.db.selectFrom('runtime').select('sms_on').where('id', '=', 1).executeTakeFirstOrThrow();
  if (sms_on !== 1) throw new AppError('FAILED_PRECONDITION', 'error.smsOff');
}

/**
 * Deletes the number of every reservation that has ended: served (started), cancelled or deleted, or of a
 * session no longer open. Called inside the write that ends them (mark-slot, the reception switches); the
 * table holds only the desk's few numbers, so this costs one small statement.
 */
export async function forgetEndedNumbers({ tx, runtime }: Pick<WriteContext, 'tx' | 'runtime'>, sessionOver = false): Promise<void> {
  if (sessionOver || !runtime.current_session_id) {
    await tx.deleteFrom('sms_numbers').execute();
    return;
  }
  const session = runtime.current_session_id;
  await tx
    .deleteFrom('sms_numbers')
    .where('slot_id', 'in', (eb) =>
      eb
        .selectFrom('reservation_slots')
        .select('id')
        .where('id', 'in', eb.selectFrom('sms_numbers').select('slot_id'))
        .where((w) => w.or([w('canceled', '=', 1), w('is_reception_accepted', '=', 1), w('session_id', '!=', session)])),
    )
    .execute();
}
