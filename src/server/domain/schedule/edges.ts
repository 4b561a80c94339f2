/**
 * The calendar switches reception at its edges, exactly once per edge however many server processes share
 * the database. Every process may try; under the writers' lock (decision 001) the first claims the edge by
 * inserting its row in schedule_edges, switches and audits in that same transaction, and the others find it
 * claimed. A process that was down catches up at start, but only the latest edge of each kind matters: a
 * start whose window already ended is never replayed.
 */
import { type Edge, type EdgeKind, type HolidayLookup, dueEdges, edgeFamily } from '../../../shared/schedule/rules.js';
import type { Store, WriteContext } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';
import { applySwitch, countActive } from '../reception-switches.js';
import { readSchedule, readScheduleAt } from './document.js';

/** The audit trail's actor for what the calendar did (docs/decisions/018-clinic-calendar.md). */
export const SCHEDULE_ACTOR: Actor = { id: null, username: 'schedule' };

export type EdgeOutcome = 'started' | 'ended' | 'unchanged' | 'manual' | 'inhouseOff' | 'waiting';

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
  if (due.length === 0) return [];
  const pending = await Promise.all(due.map((edge) => isPending(store.db, edge)));
  if (!pending.some(Boolean)) return [];
  return store.write(async (ctx) => {
    // Again under the lock, with the calendar as it is now: another process may have been first.
    const locked = await readScheduleAt(ctx.tx, store, ctx.runtime.schedule_version);
    const done: { edge: Edge; outcome: EdgeOutcome }[] = [];
    for (const edge of dueEdges(locked.schedule, now.getTime(), holidays)) {
      if (!(await isPending(ctx.tx, edge))) continue;
      const outcome = await applyEdge(ctx, edge, locked.schedule.settings.numbersPerSession);
      await ctx.tx.insertInto('schedule_edges').values({ edge_at: iso(edge.at), kind: edge.kind, outcome, applied_at: ctx.now }).execute();
      done.push({ edge, outcome });
    }
    return done;
  });
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

async function currentRuntime(ctx: WriteContext): Promise<RuntimeTable> {
  return ctx.tx.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

async function applyEdge(ctx: WriteContext, edge: Edge, numbersPerSession: number): Promise<EdgeOutcome> {
  const runtime = await currentRuntime(ctx);
  const edgeAt = iso(edge.at);
  if (edge.kind === 'onlineEnd' && runtime.schedule_notice_at !== null) {
    await ctx.tx.updateTable('runtime').set({ schedule_notice_at: null }).where('id', '=', 1).execute();
    ctx.emit({ type: 'receptionSwitched' });
  }
  // Staff switched by hand after this edge's time (while every server was down): their choice stands.
  const manualAt = edgeFamily(edge.kind) === 'online' ? runtime.online_manual_at : runtime.inhouse_manual_at;
  if (manualAt !== null && manualAt > edgeAt) return 'manual';
  switch (edge.kind) {
    case 'onlineStart': {
      if (runtime.online_on) return 'unchanged';
      if (!runtime.inhouse_on) {
        // Online without in-house would hand out numbers nobody serves: staff decide, the banner says so.
        await ctx.tx.updateTable('runtime').set({ schedule_notice_at: edgeAt }).where('id', '=', 1).execute();
        ctx.emit({ type: 'receptionSwitched' });
        await writeAudit(ctx.tx, SCHEDULE_ACTOR, { action: 'schedule.inhouseOff', target: edgeAt }, ctx.now);
        return 'inhouseOff';
      }
      return (await applySwitch('startOnline', ctx, SCHEDULE_ACTOR, numbersPerSession, runtime)) ? 'started' : 'unchanged';
    }
    case 'onlineEnd':
      return (await applySwitch('endOnline', ctx, SCHEDULE_ACTOR, numbersPerSession, runtime)) ? 'ended' : 'unchanged';
    case 'inhouseStart':
      return (await applySwitch('startInhouse', ctx, SCHEDULE_ACTOR, numbersPerSession, runtime)) ? 'started' : 'unchanged';
    case 'inhouseEnd': {
      if (!runtime.inhouse_on) return 'unchanged';
      // Only when nobody waits: patients still in the queue are seen whatever the clock says.
      if (runtime.online_on || (await countActive({ tx: ctx.tx, runtime })) > 0) return 'waiting';
      return (await applySwitch('endInhouse', ctx, SCHEDULE_ACTOR, numbersPerSession, runtime)) ? 'ended' : 'unchanged';
    }
  }
}
