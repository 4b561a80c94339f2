/**
 * What one calendar edge does, decided from the runtime row as it is under the writers' lock: it switches
 * through the same rule as staff (reception/rule.ts), except that a hand on the switch after the
 * edge's time stands, that online never opens without in-house (staff decide; a banner says so), and that
 * in-house never ends on patients still waiting (they are seen whatever the clock says).
 */
import type { SwitchName } from '../../../../shared/queue/reception-switches.js';
import { type Edge, type EdgeKind, edgeFamily, edgesOfDays, type HolidayLookup, nextEdge } from '../../../../shared/schedule/rules.js';
import type { ClinicSchedule } from '../../../../shared/schedule/types.js';
import { tokyoDateAndTime } from '../../../../shared/schedule/calendar.js';
import type { RuntimeTable } from '../../../storage/schema.js';
import { type SwitchChange, decideSwitch, isAlreadySo } from '../../reception/rule.js';

export type EdgeOutcome = 'started' | 'ended' | 'unchanged' | 'manual' | 'inhouseOff' | 'waiting';

export type EdgeRuntime = Pick<
  RuntimeTable,
  'inhouse_on' | 'online_on' | 'current_session_id' | 'schedule_notice_at' | 'online_manual_at' | 'inhouse_manual_at'
>;

export interface EdgePlan {
  outcome: EdgeOutcome;
  /** The switch to write (outcome started or ended). */
  change: SwitchChange | null;
  /** The staff banner "online could not open": set to the edge's time, cleared, or left as it is. */
  notice: 'set' | 'clear' | null;
}

const SWITCH_OF: Record<EdgeKind, SwitchName> = {
  onlineStart: 'startOnline',
  onlineEnd: 'endOnline',
  inhouseStart: 'startInhouse',
  inhouseEnd: 'endInhouse',
};

export function decideEdge(
  edge: Edge,
  runtime: EdgeRuntime,
  { activeReservations, numbersPerSession }: { activeReservations: number; numbersPerSession: number },
): EdgePlan {
  // The end of online hours takes the banner down even when staff had switched by hand.
  const notice = edge.kind === 'onlineEnd' && runtime.schedule_notice_at !== null ? ('clear' as const) : null;
  const plan = (outcome: EdgeOutcome, change: SwitchChange | null = null, set = false): EdgePlan => ({
    outcome,
    change,
    notice: set ? 'set' : notice,
  });
  // Staff switched by hand after this edge's time (while every server was down): their choice stands.
  const manualAt = edgeFamily(edge.kind) === 'online' ? runtime.online_manual_at : runtime.inhouse_manual_at;
  if (manualAt !== null && manualAt > new Date(edge.at).toISOString()) return plan('manual');
  const name = SWITCH_OF[edge.kind];
  if (isAlreadySo(name, runtime)) return plan('unchanged');
  const decision = decideSwitch(name, runtime, { activeReservations, numbersPerSession });
  if ('refusal' in decision) {
    // Online without in-house would hand out numbers nobody serves.
    return decision.refusal === 'inhouseStopped' ? plan('inhouseOff', null, true) : plan('waiting');
  }
  if (!decision.change) return plan('unchanged');
  return plan(edge.kind.endsWith('Start') ? 'started' : 'ended', decision.change);
}

/**
 * The window the calendar last opened (`lastOnline`: the latest online edge applied) is no longer in the
 * calendar (staff closed the day, or moved its hours, while it was open): its end edge will never come, so
 * it ends now. Null when nothing vanished.
 */
export function vanishedWindow(
  lastOnline: { edge_at: string; kind: string } | undefined,
  schedule: ClinicSchedule,
  now: Date,
  holidays: HolidayLookup,
): Edge | null {
  if (!lastOnline || lastOnline.kind !== 'onlineStart') return null;
  const at = Date.parse(lastOnline.edge_at);
  const stillThere = edgesOfDays(schedule, tokyoDateAndTime(at).date, 1, holidays).some((e) => e.kind === 'onlineStart' && e.at === at);
  return stillThere ? null : { at: now.getTime(), kind: 'onlineEnd' };
}

/** A timer counts elapsed time, not the clock: waking at least this often notices a wall clock that jumped. */
export const MAX_SLEEP_MS = 10 * 60 * 1000;

/** How long the scheduler sleeps: until the calendar's next edge (now if it is due), at most MAX_SLEEP_MS. */
export function sleepUntilNextEdge(schedule: ClinicSchedule, now: number, holidays: HolidayLookup): number {
  const next = nextEdge(schedule, now, holidays);
  return next ? Math.min(Math.max(next.at - now, 0), MAX_SLEEP_MS) : MAX_SLEEP_MS;
}
