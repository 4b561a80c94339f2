/** The month's public holidays (each closed unless opened) and every date that differs from the week. */
import { t } from '../labels.js';
import type { DaySchedule, ScheduleOverride } from '../../../shared/schedule/types.js';
import { callFn } from '../../api/fn.js';
import { rangesText, shortDate } from '../../ui/schedule-text.js';
import { HolidayToggle } from './HolidayToggle.js';
import { SaveMessage, useSave } from './save-status.js';
import { StaffTable } from '../StaffTable.js';

export function HolidayList({ month, days, openings, onSaved }: { month: number; days: DaySchedule[]; openings: readonly string[]; onSaved(): void }) {
  const holidays = days.filter((d) => d.holidayName);
  return (
    <section className="card holiday-list" aria-labelledby="holiday-list">
      <h2 id="holiday-list">{t('admin.schedule.holidays', { month })}</h2>
      {holidays.length === 0 && <p className="muted">{t('admin.schedule.noHolidays')}</p>}
      {holidays.map((d) => (
        <HolidayToggle key={d.date} date={d.date} name={d.holidayName!} open={openings.includes(d.date)} onSaved={onSaved} />
      ))}
    </section>
  );
}

export interface OverrideListProps {
  overrides: ScheduleOverride[];
  onSelect(date: string): void;
  onSaved(): void;
}

export function OverrideList({ overrides, onSelect, onSaved }: OverrideListProps) {
  const save = useSave();
  const sorted = [...overrides].sort((a, b) => a.date.localeCompare(b.date));
  async function remove(date: string) {
    if (await save.run(() => callFn('deleteScheduleOverride', { date }), t('admin.schedule.clearedDay', { date: shortDate(date) }))) onSaved();
  }
  return (
    <section className="card override-list" aria-labelledby="override-list">
      <h2 id="override-list">{t('admin.schedule.overrides')}</h2>
      {sorted.length === 0 ? (
        <p className="muted">{t('admin.schedule.noOverrides')}</p>
      ) : (
        <StaffTable
          columns={[
            t('admin.schedule.colDate'),
            t('admin.schedule.colHours'),
            t('admin.schedule.colNote'),
            t('admin.schedule.colActions'),
          ]}
        >
          {sorted.map((o) => (
            <tr key={o.date}>
              <th scope="row">
                <button type="button" className="link-button" onClick={() => onSelect(o.date)}>
                  {shortDate(o.date)}
                </button>
              </th>
              <td>{o.periods.length === 0 ? t('admin.schedule.closed') : rangesText(o.periods)}</td>
              <td>{o.note ?? ''}</td>
              <td>
                <button
                  type="button"
                  className="button small"
                  aria-label={t('admin.schedule.removeOverride', { date: shortDate(o.date) })}
                  disabled={save.busy}
                  onClick={() => void remove(o.date)}
                >
                  {t('admin.schedule.remove')}
                </button>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <SaveMessage state={save.state} />
    </section>
  );
}
