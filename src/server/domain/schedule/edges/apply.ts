/**
 * The calendar switches reception at its edges, exactly once per edge however many server processes share
 * the database. Every process may try; under the writers' lock (decision 001) the first claims the edge by
 * inserting its row in schedule_edges, switches and audits in that same transaction, and the others find it
 * claimed. A process that was down catches up at start, but only the latest edge of each kind matters: a
 * start whose window already ended is never replayed.
 */
import { type Edge, type EdgeKind, type HolidayLookup, dueEdges, edgeFamily } from '../../../../shared/schedule/rules.js';
import type { ClinicSchedule } from '../../../../shared/schedule/types.js';
import type { Store, WriteContext } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { applySwitch, countActive } from '../../reception/apply.js';
import { readSchedule, readScheduleAt } from '../document.js';
import { type EdgeOutcome, decideEdge, vanishedWindow } from './rule.js';

/** The audit trail's actor for what the calendar did (docs/decisions/018-clinic-calendar.md). */
export const SCHEDULE_ACTOR: Actor = { id: null, username: 'schedule' };

const FAMILY_KINDS: Record<'online' | 'inhouse', EdgeKind[]> = {
  online: ['onlineStart', 'onlineEnd'],
  inhouse: ['inhouseStart', 'inhouseEnd'],
};

const iso = (at: number) => new Date(at).toISOString();

/**
 * Applies the edges due at `now` that no process applied yet. Returns what was done (empty: nothing due);
 * a plain read first, so the usual wake-up with nothing to do takes no lock.
 */
export async function applyDueEdges(store: Store, now: Date, holidays: HolidayLookup): Promise<{ edge: Edge; outcome: EdgeOutcome }[]> {
  const { schedule } = await readSchedule(store.db, store);
  const due = dueEdges(schedule, now.getTime(), holidays);
  const pending = await Promise.all(due.map((edge) => isPending(store.db, edge)));
  if (!pending.some(Boolean) && !(await vanished(store.db, schedule, now, holidays))) return [];
  return store.write(async (ctx) => {
    // Again under the lock, with the calendar as it is now: another process may have been first.
    const locked = await readScheduleAt(ctx.tx, store, ctx.runtime.schedule_version);
    const done: { edge: Edge; outcome: EdgeOutcome }[] = [];
    const apply = async (edge: Edge) => {
      const outcome = await applyEdge(ctx, edge, locked.schedule.settings.numbersPerSession);
      await ctx.tx.insertInto('schedule_edges').values({ edge_at: iso(edge.at), kind: edge.kind, outcome, applied_at: ctx.now }).execute();
      done.push({ edge, outcome });
    };
    for (const edge of dueEdges(locked.schedule, now.getTime(), holidays)) {
      if (await isPending(ctx.tx, edge)) await apply(edge);
    }
    const gone = await vanished(ctx.tx, locked.schedule, now, holidays);
    if (gone) await apply(gone);
    return done;
  });
}

/** The end edge owed to an open window that left the calendar (rule.ts), or null. */
async function vanished(db: Store['db'] | WriteContext['tx'], schedule: ClinicSchedule, now: Date, holidays: HolidayLookup): Promise<Edge | null> {
  const last = await db
    .selectFrom('schedule_edges')
    .select(['edge_at', 'kind'])
    .where('kind', 'in', FAMILY_KINDS.online)
    .orderBy('edge_at', 'desc')
    .orderBy('kind', 'desc') // at one instant an end is applied before a start: the start is the later
    .limit(1)
    .executeTakeFirst();
  return vanishedWindow(last, schedule, now, holidays);
}

/** Not applied, and no later edge of its family was either. */
async function isPending(db: Store['db'] | WriteContext['tx'], edge: Edge): Promise<boolean> {
  const row = await db
    .selectFrom('schedule_edges')
    .select('edge_at')
    .where('kind', 'in', FAMILY_KINDS[edgeFamily(edge.kind)])
    .where('edge_at', '>=', iso(edge.at))
    .limit(1)
    .executeTakeFirst();
  return !row;
}

/** Decides the edge on the runtime row as earlier edges of this transaction left it, then writes it. */
async function applyEdge(ctx: WriteContext, edge: Edge, numbersPerSession: number): Promise<EdgeOutcome> {
  const runtime = await ctx.tx.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const activeReservations = edge.kind === 'inhouseEnd' ? await countActive({ tx: ctx.tx, runtime }) : 0;
  const plan = decideEdge(edge, runtime, { activeReservations, numbersPerSession });
  const edgeAt = iso(edge.at);
  if (plan.notice) {
    await ctx.tx.updateTable('runtime').set({ schedule_notice_at: plan.notice === 'set' ? edgeAt : null }).where('id', '=', 1).execute();
    ctx.emit({ type: 'receptionSwitched' });
    if (plan.notice === 'set') await writeAudit(ctx.tx, SCHEDULE_ACTOR, { action: 'schedule.inhouseOff', target: edgeAt }, ctx.now);
  }
  if (plan.change) await applySwitch(plan.change, ctx, SCHEDULE_ACTOR, runtime);
  // An online window's edge ends what "closed on time" told patients (../online-late/apply.ts): the calendar speaks again.
  if (edgeFamily(edge.kind) === 'online' && runtime.online_late_at !== null && !plan.change) {
    await ctx.tx.updateTable('runtime').set({ online_late_at: null }).where('id', '=', 1).execute();
    ctx.emit({ type: 'receptionSwitched' });
  }
  return plan.outcome;
}
