/**
 * The four reception switches, written. Starting in-house opens a new reception session with the
 * calendar's numbers per session (default 200); ending it closes the session (kept as history). What a
 * switch does is decided in rule.ts; staff switch by hand here, and the clinic calendar switches at
 * its edges through `applySwitch` (domain/schedule/edges/apply.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SwitchName, SwitchRefusal } from '../../../shared/queue/reception-switches.js';
import type { StaffKey } from '../../../shared/labels/staff.js';
import { AppError } from '../../errors.js';
import type { Store, WriteContext } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { freshSlotRow } from '../../storage/slot-row.js';
import { type Actor, writeAudit } from '../audit.js';
import { readScheduleAt } from '../schedule/document.js';
import { type SwitchChange, decideSwitch, manualColumn } from './rule.js';
import { forgetEndedNumbers } from '../sms/apply.js';
import { forgetEndedTicketPush } from '../ticket-push/forget.js';

const REFUSAL_MESSAGES: Record<SwitchRefusal, StaffKey> = {
  inhouseStopped: 'admin.inhouseStopped',
  onlineOpen: 'admin.endInhouseOnlineOpen',
  reservationsExist: 'admin.endInhouseReservationsExist',
};

const INSERT_CHUNK = 250;

export async function switchReception({ store, name, actor }: { store: Store; name: SwitchName; actor?: Actor }) {
  return store.write(async (ctx) => {
    const { runtime } = ctx;
    const decision = decideSwitch(name, runtime, {
      activeReservations: name === 'endInhouse' ? await countActive(ctx) : 0,
      numbersPerSession:
        name === 'startInhouse' ? (await readScheduleAt(ctx.tx, store, runtime.schedule_version)).schedule.settings.numbersPerSession : 0,
    });
    if ('refusal' in decision) throw new AppError('FAILED_PRECONDITION', REFUSAL_MESSAGES[decision.refusal]);
    if (!decision.change) return { ok: true as const, changed: false };
    await applySwitch(decision.change, ctx, actor);
    // A hand on the switch stands until the calendar's next edge (an edge missed before it is not caught up).
    await ctx.tx.updateTable('runtime').set({ [manualColumn(name)]: ctx.now }).where('id', '=', 1).execute();
    return { ok: true as const, changed: true };
  });
}

/**
 * Writes a decided switch under the writers' lock and audits it. `runtime` must be the row as it is now in
 * this transaction (the row the change was decided from).
 */
export async function applySwitch(change: SwitchChange, ctx: WriteContext, actor: Actor | undefined, runtime: RuntimeTable = ctx.runtime) {
  const { tx, now } = ctx;
  let sessionId = runtime.current_session_id;
  if (change.openSession) {
    sessionId = randomUUID();
    await tx.insertInto('reception_sessions').values({ id: sessionId, opened_at: now, closed_at: null }).execute();
    // Every live queue gets its own range of numbers (decision 061): first_number … first_number + n − 1.
    const queues = await tx.selectFrom('queues').select(['id', 'first_number']).where('removed_at', 'is', null).orderBy('position').execute();
    const { numbers } = change.openSession;
    const rows = queues.flatMap((q) => Array.from({ length: numbers }, (_, i) => freshSlotRow(sessionId!, q.first_number + i, randomUUID(), now, q.id)));
    // In chunks: 999 rows in one statement would pass SQLite's limit of bound values.
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insertInto('reservation_slots').values(rows.slice(i, i + INSERT_CHUNK)).execute();
    }
  }
  if (change.closeSession) {
    await tx.updateTable('reception_sessions').set({ closed_at: now }).where('id', '=', change.closeSession).execute();
    // The session's end ends every reservation in it: no mobile number outlives it (decision 070).
    await forgetEndedNumbers(ctx, true);
    await forgetEndedTicketPush(ctx, true);
  }
  // In-house on again: the calendar's "could not open online" banner has done its job.
  const opened = change.openSession ? { current_session_id: sessionId, schedule_notice_at: null } : {};
  // Any switch of online reception replaces the reason it was closed on time (domain/schedule/online-late/apply.ts).
  const online = 'online_on' in change.set ? { online_late_at: null } : {};
  await tx.updateTable('runtime').set({ ...change.set, ...opened, ...online }).where('id', '=', 1).execute();
  ctx.emit({ type: 'receptionSwitched' });
  const after = { ...runtime, ...change.set };
  const flags = (row: Pick<RuntimeTable, 'inhouse_on' | 'online_on'>) => ({ inhouseOn: row.inhouse_on === 1, onlineOn: row.online_on === 1 });
  await writeAudit(tx, actor, { action: change.name, before: flags(runtime), after: { ...flags(after), sessionId } }, now);
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
