/**
 * One date's exception to the week: as usual, closed (休診), or other hours (午前のみ, special hours),
 * with an optional note for patients. "As usual" removes the date's override.
 */
import { useEffect, useState } from 'react';
import { t } from '../labels.js';
import type { DaySchedule, Period, ScheduleOverride } from '../../../shared/schedule/types.js';
import { callFn } from '../../api/fn.js';
import { dayLabel } from './MonthCalendar.js';
import { PeriodsEditor, readPeriods } from './PeriodsEditor.js';
import { SaveMessage, useSave } from './save-status.js';

type Kind = 'regular' | 'closed' | 'hours';

export interface DayEditorProps {
  day: DaySchedule;
  override: ScheduleOverride | undefined;
  /** That weekday's regular periods: where other hours start from. */
  regular: Period[];
  holidayOpen: boolean;
  onSaved(): void;
}

const KINDS: { kind: Kind; label: 'admin.schedule.kindRegular' | 'admin.schedule.kindClosed' | 'admin.schedule.kindHours' }[] = [
  { kind: 'regular', label: 'admin.schedule.kindRegular' },
  { kind: 'closed', label: 'admin.schedule.kindClosed' },
  { kind: 'hours', label: 'admin.schedule.kindHours' },
];

const kindOf = (override: ScheduleOverride | undefined): Kind =>
  !override ? 'regular' : override.periods.length === 0 ? 'closed' : 'hours';

/**
 * The parent keys this by date. A fresh copy of the date's override from the server (saved here, or
 * removed from the list) starts the form over, but keeps the confirmation of what was just saved.
 */
export function DayEditor({ day, override, regular, holidayOpen, onSaved }: DayEditorProps) {
  const [kind, setKind] = useState<Kind>(kindOf(override));
  const [periods, setPeriods] = useState<Period[]>(override?.periods.length ? override.periods : regular);
  const [note, setNote] = useState(override?.note ?? '');
  const savedText = JSON.stringify(override ?? null);
  const regularText = JSON.stringify(regular);
  useEffect(() => {
    const saved = JSON.parse(savedText) as ScheduleOverride | null;
    setKind(kindOf(saved ?? undefined));
    setPeriods(saved?.periods.length ? saved.periods : (JSON.parse(regularText) as Period[]));
    setNote(saved?.note ?? '');
  }, [savedText, regularText]);
  const save = useSave();
  const label = dayLabel(day.date);

  async function submit() {
    if (kind === 'regular') {
      if (!override) return;
      if (await save.run(() => callFn('deleteScheduleOverride', { date: day.date }), t('admin.schedule.clearedDay', { date: label }))) onSaved();
      return;
    }
    const chosen = kind === 'closed' ? [] : readPeriods(periods);
    if (!chosen) return save.refuseHere(t('admin.schedule.needTime'));
    const saved = await save.run(
      () => callFn('saveScheduleOverride', { date: day.date, periods: chosen, note: note.trim() || null }),
      t('admin.schedule.savedDay', { date: label }),
    );
    if (saved) onSaved();
  }

  return (
    <section className="card day-editor" aria-labelledby="day-editor">
      <h2 id="day-editor">{t('admin.schedule.dayTitle', { date: label })}</h2>
      {day.holidayName && (
        <p className="day-holiday">
          {t(holidayOpen ? 'admin.schedule.holidayOpenHere' : 'admin.schedule.holidayClosedHere', { name: day.holidayName })}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="day-kind">
          <legend>{t('admin.schedule.dayKind')}</legend>
          {KINDS.map((k) => (
            <label key={k.kind} className="check">
              <input type="radio" name="day-kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
              <span>{t(k.label)}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'hours' && (
          <fieldset className="day-periods">
            <legend>{t('admin.schedule.dayPeriods')}</legend>
            <PeriodsEditor owner={t('admin.schedule.dayOwner')} periods={periods} emptyText="" onChange={setPeriods} />
            {regular.length > 1 && (
              <button type="button" className="button small" onClick={() => setPeriods([regular[0]!])}>
                {t('admin.schedule.morningOnly')}
              </button>
            )}
          </fieldset>
        )}
        {kind !== 'regular' && (
          <label className="admin-field">
            <span>{t('admin.schedule.note')}</span>
            <input type="text" maxLength={200} value={note} placeholder={t('admin.schedule.notePlaceholder')} onChange={(e) => setNote(e.currentTarget.value)} />
          </label>
        )}
        <div className="schedule-actions">
          <button type="submit" className="button primary" disabled={save.busy || (kind === 'regular' && !override)}>
            {t('admin.schedule.saveDay')}
          </button>
          <SaveMessage state={save.state} />
        </div>
      </form>
    </section>
  );
}
