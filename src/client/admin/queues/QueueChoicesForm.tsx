/** The clinic's two choices across its queues (decision 061): offer 「どちらの医師でも」, one number per queue. */
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import type { QueueChoices } from '../../../shared/schemas/queues.js';
import { useSave } from '../schedule/save-status.js';
import { SettingsCard } from '../SettingsCard.js';
import { useDraft } from '../use-draft.js';

export function QueueChoicesForm({ saved, onSaved }: { saved: QueueChoices; onSaved(): void }) {
  const [draft, setDraft] = useDraft(saved);
  const save = useSave();

  async function submit() {
    if (await save.run(() => callFn('saveQueueChoices', draft), t('queues.choicesSaved'))) onSaved();
  }

  const box = (field: keyof QueueChoices, label: string) => (
    <label className="check">
      <input
        type="checkbox"
        checked={draft[field]}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setDraft((d) => ({ ...d, [field]: on }));
        }}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <SettingsCard id="queue-choices" title={t('queues.choices')} saveLabel={t('queues.saveChoices')} save={save} onSubmit={submit} actionsClass="queue-actions">
      {box('anyQueue', t('queues.anyQueue'))}
      {box('numberPerQueue', t('queues.numberPerQueue'))}
    </SettingsCard>
  );
}
