/** The monitor's call-out settings (issue 15): on/off, volume and the spoken wording, saved for the clinic. */
import { type FormEvent, useState } from 'react';
import { CALLOUT_TEXT_MAX, type CalloutSettings } from '../../../shared/callout/types.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { useRefusal } from '../refusal.js';
import { useDraft } from '../use-draft.js';
import './callout-settings.css';

/**
 * `severalQueues`: the clinic has more than one queue (decision 061), where the wording may place the queue's
 * name with {queue}; a one-queue clinic's hint names {n} alone, as it always did ({queue} says nothing there).
 */
export function CalloutSettingsPanel({ settings, severalQueues = false, onSaved }: { settings: CalloutSettings; severalQueues?: boolean; onSaved(): void }) {
  const [draft, setDraft] = useDraft(settings);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState('');
  const refuse = useRefusal();

  const textValid = draft.text.includes('{n}') && draft.text.trim().length > 0 && draft.text.length <= CALLOUT_TEXT_MAX;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!textValid) return;
    setSaving(true);
    setMessage('');
    try {
      await callFn('setCalloutSettings', draft);
      setMessage(t('callout.settingsSaved'));
      onSaved();
    } catch (err) {
      await refuse(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card staff-settings callout-settings" aria-labelledby="callout-settings" onSubmit={(e) => void save(e)}>
      <h2 id="callout-settings">{t('callout.settingsTitle')}</h2>
      <fieldset disabled={saving}>
        <legend className="visually-hidden">{t('callout.settingsTitle')}</legend>
        <label className="check">
          <input type="checkbox" checked={draft.on} onChange={(e) => setDraft({ ...draft, on: e.currentTarget.checked })} />
          <span>{t('callout.settingsOn')}</span>
        </label>
        <label className="field">
          <span>{t('callout.settingsVolume')}</span>
          <input
            type="number"
            min={0}
            max={100}
            step={5}
            value={draft.volume}
            onChange={(e) => setDraft({ ...draft, volume: Math.min(100, Math.max(0, Math.round(Number(e.currentTarget.value) || 0))) })}
          />
        </label>
        <label className="field">
          <span>{severalQueues ? t('callout.settingsTextQueue', { n: '{n}', queue: '{queue}' }) : t('callout.settingsText', { n: '{n}' })}</span>
          <input
            type="text"
            maxLength={CALLOUT_TEXT_MAX}
            value={draft.text}
            aria-invalid={!textValid}
            aria-describedby={textValid ? undefined : 'callout-text-error'}
            onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })}
          />
        </label>
        {!textValid && (
          <p id="callout-text-error" className="notice">
            {t('callout.settingsTextInvalid', { n: '{n}' })}
          </p>
        )}
        <button type="submit" className="button" disabled={!textValid}>
          {t('callout.settingsSave')}
        </button>
        <p role="status">{message}</p>
      </fieldset>
    </form>
  );
}
