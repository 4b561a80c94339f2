/** The public page's week: today and the six days after, each day's online hours or 休診 with the holiday. */
import { t } from '../ui/language.js';
import type { DaySchedule, PublicSchedule } from '../../shared/schedule/types.js';
import { currentLang } from '../ui/language.js';
import { rangesText, shortDate } from '../ui/schedule-text.js';

function hoursText(day: DaySchedule): string {
  // The holiday's name in the reader's language where the dataset has it.
  const holiday = (currentLang() === 'en' && day.holidayNameEn) || day.holidayName;
  if (day.closedReason === 'holiday' && holiday) return t('schedule.dayHolidayClosed', { name: holiday });
  if (day.closedReason) return t('schedule.dayClosed');
  return day.online.length > 0 ? rangesText(day.online) : t('schedule.dayNoOnline');
}

export function WeekAhead({ schedule }: { schedule: PublicSchedule }) {
  return (
    <table className="week-ahead">
      <caption>{t('schedule.weekTitle')}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('schedule.weekDay')}</th>
          <th scope="col">{t('schedule.weekHours')}</th>
        </tr>
      </thead>
      <tbody>
        {schedule.days.map((day) => (
          <tr key={day.date} className={day.closedReason ? 'closed' : undefined} aria-current={day.date === schedule.today ? 'date' : undefined}>
            <th scope="row">
              {shortDate(day.date)}
              {day.date === schedule.today && <span className="week-today"> {t('schedule.today')}</span>}
            </th>
            <td>
              {hoursText(day)}
              {/* A space first, so a screen reader does not run the hours into the note. */}
              {day.note && <> <span className="schedule-note">{day.note}</span></>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
