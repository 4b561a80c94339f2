/**
 * Today's online hours as the calendar gives them (or why the clinic is closed today), when online
 * reception next opens, and the clinic's notes for those days (「11/28は午前のみの診療です」).
 */
import { t } from '../ui/language.js';
import type { DaySchedule, PublicSchedule } from '../../shared/schedule/types.js';
import { nextOpeningText, rangesText } from '../ui/schedule-text.js';

function todayLine(day: DaySchedule | undefined): string {
  if (!day) return '';
  if (day.closedReason === 'holiday') return t('schedule.closedHoliday');
  if (day.closedReason === 'weekly') return t('schedule.closedWeekly');
  if (day.closedReason === 'override') return t('schedule.closedOverride');
  return day.online.length > 0 ? t('schedule.todayHours', { hours: rangesText(day.online) }) : t('schedule.todayNoOnline');
}

export function TodaySchedule({ schedule, showNext }: { schedule: PublicSchedule; showNext: boolean }) {
  const today = schedule.days.find((d) => d.date === schedule.today);
  const next = schedule.nextOpening;
  const nextDay = next ? schedule.days.find((d) => d.date === next.date) : undefined;
  const notes = new Set([today?.note, showNext && nextDay !== today ? nextDay?.note : null].filter((n): n is string => Boolean(n)));
  return (
    <div className="today-schedule">
      <p className="today-hours">{todayLine(today)}</p>
      {showNext && (
        <p className="next-opening">{next ? nextOpeningText(next, schedule.today) : t('schedule.noNext')}</p>
      )}
      {[...notes].map((note) => (
        <p key={note} className="schedule-note">
          {note}
        </p>
      ))}
    </div>
  );
}
