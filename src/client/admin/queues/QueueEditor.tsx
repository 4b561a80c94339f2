/**
 * Adding or editing one queue in a dialog: its names and descriptions, the first number (its range shown as
 * typed), online or desk only, the allocation settings of the queue, and its hours. The server's refusal
 * (a range that overlaps, a name in use) is shown in the dialog, which stays open with what was typed.
 */
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { ChoiceField } from '../ChoiceField.js';
import { Modal } from '../Modal.js';
import { SaveMessage, useSave } from '../schedule/save-status.js';
import { useDraft } from '../use-draft.js';
import { KEEP_EVERY_MAX, KEEP_EVERY_MIN, ONLINE_CAP_MAX } from '../../../shared/queue/kept-numbers.js';
import { FAMILY_MAX_MAX, FAMILY_MAX_MIN } from '../../../shared/queue/family.js';
import { QUEUE_DESCRIPTION_MAX, QUEUE_FIRST_NUMBER_MAX, QUEUE_NAME_MAX } from '../../../shared/queue/queue-limits.js';
import { HoursEditor } from './HoursEditor.js';
import { payloadOf, type QueueDraft } from './queue-draft.js';

const KEEP_CHOICES = [0, ...Array.from({ length: KEEP_EVERY_MAX - KEEP_EVERY_MIN + 1 }, (_, i) => KEEP_EVERY_MIN + i)];
const FAMILY_CHOICES = Array.from({ length: FAMILY_MAX_MAX - FAMILY_MAX_MIN + 1 }, (_, i) => FAMILY_MAX_MIN + i);
const FORM_ID = 'queue-editor-form';

type TextField = 'nameJa' | 'nameEn' | 'descriptionJa' | 'descriptionEn';

export function QueueEditor({ start, n, onClose, onSaved }: { start: QueueDraft; n: number; onClose(): void; onSaved(name: string): void }) {
  const [draft, setDraft] = useDraft(start);
  const save = useSave();
  const first = Number(draft.firstNumber.normalize('NFKC').trim());

  async function submit() {
    const result = payloadOf(draft);
    if ('problem' in result) return save.refuseHere(t(result.problem, result.params));
    if (await save.run(() => callFn('saveQueue', result.payload), t('queues.saved', { name: result.payload.nameJa }))) onSaved(result.payload.nameJa);
  }

  const text = (field: TextField, label: string, max: number) => (
    <label className="queue-field">
      <span>{label}</span>
      <input
        type="text"
        maxLength={max}
        value={draft[field]}
        data-autofocus={field === 'nameJa' ? true : undefined}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDraft((d) => ({ ...d, [field]: value }));
        }}
      />
    </label>
  );

  return (
    <Modal
      title={start.id ? t('queues.editTitle', { name: start.nameJa }) : t('queues.addTitle')}
      onCancel={onClose}
      className="queue-editor"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('queues.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="button primary" disabled={save.busy}>
            {t('queues.save')}
          </button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        className="queue-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="queue-names">
          {text('nameJa', t('queues.nameJa'), QUEUE_NAME_MAX)}
          {text('nameEn', t('queues.nameEn'), QUEUE_NAME_MAX)}
          {text('descriptionJa', t('queues.descriptionJa'), QUEUE_DESCRIPTION_MAX)}
          {text('descriptionEn', t('queues.descriptionEn'), QUEUE_DESCRIPTION_MAX)}
        </div>
        <label className="queue-field">
          <span>{t('queues.firstNumber', { max: QUEUE_FIRST_NUMBER_MAX })}</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={QUEUE_FIRST_NUMBER_MAX}
            value={draft.firstNumber}
            aria-describedby="queue-range-note"
            onChange={(e) => {
              const firstNumber = e.currentTarget.value;
              setDraft((d) => ({ ...d, firstNumber }));
            }}
          />
        </label>
        <p id="queue-range-note" className="muted">
          {Number.isInteger(first) && first >= 1 ? t('queues.firstNumberNote', { from: first, to: first + n - 1, n }) : ''}
        </p>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.online}
            onChange={(e) => {
              const online = e.currentTarget.checked;
              setDraft((d) => ({ ...d, online }));
            }}
          />
          <span>{t('queues.online')}</span>
        </label>
        <div className="queue-numbers">
          <label className="queue-field">
            <span>{t('kept.onlineCap')}</span>
            <span className="number-input">
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={ONLINE_CAP_MAX}
                value={draft.onlineCap}
                aria-describedby="queue-cap-note"
                onChange={(e) => {
                  const onlineCap = e.currentTarget.value;
                  setDraft((d) => ({ ...d, onlineCap }));
                }}
              />
              <span aria-hidden="true">{t('kept.capUnit')}</span>
            </span>
          </label>
          <ChoiceField
            className="queue-field"
            label={t('kept.keepEvery')}
            value={draft.keepEvery}
            choices={KEEP_CHOICES}
            word={(k) => (k === 0 ? t('kept.keepOff') : t('kept.keepValue', { n: k, m: 2 * k, k: 3 * k }))}
            onChange={(keepEvery) => setDraft((d) => ({ ...d, keepEvery }))}
          />
          <ChoiceField
            className="queue-field"
            label={t('staffFamily.max')}
            value={draft.familyMax}
            choices={FAMILY_CHOICES}
            word={(k) => (k === 1 ? t('staffFamily.off') : t('staffFamily.value', { n: k }))}
            onChange={(familyMax) => setDraft((d) => ({ ...d, familyMax }))}
          />
        </div>
        <p id="queue-cap-note" className="muted">
          {t('kept.capNote')}
        </p>
        <HoursEditor periods={draft.hours} onChange={(update) => setDraft((d) => ({ ...d, hours: update(d.hours) }))} />
        <SaveMessage state={save.state} />
      </form>
    </Modal>
  );
}
