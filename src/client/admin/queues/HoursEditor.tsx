/**
 * A queue's own hours (decision 061): "the clinic's calendar" or weekly periods, each with its weekdays (one
 * checkbox each) and two times typed as HH:MM. Text fields, not <input type="time">, as the calendar's
 * (schedule/PeriodsEditor.tsx): that one shows "04:30 PM" in a browser not set to Japanese, and it cannot say
 * 24:00. Whether a period is well formed is checked on save (queue-draft.ts) and by the server.
 */
import { t } from '../labels.js';
import { names } from '../../../shared/time/tokyo.js';
import { QUEUE_PERIODS_MAX, type QueuePeriod } from '../../../shared/queue/queue-hours.js';

/** Monday first, as a clinic's week is read; Sunday last. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

export interface HoursEditorProps {
  /** null: the clinic's calendar. */
  periods: QueuePeriod[] | null;
  onChange(update: (periods: QueuePeriod[] | null) => QueuePeriod[] | null): void;
}

const STARTER: QueuePeriod = { days: [1, 2, 3, 4, 5], from: '09:00', to: '12:00' };

export function HoursEditor({ periods, onChange }: HoursEditorProps) {
  const weekdays = names(t('date.weekdays'));
  const set = (i: number, change: Partial<QueuePeriod>) => onChange((list) => (list ?? []).map((p, j) => (j === i ? { ...p, ...change } : p)));
  const toggleDay = (i: number, day: number, on: boolean) =>
    onChange((list) => (list ?? []).map((p, j) => (j === i ? { ...p, days: on ? [...p.days, day].sort() : p.days.filter((d) => d !== day) } : p)));

  return (
    <fieldset className="queue-hours">
      <legend>{t('queues.hours')}</legend>
      <label className="check">
        <input type="radio" name="queue-hours" checked={periods === null} onChange={() => onChange(() => null)} />
        <span>{t('queues.hoursFollow')}</span>
      </label>
      <label className="check">
        <input type="radio" name="queue-hours" checked={periods !== null} onChange={() => onChange((list) => list ?? [{ ...STARTER }])} />
        <span>{t('queues.hoursOwnChoice')}</span>
      </label>
      {periods !== null && (
        <div className="queue-periods">
          <p className="muted">{t('queues.hoursNote')}</p>
          {periods.map((p, i) => (
            <fieldset key={i} className="queue-period">
              <legend>{t('queues.period', { n: i + 1 })}</legend>
              <div className="queue-days">
                {WEEK.map((day) => (
                  <label key={day} className="queue-day" aria-label={t('queues.periodDay', { n: i + 1, day: weekdays[day] ?? '' })}>
                    <input type="checkbox" checked={p.days.includes(day)} onChange={(e) => toggleDay(i, day, e.currentTarget.checked)} />
                    <span aria-hidden="true">{weekdays[day]}</span>
                  </label>
                ))}
              </div>
              <div className="queue-times">
                <input
                  type="text"
                  inputMode="numeric"
                  className="time-field"
                  maxLength={5}
                  placeholder="09:00"
                  value={p.from}
                  aria-label={t('queues.periodFrom', { n: i + 1 })}
                  onChange={(e) => set(i, { from: e.currentTarget.value })}
                />
                <span aria-hidden="true">{t('admin.schedule.to')}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  className="time-field"
                  maxLength={5}
                  placeholder="12:00"
                  value={p.to}
                  aria-label={t('queues.periodTo', { n: i + 1 })}
                  onChange={(e) => set(i, { to: e.currentTarget.value })}
                />
                <button
                  type="button"
                  className="button small"
                  disabled={periods.length === 1}
                  aria-label={t('queues.removePeriod', { n: i + 1 })}
                  onClick={() => onChange((list) => (list ?? []).filter((_, j) => j !== i))}
                >
                  {t('queues.remove')}
                </button>
              </div>
            </fieldset>
          ))}
          {periods.length < QUEUE_PERIODS_MAX && (
            <button type="button" className="button" onClick={() => onChange((list) => [...(list ?? []), { ...STARTER }])}>
              {t('queues.addPeriod')}
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}
