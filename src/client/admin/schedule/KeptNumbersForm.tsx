/**
 * Numbers kept for the desk and the online cap (issue 35, docs/decisions/049), a section of /admin/schedule:
 * keep every Nth number of a session for patients at the desk (off, or every 2nd–10th), at most X numbers
 * of a session online (0 = no cap), up to M numbers one patient takes together for a family (1 = off,
 * decision 053), and how many of their numbers a patient may cancel and still take online (off, or 1–10,
 * decision 060), saved with them in one call. The saved values come from the staff stream, so another desk's
 * save shows here at once; a draft is kept unless its own saved value moved.
 */
import { t } from '../labels.js';
import { type AllocationSettings, KEEP_EVERY_MAX, KEEP_EVERY_MIN, ONLINE_CAP_MAX } from '../../../shared/queue/kept-numbers.js';
import { FAMILY_MAX_DEFAULT, FAMILY_MAX_MAX, FAMILY_MAX_MIN } from '../../../shared/queue/family.js';
import { CANCEL_LIMIT_MAX, CANCEL_LIMIT_OFF } from '../../../shared/queue/cancel-limit.js';
import { callFn } from '../../api/fn.js';
import { ChoiceField } from '../ChoiceField.js';
import { useAdminStream } from '../use-admin-stream.js';
import { useDraft } from '../use-draft.js';
import { useSave } from './save-status.js';
import { SettingsCard } from '../SettingsCard.js';

/** 0 is "keep none", listed first. */
const KEEP_CHOICES = [0, ...Array.from({ length: KEEP_EVERY_MAX - KEEP_EVERY_MIN + 1 }, (_, i) => KEEP_EVERY_MIN + i)];
/** 1 is "families off", listed first. */
const FAMILY_CHOICES = Array.from({ length: FAMILY_MAX_MAX - FAMILY_MAX_MIN + 1 }, (_, i) => FAMILY_MAX_MIN + i);
/** 0 is "no limit", listed first. */
const CANCEL_CHOICES = Array.from({ length: CANCEL_LIMIT_MAX + 1 }, (_, i) => i);

export function KeptNumbersSection() {
  const saved = useAdminStream().data?.allocationSettings;
  return saved ? <KeptNumbersForm saved={saved} /> : null;
}

/** The cap is kept as typed, so clearing the field to retype it does not snap back to 0. */
type Draft = { keepEvery: number; onlineCap: string; familyMax: number; cancelLimit: number };

function KeptNumbersForm({ saved }: { saved: AllocationSettings }) {
  const [draft, setDraft] = useDraft<Draft>({
    keepEvery: saved.keepEvery,
    onlineCap: String(saved.onlineCap),
    // A server older than families sends none: 1 is what it does.
    familyMax: saved.familyMax ?? FAMILY_MAX_DEFAULT,
    // Likewise older than take-and-cancel: off.
    cancelLimit: saved.cancelLimit ?? CANCEL_LIMIT_OFF,
  });
  const save = useSave();

  async function submit() {
    const cap = draft.onlineCap.trim();
    // The server refuses it with its generic shape error: name the field and the range here.
    if (!/^\d+$/.test(cap) || Number(cap) > ONLINE_CAP_MAX) return save.refuseHere(t('kept.capRange', { max: ONLINE_CAP_MAX }));
    await save.run(
      () => callFn('saveAllocationSettings', { keepEvery: draft.keepEvery, onlineCap: Number(cap), familyMax: draft.familyMax, cancelLimit: draft.cancelLimit }),
      t('kept.saved'),
    );
  }

  return (
    <SettingsCard
      id="kept-numbers"
      title={t('kept.title')}
      saveLabel={t('kept.save')}
      save={save}
      onSubmit={submit}
      actionsClass="schedule-actions"
      noValidate
    >
      <p className="muted">{t('kept.note')}</p>
      <ChoiceField
        className="number-field"
        label={t('kept.keepEvery')}
        value={draft.keepEvery}
        choices={KEEP_CHOICES}
        word={(n) => (n === 0 ? t('kept.keepOff') : t('kept.keepValue', { n, m: 2 * n, k: 3 * n }))}
        onChange={(keepEvery) => setDraft((d) => ({ ...d, keepEvery }))}
      />
      <label className="number-field">
        <span>{t('kept.onlineCap')}</span>
        <span className="number-input">
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={ONLINE_CAP_MAX}
            value={draft.onlineCap}
            aria-describedby="kept-cap-note"
            onChange={(e) => {
              const onlineCap = e.currentTarget.value;
              setDraft((d) => ({ ...d, onlineCap }));
            }}
          />
          <span aria-hidden="true">{t('kept.capUnit')}</span>
        </span>
      </label>
      <p id="kept-cap-note" className="muted">
        {t('kept.capNote')}
      </p>
      <ChoiceField
        className="number-field"
        label={t('staffFamily.max')}
        value={draft.familyMax}
        choices={FAMILY_CHOICES}
        word={(n) => (n === 1 ? t('staffFamily.off') : t('staffFamily.value', { n }))}
        describedBy="kept-family-note"
        onChange={(familyMax) => setDraft((d) => ({ ...d, familyMax }))}
      />
      <p id="kept-family-note" className="muted">
        {t('staffFamily.note')}
      </p>
      <ChoiceField
        className="number-field"
        label={t('kept.cancelLimit')}
        value={draft.cancelLimit}
        choices={CANCEL_CHOICES}
        word={(n) => (n === CANCEL_LIMIT_OFF ? t('kept.cancelOff') : t('kept.cancelValue', { n }))}
        describedBy="kept-cancel-note"
        onChange={(cancelLimit) => setDraft((d) => ({ ...d, cancelLimit }))}
      />
      <p id="kept-cancel-note" className="muted">
        {t('kept.cancelNote')}
      </p>
    </SettingsCard>
  );
}
