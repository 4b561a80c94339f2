/**
 * The clinic's absence settings (issue 34): how many places an absence moves a patient back (1–20, or to
 * the end), at which absence they are held instead, and whether the desk offers 不在 first on a head row
 * not checked in. Choices from lists, so nothing typed can fall outside what the server accepts.
 */
import { t } from '../labels.js';
import {
  ABSENCE_HOLD_AFTER_MAX, ABSENCE_HOLD_AFTER_MIN, ABSENCE_PLACES_MAX, ABSENCE_PLACES_MIN,
} from '../../../shared/queue/slot.js';
import type { ArrivalSettings } from '../../../shared/schemas/functions.js';
import { callFn } from '../../api/fn.js';
import { ChoiceField } from '../ChoiceField.js';
import { useSave } from '../schedule/save-status.js';
import { SettingsCard } from '../SettingsCard.js';
import { useDraft } from '../use-draft.js';

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
/** 0 is "to the end of the queue" (the contract's value), listed last. */
const PLACES = [...range(ABSENCE_PLACES_MIN, ABSENCE_PLACES_MAX), 0];
const HOLD_AFTER = range(ABSENCE_HOLD_AFTER_MIN, ABSENCE_HOLD_AFTER_MAX);

export function ArrivalSettingsForm({ saved, onSaved }: { saved: ArrivalSettings; onSaved(): void }) {
  const [draft, setDraft] = useDraft(saved);
  const save = useSave();

  async function submit() {
    if (await save.run(() => callFn('saveArrivalSettings', draft), t('arrival.saved'))) onSaved();
  }

  return (
    <SettingsCard
      id="arrival-settings"
      title={t('arrival.settings')}
      saveLabel={t('arrival.save')}
      save={save}
      onSubmit={submit}
      actionsClass="arrival-actions"
    >
      <ChoiceField
        className="arrival-field"
        label={t('arrival.places')}
        value={draft.absencePlaces}
        choices={PLACES}
        word={(n) => (n === 0 ? t('arrival.placesEnd') : t('arrival.placesValue', { n }))}
        onChange={(absencePlaces) => setDraft((d) => ({ ...d, absencePlaces }))}
      />
      <ChoiceField
        className="arrival-field"
        label={t('arrival.holdAfter')}
        value={draft.absenceHoldAfter}
        choices={HOLD_AFTER}
        word={(n) => t('arrival.holdAfterValue', { n })}
        onChange={(absenceHoldAfter) => setDraft((d) => ({ ...d, absenceHoldAfter }))}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={draft.absentFirstUnarrived}
          onChange={(e) => {
            const absentFirstUnarrived = e.currentTarget.checked;
            setDraft((d) => ({ ...d, absentFirstUnarrived }));
          }}
        />
        <span>{t('arrival.absentFirst')}</span>
      </label>
      <p className="muted">{t('arrival.settingsNote')}</p>
    </SettingsCard>
  );
}
