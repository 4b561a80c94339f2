/**
 * The calendar's settings: the online window's offsets, numbers per session, automatic in-house reception,
 * and online reception closing on time (issue 35, decision 050).
 */
import type { StaffKey } from '../../../shared/labels/staff.js';
import { t } from '../labels.js';
import type { ScheduleSettings } from '../../../shared/schedule/types.js';
import { callFn } from '../../api/fn.js';
import { useDraft } from '../use-draft.js';
import { useSave } from './save-status.js';
import { SettingsCard } from '../SettingsCard.js';

type NumberField = 'openAfterStartMinutes' | 'closeBeforeEndMinutes' | 'numbersPerSession' | 'lateMarginMinutes';

interface FieldSpec {
  field: NumberField;
  label: StaffKey;
  unit: StaffKey;
  min: number;
  max: number;
}

const LATE_FIELD: FieldSpec = { field: 'lateMarginMinutes', label: 'admin.schedule.lateMargin', unit: 'admin.schedule.minutesBefore', min: 0, max: 120 };
const FIELDS: FieldSpec[] = [
  { field: 'openAfterStartMinutes', label: 'admin.schedule.openAfter', unit: 'admin.schedule.minutesAfter', min: 0, max: 180 },
  { field: 'closeBeforeEndMinutes', label: 'admin.schedule.closeBefore', unit: 'admin.schedule.minutesBefore', min: 0, max: 180 },
  { field: 'numbersPerSession', label: 'admin.schedule.numbersPerSession', unit: 'admin.schedule.numbersUnit', min: 1, max: 999 },
];
const CHECKED = [...FIELDS, LATE_FIELD];

/** Numbers are kept as typed, so clearing a field to retype it does not snap back to 0. */
type Draft = Record<NumberField, string> & { autoInhouse: boolean; closeOnlineWhenLate: boolean };

const toDraft = (s: ScheduleSettings): Draft => ({
  openAfterStartMinutes: String(s.openAfterStartMinutes),
  closeBeforeEndMinutes: String(s.closeBeforeEndMinutes),
  numbersPerSession: String(s.numbersPerSession),
  autoInhouse: s.autoInhouse,
  closeOnlineWhenLate: s.closeOnlineWhenLate,
  lateMarginMinutes: String(s.lateMarginMinutes),
});

export function SettingsForm({ saved, onSaved }: { saved: ScheduleSettings; onSaved(): void }) {
  const [draft, setDraft] = useDraft(toDraft(saved));
  const save = useSave();

  async function submit() {
    if (CHECKED.some(({ field }) => !/^\d+$/.test(draft[field].trim()))) return save.refuseHere(t('admin.schedule.needNumber'));
    // The server refuses these ranges only with its generic shape error: name the field and the range here.
    const outside = CHECKED.find(({ field, min, max }) => Number(draft[field]) < min || Number(draft[field]) > max);
    if (outside) return save.refuseHere(t('admin.schedule.numberRange', { label: t(outside.label), min: outside.min, max: outside.max }));
    const settings: ScheduleSettings = {
      openAfterStartMinutes: Number(draft.openAfterStartMinutes),
      closeBeforeEndMinutes: Number(draft.closeBeforeEndMinutes),
      numbersPerSession: Number(draft.numbersPerSession),
      autoInhouse: draft.autoInhouse,
      closeOnlineWhenLate: draft.closeOnlineWhenLate,
      lateMarginMinutes: Number(draft.lateMarginMinutes),
    };
    if (await save.run(() => callFn('saveScheduleSettings', { settings }), t('admin.schedule.savedSettings'))) onSaved();
  }

  const numberField = ({ field, label, unit, min, max }: FieldSpec) => (
    <label key={field} className="number-field">
      <span>{t(label)}</span>
      <span className="number-input">
        <input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={draft[field]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, [field]: value }));
          }}
        />
        <span aria-hidden="true">{t(unit)}</span>
      </span>
    </label>
  );

  return (
    <SettingsCard
      id="schedule-settings"
      title={t('admin.schedule.settings')}
      saveLabel={t('admin.schedule.saveSettings')}
      save={save}
      onSubmit={submit}
      actionsClass="schedule-actions"
      noValidate
    >
      {FIELDS.map(numberField)}
      <label className="check">
        <input type="checkbox" checked={draft.autoInhouse} onChange={(e) => {
            const on = e.currentTarget.checked;
            setDraft((d) => ({ ...d, autoInhouse: on }));
          }} />
        <span>{t('admin.schedule.autoInhouse')}</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.closeOnlineWhenLate}
          aria-describedby="schedule-late-note"
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setDraft((d) => ({ ...d, closeOnlineWhenLate: on }));
          }}
        />
        <span>{t('admin.schedule.closeWhenLate')}</span>
      </label>
      {numberField(LATE_FIELD)}
      <p id="schedule-late-note" className="muted">
        {t('admin.schedule.lateNote')}
      </p>
    </SettingsCard>
  );
}
