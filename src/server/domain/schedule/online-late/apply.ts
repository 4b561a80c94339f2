/**
 * Online reception closes on time (issue 35, docs/decisions/050-online-closes-on-time.md): the apply step of
 * the pure rule in src/shared/schedule/online-late.ts. The schedule runner calls it on its tick (at most a
 * minute apart while the setting is on). Like a calendar edge it happens once across processes: under the
 * writers' lock the first process records the period's row in schedule_edges (kind 'onlineLate', at the
 * period's start), ends online reception and audits it, by "schedule", with the reason; every later check in
 * that period — another process, a re-check, or after staff reopened by hand — finds the row and does nothing.
 */
import { currentPeriod, decideLateClose, type LateDecision, type LateFacts } from '../../../../shared/schedule/online-late.js';
import type { HolidayLookup } from '../../../../shared/schedule/rules.js';
import type { ClinicSchedule } from '../../../../shared/schedule/types.js';
import type { Store, WriteContext } from '../../../storage/port.js';
import type { RuntimeTable } from '../../../storage/schema.js';
import { writeAudit } from '../../audit.js';
import type { LiveEstimator } from '../../estimate/live-estimate.js';
import { loadQueueState } from '../../queue-state.js';
import { readScheduleAt } from '../document.js';
import { SCHEDULE_ACTOR } from '../edges/apply.js';

/** The schedule_edges kind of this close; it is no calendar edge (edges/apply.ts looks only at its own kinds). */
export const LATE_KIND = 'onlineLate';

export type LateClose = Extract<LateDecision, { close: true }> & { waiting: number };

const iso = (at: number) => new Date(at).toISOString();

type Facts = Omit<LateFacts, 'estimate' | 'waiting'>;
const factsOf = (runtime: Pick<RuntimeTable, 'online_on' | 'online_manual_at'>, schedule: ClinicSchedule, now: Date, holidays: HolidayLookup): Facts => ({
  now: now.getTime(),
  schedule,
  holidays,
  onlineOn: runtime.online_on === 1,
  onlineManualAt: runtime.online_manual_at,
});

/** The period's row is there: this period was closed for lateness already (whatever staff did since). */
async function closedThisPeriod(db: Store['db'] | WriteContext['tx'], periodStart: number): Promise<boolean> {
  const row = await db.selectFrom('schedule_edges').select('kind').where('edge_at', '=', iso(periodStart)).where('kind', '=', LATE_KIND).executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends online reception when the rule says so and this period was not closed yet; returns the close, or
 * null. Cheap when there is nothing to do: the setting off, online off, between periods or a hand on the
 * switch cost two small reads (the runtime row, the cached calendar) and no lock.
 */
export async function closeOnlineIfLate({
  store,
  now,
  estimator,
  holidays,
}: {
  store: Store;
  now: Date;
  estimator: LiveEstimator;
  holidays: HolidayLookup;
}): Promise<LateClose | null> {
  const runtime = await store.db.selectFrom('runtime').select(['online_on', 'online_manual_at', 'schedule_version']).where('id', '=', 1).executeTakeFirstOrThrow();
  const { schedule } = await readScheduleAt(store.db, store, runtime.schedule_version);
  // Everything but the estimate first: only 'noEstimate' means the queue is worth reading.
  if (decideLateClose({ ...factsOf(runtime, schedule, now, holidays), estimate: null, waiting: 0 }).why !== 'noEstimate') return null;
  const period = currentPeriod(schedule, now.getTime(), holidays)!;
  if (await closedThisPeriod(store.db, period.start)) return null;
  // The same estimate and `ahead` the live queue snapshot gives patients (live/hub.ts).
  const state = await loadQueueState(store, now);
  const { estimate } = await estimator(state);
  const waiting = state.runtime.currentWaitCount;
  if (!decideLateClose({ ...factsOf(runtime, schedule, now, holidays), estimate, waiting }).close) return null;
  return store.write(async (ctx) => {
    // Again under the lock, on the row and calendar as they are now (another process may have been first,
    // staff may have switched); the estimate read a moment ago stands.
    const locked = (await readScheduleAt(ctx.tx, store, ctx.runtime.schedule_version)).schedule;
    const decision = decideLateClose({ ...factsOf(ctx.runtime, locked, now, holidays), estimate, waiting });
    if (!decision.close || (await closedThisPeriod(ctx.tx, decision.period.start))) return null;
    const periodAt = iso(decision.period.start);
    await ctx.tx.insertInto('schedule_edges').values({ edge_at: periodAt, kind: LATE_KIND, outcome: 'ended', applied_at: ctx.now }).execute();
    await ctx.tx.updateTable('runtime').set({ online_on: 0, online_late_at: ctx.now }).where('id', '=', 1).execute();
    ctx.emit({ type: 'receptionSwitched' });
    const { lateMarginMinutes } = locked.settings;
    const after = { onlineOn: false, expectedAt: decision.expectedAt, periodEnd: iso(decision.period.end), lateMarginMinutes, waiting };
    await writeAudit(ctx.tx, SCHEDULE_ACTOR, { action: 'schedule.onlineLate', target: periodAt, before: { onlineOn: true }, after }, ctx.now);
    return { ...decision, waiting };
  });
}

