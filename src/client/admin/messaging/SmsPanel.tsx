/**
 * SMS on /admin/messages (decision 070): the month's count and cost as Twilio reported it, and the provider's
 * settings (on, account SID, auth token, sender number), saved audited. The token is never shown back: the
 * field stays empty and says whether one is saved; leaving it empty keeps it.
 */
import { type FormEvent, useState } from 'react';
import type { SmsMonth } from '../../../shared/schemas/answers.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { useRefusal } from '../refusal.js';
import { useDraft } from '../use-draft.js';
import './sms-settings.css';

function costText(month: SmsMonth): string {
  const parts = month.cost.map((c) => `${c.amount} ${c.unit}`);
  if (month.unpriced > 0) parts.push(`${t('messages.smsCostNone')} ${month.unpriced}`);
  return parts.length > 0 ? parts.join(' / ') : '0';
}

export function SmsPanel({ month, onSaved }: { month: SmsMonth; onSaved(): void }) {
  const [draft, setDraft] = useDraft({ on: month.settings.on, accountSid: month.settings.accountSid, from: month.settings.from });
  const [token, setToken] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState('');
  const refuse = useRefusal();

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setMessage('');
    try {
      await callFn('saveSmsSettings', { ...draft, authToken: token });
      setToken('');
      setMessage(t('sms.settingsSaved'));
      onSaved();
    } catch (err) {
      await refuse(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card staff-settings sms-settings" aria-labelledby="sms-settings" onSubmit={(e) => void save(e)}>
      <h2 id="sms-settings">{t('sms.settingsTitle')}</h2>
      <p className="staff-figure">{t('messages.smsMonth', { n: month.sent, cost: costText(month) })}</p>
      <fieldset disabled={saving}>
        <legend className="visually-hidden">{t('sms.settingsTitle')}</legend>
        <label className="check">
          <input type="checkbox" checked={draft.on} onChange={(e) => setDraft({ ...draft, on: e.currentTarget.checked })} />
          <span>{t('sms.settingsOn')}</span>
        </label>
        <label className="field">
          <span>{t('sms.accountSid')}</span>
          <input type="text" autoComplete="off" spellCheck={false} maxLength={64} value={draft.accountSid} onChange={(e) => setDraft({ ...draft, accountSid: e.currentTarget.value })} />
        </label>
        <label className="field">
          <span>{t('sms.authToken')}</span>
          <input
            type="password"
            autoComplete="new-password"
            maxLength={128}
            value={token}
            aria-describedby={month.settings.tokenSaved ? 'sms-token-saved' : undefined}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
        </label>
        {month.settings.tokenSaved && (
          <p id="sms-token-saved" className="muted">
            {t('sms.tokenSaved')}
          </p>
        )}
        <label className="field">
          <span>{t('sms.from')}</span>
          <input type="tel" autoComplete="off" maxLength={30} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
        </label>
        <p className="muted">{t('sms.settingsNote')}</p>
        <button type="submit" className="button">
          {t('sms.settingsSave')}
        </button>
        <p role="status">{message}</p>
      </fieldset>
    </form>
  );
}
