/**
 * The four reception switches. Starting in-house opens a new reception session with 200 fresh numbers;
 * ending it closes the session (kept as history).
 */
import { randomUUID } from 'node:crypto';
import { SLOTS_PER_SESSION } from '../../shared/queue/slot.js';
import { type SwitchName, type SwitchRefusal, switchRefusal } from '../../shared/queue/rules.js';
import type { LabelKey } from '../../shared/labels/ja.js';
import { AppError } from '../errors.js';
import type { Store, WriteContext } from '../storage/port.js';
import { freshSlotRow } from '../storage/slot-row.js';
import { type Actor, writeAudit } from './audit.js';

const REFUSAL_MESSAGES: Record<SwitchRefusal, LabelKey> = {
  inhouseStopped: 'admin.inhouseStopped',
  onlineOpen: 'admin.endInhouseOnlineOpen',
  reservationsExist: 'admin.endInhouseReservationsExist',
};

export async function switchReception({ store, name, actor }: { store: Store; name: SwitchName; actor?: Actor }) {
  return store.write(async (ctx) => {
    const { runtime } = ctx;
    const refusal = switchRefusal(name, {
      inhouseOn: runtime.inhouse_on === 1,
      onlineOn: runtime.online_on === 1,
      activeReservations: name === 'endInhouse' ? await countActive(ctx) : 0,
    });
    if (refusal) throw new AppError('FAILED_PRECONDITION', REFUSAL_MESSAGES[refusal]);
    const changed = await apply(name, ctx);
    if (changed) {
      ctx.emit({ type: 'receptionSwitched' });
      const flags = (inhouse: number, online: number) => ({ inhouseOn: inhouse === 1, onlineOn: online === 1 });
      const after = await ctx.tx.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      await writeAudit(ctx.tx, actor, {
        action: name,
        before: flags(runtime.inhouse_on, runtime.online_on),
        after: { ...flags(after.inhouse_on, after.online_on), sessionId: after.current_session_id },
      }, ctx.now);
    }
    return { ok: true as const, changed };
  });
}

async function apply(name: SwitchName, { tx, runtime, now }: WriteContext): Promise<boolean> {
  switch (name) {
    case 'startInhouse': {
      if (runtime.inhouse_on) return false;
      const sessionId = randomUUID();
      await tx.insertInto('reception_sessions').values({ id: sessionId, opened_at: now, closed_at: null }).execute();
      const rows = Array.from({ length: SLOTS_PER_SESSION }, (_, i) => freshSlotRow(sessionId, i + 1, randomUUID(), now));
      await tx.insertInto('reservation_slots').values(rows).execute();
      await tx.updateTable('runtime').set({ inhouse_on: 1, current_session_id: sessionId }).where('id', '=', 1).execute();
      return true;
    }
    case 'endInhouse': {
      if (!runtime.inhouse_on) return false;
      if (runtime.current_session_id) {
        await tx.updateTable('reception_sessions').set({ closed_at: now }).where('id', '=', runtime.current_session_id).execute();
      }
      await tx.updateTable('runtime').set({ inhouse_on: 0 }).where('id', '=', 1).execute();
      return true;
    }
    case 'startOnline':
    case 'endOnline': {
      const on = name === 'startOnline' ? 1 : 0;
      if (runtime.online_on === on) return false;
      await tx.updateTable('runtime').set({ online_on: on }).where('id', '=', 1).execute();
      return true;
    }
  }
}

async function countActive({ tx, runtime }: WriteContext): Promise<number> {
  if (!runtime.current_session_id) return 0;
  const row = await tx
    .selectFrom('reservation_slots')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('session_id', '=', runtime.current_session_id)
    .where('is_reserved', '=', 1)
    .where('canceled', '=', 0)
    .where('is_reception_accepted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
