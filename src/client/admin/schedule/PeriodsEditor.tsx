/**
 * Zero or more consultation periods as time inputs, each removable, with one button to add another (at
 * most four, as the calendar allows). Whether they overlap or leave room for an online window is for the
 * server to say on save; here the inputs only keep what was typed.
 */
import { t } from '../../../shared/labels/ja.js';
import { DEFAULT_SCHEDULE, type Period } from '../../../shared/schedule/types.js';

export const MAX_PERIODS = 4;

export interface PeriodsEditorProps {
  /** Who the periods belong to, read out with every input: 「月曜日」, 「この日の」. */
  owner: string;
  periods: Period[];
  onChange(periods: Period[]): void;
  /** Shown when there is no period. */
  emptyText: string;
}

/** A new period starts as the spec's morning, then its evening, then after the last one. */
function newPeriod(periods: readonly Period[]): Period {
  const last = periods[periods.length - 1];
  return DEFAULT_SCHEDULE.weekly[1]![periods.length] ?? { start: last!.end, end: last!.end };
}

export function PeriodsEditor({ owner, periods, onChange, emptyText }: PeriodsEditorProps) {
  const set = (i: number, field: keyof Period, value: string) =>
    onChange(periods.map((p, j) => (j === i ? { ...p, [field]: value } : p)));
  return (
    <div className="periods">
      {periods.length === 0 && <span className="periods-empty">{emptyText}</span>}
      {periods.map((p, i) => (
        <span key={i} className="period">
          <input
            type="time"
            step={300}
            value={p.start}
            aria-label={t('admin.schedule.periodStart', { owner, n: i + 1 })}
            onChange={(e) => set(i, 'start', e.currentTarget.value)}
          />
          <span aria-hidden="true">{t('admin.schedule.to')}</span>
          <input
            type="time"
            step={300}
            value={p.end}
            aria-label={t('admin.schedule.periodEnd', { owner, n: i + 1 })}
            onChange={(e) => set(i, 'end', e.currentTarget.value)}
          />
          <button
            type="button"
            className="button small"
            aria-label={t('admin.schedule.removePeriod', { owner, n: i + 1 })}
            onClick={() => onChange(periods.filter((_, j) => j !== i))}
          >
            {t('admin.schedule.remove')}
          </button>
        </span>
      ))}
      {periods.length < MAX_PERIODS && (
        <button
          type="button"
          className="button small"
          aria-label={t('admin.schedule.addPeriodFor', { owner })}
          onClick={() => onChange([...periods, newPeriod(periods)])}
        >
          {t('admin.schedule.addPeriod')}
        </button>
      )}
    </div>
  );
}

/** Every time filled in: an emptied time input would reach the server as a shape error, not a clear one. */
export function allFilled(periods: readonly Period[]): boolean {
  return periods.every((p) => p.start !== '' && p.end !== '');
}
