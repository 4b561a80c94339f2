/**
 * Staff edit the clinic calendar. Each edit reads the calendar under the writers' lock, checks the whole
 * result (an offset change can empty a window of any day), saves it whole and audits before and after:
 * a refused edit changes nothing. No rule file: the rule is the whole calendar's check, shared with the
 * screens (src/shared/schedule/validate.ts).
 */
import type { ClinicSchedule, ScheduleOverride, ScheduleSettings, WeeklyHours } from '../../../../shared/schedule/types.js';
import type { HolidayLookup } from '../../../../shared/schedule/rules.js';
import { scheduleProblem, sortPeriods } from '../../../../shared/schedule/validate.js';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { readSchedule, writeSchedule } from '../document.js';
import { japaneseHoliday } from '../holidays.js';
import { liveQueueRows, toLiveQueue } from '../../queues/read.js';
import { overlappingRanges } from '../../queues/rule.js';

interface EditOptions {
  store: Store;
  actor?: Actor;
}

/** Applies `change` to the stored calendar; `audit` picks what the trail records of before and after. */
async function editSchedule(
  { store, actor }: EditOptions,
  action: string,
  target: string | null,
  change: (current: ClinicSchedule) => ClinicSchedule,
  audit: (schedule: ClinicSchedule) => unknown,
) {
  return store.write(async (ctx) => {
    const { schedule: current } = await readSchedule(ctx.tx, store);
    const next = change(current);
    const problem = scheduleProblem(next);
    if (problem) throw new AppError('INVALID_ARGUMENT', problem.key, problem.params);
    // More numbers a session lengthens every queue's range: two must not come to share a number (decision 063).
    const n = next.settings.numbersPerSession;
    if (n > current.settings.numbersPerSession) {
      const clash = overlappingRanges((await liveQueueRows(ctx.tx)).map(toLiveQueue), n);
      if (clash) throw new AppError('INVALID_ARGUMENT', 'queues.error.sessionTooLarge', { n, first: clash[0].nameJa, second: clash[1].nameJa, from: clash[1].firstNumber });
    }
    await writeSchedule(ctx, next);
    await writeAudit(ctx.tx, actor, { action, target, before: audit(current), after: audit(next) }, ctx.now);
    return { ok: true as const };
  });
}

export function saveWeeklyHours(options: EditOptions & { weekly: WeeklyHours }) {
  const weekly = options.weekly.map(sortPeriods);
  return editSchedule(options, 'saveWeeklyHours', null, (s) => ({ ...s, weekly }), (s) => s.weekly);
}

export function saveScheduleSettings(options: EditOptions & { settings: ScheduleSettings }) {
  const { settings } = options;
  return editSchedule(options, 'saveScheduleSettings', null, (s) => ({ ...s, settings }), (s) => s.settings);
}

export function saveScheduleOverride(options: EditOptions & { override: ScheduleOverride }) {
  const override = { ...options.override, periods: sortPeriods(options.override.periods) };
  const { date } = override;
  return editSchedule(
    options,
    'saveScheduleOverride',
    date,
    (s) => ({ ...s, overrides: [...s.overrides.filter((o) => o.date !== date), override].sort((a, b) => a.date.localeCompare(b.date)) }),
    (s) => s.overrides.find((o) => o.date === date) ?? null,
  );
}

export function deleteScheduleOverride(options: EditOptions & { date: string }) {
  const { date } = options;
  return editSchedule(
    options,
    'deleteScheduleOverride',
    date,
    (s) => ({ ...s, overrides: s.overrides.filter((o) => o.date !== date) }),
    (s) => s.overrides.find((o) => o.date === date) ?? null,
  );
}

export function setHolidayOpening(options: EditOptions & { date: string; open: boolean; holidays?: HolidayLookup }) {
  const { date, open, holidays = japaneseHoliday } = options;
  if (holidays(date) === null) throw new AppError('INVALID_ARGUMENT', 'schedule.error.notHoliday', { date });
  return editSchedule(
    options,
    'setHolidayOpening',
    date,
    (s) => {
      const others = s.holidayOpenings.filter((d) => d !== date);
      return { ...s, holidayOpenings: open ? [...others, date].sort() : others };
    },
    (s) => ({ open: s.holidayOpenings.includes(date) }),
  );
}
