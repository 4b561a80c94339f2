/**
 * The four reception switches. Starting in-house opens a new reception session with the calendar's
 * numbers per session (default 200); ending it closes the session (kept as history). Staff switch by hand
 * here; the clinic calendar switches at its edges through `applySwitch` (domain/schedule/edges.ts).
 */
import { randomUUID } from 'node:crypto';
import { type SwitchName, type SwitchRefusal, switchRefusal } from '../../shared/queue/rules.js';
import type { LabelKey } from '../../shared/labels/all.js';
import { AppError } from '../errors.js';
import type { Store, WriteContext } from '../storage/port.js';
import { freshSlotRow } from '../storage/slot-row.js';
import { type Actor, writeAudit } from './audit.js';
import { readScheduleAt } from './schedule/document.js';

const REFUSAL_MESSAGES: Record<SwitchRefusal, LabelKey> = {
  inhouseStopped: 'admin.inhouseStopped',
  onlineOpen: 'admin.endInhouseOnlineOpen',
  reservationsExist: 'admin.endInhouseReservationsExist',
};

const INSERT_CHUNK = 250;

export async function switchReception({ store, name, actor }: { store: Store; name: SwitchName; actor?: Actor }) {
  return store.write(async (ctx) => {
    const { runtime } = ctx;
    const refusal = switchRefusal(name, {
      inhouseOn: runtime.inhouse_on === 1,
      onlineOn: runtime.online_on === 1,
      activeReservations: name === 'endInhouse' ? await countActive(ctx) : 0,
    });
    if (refusal) throw new AppError('FAILED_PRECONDITION', REFUSAL_MESSAGES[refusal]);
    const numbers = name === 'startInhouse' ? (await readScheduleAt(ctx.tx, store, runtime.schedule_version)).schedule.settings.numbersPerSession : 0;
    const changed = await applySwitch(name, ctx, actor, numbers);
    if (changed) {
      // A hand on the switch stands until the calendar's next edge (an edge missed before it is not caught up).
      const manual = name.endsWith('Online') ? { online_manual_at: ctx.now } : { inhouse_manual_at: ctx.now };
      await ctx.tx.updateTable('runtime').set(manual).where('id', '=', 1).execute();
    }
    return { ok: true as const, changed };
  });
}

/**
 * Switches under the writers' lock (the caller has checked the refusals) and audits the change; false when
 * the switch was already so. `runtime` must be the row as it is now in this transaction.
 */
export async function applySwitch(
  name: SwitchName,
  ctx: WriteContext,
  actor: Actor | undefined,
  numbersPerSession: number,
  runtime = ctx.runtime,
): Promise<boolean> {
  const changed = await apply(name, { ...ctx, runtime }, numbersPerSession);
  if (!changed) return false;
  ctx.emit({ type: 'receptionSwitched' });
  const flags = (inhouse: number, online: number) => ({ inhouseOn: inhouse === 1, onlineOn: online === 1 });
  const after = await ctx.tx.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  await writeAudit(ctx.tx, actor, {
    action: name,
    before: flags(runtime.inhouse_on, runtime.online_on),
    after: { ...flags(after.inhouse_on, after.online_on), sessionId: after.current_session_id },
  }, ctx.now);
  return true;
}

async function apply(name: SwitchName, { tx, runtime, now }: WriteContext, numbersPerSession: number): Promise<boolean> {
  switch (name) {
    case 'startInhouse': {
      if (runtime.inhouse_on) return false;
      const sessionId = randomUUID();
      await tx.insertInto('reception_sessions').values({ id: sessionId, opened_at: now, closed_at: null }).execute();
      const rows = Array.from({ length: numbersPerSession }, (_, i) => freshSlotRow(sessionId, i + 1, randomUUID(), now));
      // In chunks: 999 rows in one statement would pass SQLite's limit of bound values.
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.insertInto('reservation_slots').values(rows.slice(i, i + INSERT_CHUNK)).execute();
      }
      // In-house is on again: the calendar's "could not open online" banner has done its job.
      await tx
        .updateTable('runtime')
        .set({ inhouse_on: 1, current_session_id: sessionId, schedule_notice_at: null })
        .where('id', '=', 1)
        .execute();
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

export async function countActive({ tx, runtime }: Pick<WriteContext, 'tx' | 'runtime'>): Promise<number> {
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
