/**
 * Zero or more consultation periods as time fields, each removable, with one button to add another (at
 * most four, as the calendar allows). Whether they overlap or leave room for an online window is for the
 * server to say on save; here the fields only keep what was typed and read it as a 24-hour time.
 *
 * Text fields, not <input type="time">: that one shows "04:30 PM" wherever the browser's own language is
 * not Japanese, while the clinic writes 16:30; and a Japanese keyboard's full-width ９：３０ is read too.
 */
import { t } from '../labels.js';
// Types only: types.ts also holds the zod schemas, and zod probes `new Function` at load, which the CSP refuses.
import type { Period } from '../../../shared/schedule/types.js';

export const MAX_PERIODS = 4;

export interface PeriodsEditorProps {
  /** Who the periods belong to, read out with every input: 「月曜日」, 「この日の」. */
  owner: string;
  periods: Period[];
  /** Given an update of the periods, not the result: two edits in one render both count. */
  onChange(update: (periods: Period[]) => Period[]): void;
  /** Shown when there is no period. */
  emptyText: string;
}

/** What a new period starts as: a morning, then an evening, then one after the last (to be typed over). */
const STARTERS: Period[] = [
  { start: '09:00', end: '11:30' },
  { start: '16:30', end: '19:00' },
];

function newPeriod(periods: readonly Period[]): Period {
  const last = periods[periods.length - 1];
  return STARTERS[periods.length] ?? { start: last!.end, end: last!.end };
}

/** One end of a period, typed as HH:MM. */
function TimeField({ placeholder, value, label, onChange }: { placeholder: string; value: string; label: string; onChange(value: string): void }) {
  return (
    <input
      type="text"
      inputMode="numeric"
      className="time-field"
      maxLength={5}
      placeholder={placeholder}
      value={value}
      aria-label={label}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export function PeriodsEditor({ owner, periods, onChange, emptyText }: PeriodsEditorProps) {
  const set = (i: number, field: keyof Period, value: string) =>
    onChange((list) => list.map((p, j) => (j === i ? { ...p, [field]: value } : p)));
  return (
    <div className="periods">
      {periods.length === 0 && <span className="periods-empty">{emptyText}</span>}
      {periods.map((p, i) => (
        <span key={i} className="period">
          <TimeField
            placeholder="09:00"
            value={p.start}
            label={t('admin.schedule.periodStart', { owner, n: i + 1 })}
            onChange={(value) => set(i, 'start', value)}
          />
          <span aria-hidden="true">{t('admin.schedule.to')}</span>
          <TimeField
            placeholder="19:00"
            value={p.end}
            label={t('admin.schedule.periodEnd', { owner, n: i + 1 })}
            onChange={(value) => set(i, 'end', value)}
          />
          <button
            type="button"
            className="button small"
            aria-label={t('admin.schedule.removePeriod', { owner, n: i + 1 })}
            onClick={() => onChange((list) => list.filter((_, j) => j !== i))}
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
          onClick={() => onChange((list) => (list.length < MAX_PERIODS ? [...list, newPeriod(list)] : list))}
        >
          {t('admin.schedule.addPeriod')}
        </button>
      )}
    </div>
  );
}

/** '9:00', '09:00', '900' or '９：００' as 'HH:MM'; null for anything that is not a time of day. */
export function readTime(text: string): string | null {
  const ascii = text.trim().replace(/[０-９：]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const match = /^(\d{1,2}):?(\d{2})$/.exec(ascii);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The periods as the server takes them, or null when a field is empty or not a time: those would reach
 * the server as a shape error instead of the clear message the staff need.
 */
export function readPeriods(periods: readonly Period[]): Period[] | null {
  const read = periods.map((p) => ({ start: readTime(p.start), end: readTime(p.end) }));
  return read.every((p) => p.start && p.end) ? (read as Period[]) : null;
}
