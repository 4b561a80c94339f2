/**
 * One month of the calendar as the server applied it: each day's consultation periods and online windows,
 * holidays by name, closed days and notes. A day is a button: choosing it opens its editor.
 */
import { t } from '../labels.js';
import type { DaySchedule } from '../../../shared/schedule/types.js';
import { clockText, weekdayLetter } from '../../ui/schedule-text.js';
import './month-calendar.css';

/** 'YYYY-MM' moved by n months. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

export function dayLabel(date: string): string {
  const [, m, d] = date.split('-').map(Number);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return t('admin.schedule.dayLabel', { month: m!, day: d!, weekday: weekdayLetter(weekday) });
}

export interface MonthCalendarProps {
  month: string;
  days: DaySchedule[];
  today: string;
  selected: string;
  /** Dates with an override, marked 変更あり. */
  changed: ReadonlySet<string>;
  onSelect(date: string): void;
  onMonth(month: string): void;
}

function Times({ kind, periods }: { kind: 'consult' | 'online'; periods: DaySchedule['periods'] }) {
  if (periods.length === 0) return null;
  return (
    <span className={`cal-times cal-${kind}`}>
      <span className="visually-hidden">{t(kind === 'consult' ? 'admin.schedule.consult' : 'admin.schedule.online')} </span>
      {periods.map((p) => (
        <span key={p.start} className="cal-range">
          {t('schedule.range', { start: clockText(p.start), end: clockText(p.end) })}
        </span>
      ))}
    </span>
  );
}

function DayCell({ day, today, selected, changed, onSelect }: { day: DaySchedule; today: boolean; selected: boolean; changed: boolean; onSelect(): void }) {
  const infoId = `cal-${day.date}`;
  const classes = ['cal-day', day.closedReason ? 'closed' : '', day.holidayName ? 'holiday' : '', day.weekday === 0 ? 'sunday' : day.weekday === 6 ? 'saturday' : ''];
  return (
    <td className={classes.filter(Boolean).join(' ')} aria-current={today ? 'date' : undefined}>
      {/* The day's details sit beside the button, not in it: its name stays the date alone, which is all
          a screen reader needs to pick a day (axe: the name must contain the button's visible text); they
          are its description, and the button covers the whole cell for a click. */}
      <button type="button" className="cal-button" aria-pressed={selected} aria-label={dayLabel(day.date)} aria-describedby={infoId} onClick={onSelect}>
        <span className="cal-date" aria-hidden="true">
          {Number(day.date.slice(8))}
        </span>
      </button>
      <span id={infoId} className="cal-info">
        {day.holidayName && <span className="cal-holiday">{day.holidayName}</span>}
        {changed && <span className="cal-changed">{t('admin.schedule.changed')}</span>}
        {day.closedReason ? <span className="cal-closed">{t('admin.schedule.closed')}</span> : null}
        <Times kind="consult" periods={day.periods} />
        <Times kind="online" periods={day.online} />
        {day.note && <span className="cal-note">{day.note}</span>}
      </span>
    </td>
  );
}

export function MonthCalendar({ month, days, today, selected, changed, onSelect, onMonth }: MonthCalendarProps) {
  const [year, m] = month.split('-').map(Number);
  const cells: (DaySchedule | null)[] = [...Array<null>(days[0]?.weekday ?? 0).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  return (
    <section className="card schedule-calendar" aria-labelledby="schedule-month">
      <div className="calendar-head">
        <button type="button" className="button" onClick={() => onMonth(shiftMonth(month, -1))}>
          {t('admin.schedule.prevMonth')}
        </button>
        <h2 id="schedule-month" aria-live="polite">
          {t('admin.schedule.month', { year: year!, month: m! })}
        </h2>
        <button type="button" className="button" onClick={() => onMonth(shiftMonth(month, 1))}>
          {t('admin.schedule.nextMonth')}
        </button>
      </div>
      <table className="month-calendar">
        <caption className="visually-hidden">{t('admin.schedule.calendar')}</caption>
        <thead>
          <tr>
            {[0, 1, 2, 3, 4, 5, 6].map((w) => (
              <th key={w} scope="col">
                {weekdayLetter(w)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day ? (
                  <DayCell
                    key={day.date}
                    day={day}
                    today={day.date === today}
                    selected={day.date === selected}
                    changed={changed.has(day.date)}
                    onSelect={() => onSelect(day.date)}
                  />
                ) : (
                  <td key={`blank-${j}`} className="cal-blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar-legend">
        <span className="cal-times cal-consult">{t('admin.schedule.legendConsult')}</span>
        <span className="cal-times cal-online">{t('admin.schedule.legendOnline')}</span>
        <span className="muted">{t('admin.schedule.legend')}</span>
      </p>
    </section>
  );
}
