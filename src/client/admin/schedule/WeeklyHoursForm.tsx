/** Each weekday's consultation periods (zero or more), saved together with saveWeeklyHours. */
import { t } from '../labels.js';
import type { Period, ScheduleSettings, WeeklyHours } from '../../../shared/schedule/types.js';
import { callFn } from '../../api/fn.js';
import { weekdayLetter } from '../../ui/schedule-text.js';
import { PeriodsEditor, readPeriods } from './PeriodsEditor.js';
import { useDraft } from '../use-draft.js';
import { useSave } from './save-status.js';
import { SettingsCard } from '../SettingsCard.js';

/** Monday first, as clinics print their hours; Sunday (0) last. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

export interface WeeklyHoursFormProps {
  saved: WeeklyHours;
  settings: ScheduleSettings;
  onSaved(): void;
}

export function WeeklyHoursForm({ saved, settings, onSaved }: WeeklyHoursFormProps) {
  // A fresh copy from the server replaces the draft only when the hours themselves changed.
  const [draft, setDraft] = useDraft(saved);
  const save = useSave();

  async function submit() {
    const weekly = draft.map(readPeriods);
    if (weekly.some((day) => day === null)) return save.refuseHere(t('admin.schedule.needTime'));
    if (await save.run(() => callFn('saveWeeklyHours', { weekly: weekly as Period[][] }), t('admin.schedule.savedWeekly'))) onSaved();
  }

  return (
    <SettingsCard
      id="schedule-weekly"
      title={t('admin.schedule.weekly')}
      saveLabel={t('admin.schedule.saveWeekly')}
      save={save}
      onSubmit={submit}
      actionsClass="schedule-actions"
    >
      <table className="weekly-table">
        <tbody>
          {ORDER.map((weekday) => {
            const owner = t('admin.schedule.weekday', { day: weekdayLetter(weekday) });
            return (
              <tr key={weekday} className={weekday === 0 ? 'sunday' : weekday === 6 ? 'saturday' : undefined}>
                <th scope="row">{owner}</th>
                <td>
                  <PeriodsEditor
                    owner={owner}
                    periods={draft[weekday]!}
                    emptyText={t('admin.schedule.noPeriods')}
                    onChange={(update) => setDraft((week) => week.map((p, i) => (i === weekday ? update(p) : p)))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">
        {t('admin.schedule.weeklyNote', { after: settings.openAfterStartMinutes, before: settings.closeBeforeEndMinutes })}
      </p>
    </SettingsCard>
  );
}
