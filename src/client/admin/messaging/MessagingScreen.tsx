/**
 * /admin/messages: how many LINE pushes this month cost (the free plan allows 200: docs/product.md), which
 * notices go by LINE, and which notices could not be delivered.
 */
import { useEffect, useState } from 'react';
import type { MessagingStatus } from '../../../shared/schemas/functions.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { StaffNav } from '../StaffNav.js';
import { useStaffData } from '../use-staff-data.js';
import { adminPaths } from '../../routes/admin.js';
import { tokyoDateTime } from '../../../shared/time/tokyo.js';
import { CalloutSettingsPanel } from './CalloutSettingsPanel.js';
import { SmsPanel } from './SmsPanel.js';
import { NoticeMonthPanel } from './NoticeMonthPanel.js';
import { StaffTable } from '../StaffTable.js';

/** The worker records reasons for operators' logs; staff read them in Japanese. */
export function reasonText(reason: string): string {
  if (reason === 'no push subscription') return t('messages.reason.noSubscription');
  if (/^HTTP (404|410)\b/.test(reason) || reason.includes('no longer exists')) return t('messages.reason.subscriptionGone');
  if (reason.includes('not configured')) return `${t('messages.reason.notConfigured')}（${reason.split(' ')[0]}）`;
  if (/^HTTP \d+/.test(reason)) return t('messages.reason.http', { detail: reason });
  return t('messages.reason.other', { detail: reason });
}

const askStatus = () => callFn('getMessagingStatus', {});

/**
 * Whether the clinic has several queues, for the call-out hint. Unread (a failed or slow answer) it is the
 * one-queue hint: {queue} still works in the wording, only the hint does not name it.
 */
function useSeveralQueues(): boolean {
  const [several, setSeveral] = useState(false);
  useEffect(() => {
    let live = true;
    callFn('getQueues', {}).then(
      (answer) => live && setSeveral(answer.queues.length > 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return several;
}

export function MessagingScreen() {
  const { data: status, setData: setStatus, load, refuse } = useStaffData(t('messages.title'), askStatus);
  const [saving, setSaving] = useState(false);
  const severalQueues = useSeveralQueues();

  async function change(next: MessagingStatus['settings']) {
    if (!status) return;
    const previous = status;
    // The box follows the click at once; a refused save puts it back and says why.
    setStatus({ ...status, settings: next });
    setSaving(true);
    try {
      await callFn('setNoticeSettings', next);
      await load();
    } catch (err) {
      setStatus(previous);
      await refuse(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <main className="staff-page">
      <StaffNav except={adminPaths.messages} />
      <h1>{t('messages.title')}</h1>
      {status && (
        <>
          <section className="card" aria-labelledby="line-usage">
            <p id="line-usage" className="staff-figure">{t('messages.lineSent', { n: status.lineSentThisMonth })}</p>
            {!status.lineConfigured && <p className="notice">{t('messages.lineNotConfigured')}</p>}
            {status.lineConfigured && !status.lineQuota && <p className="muted">{t('messages.lineQuotaUnknown')}</p>}
            {status.lineQuota && (
              <p>
                {status.lineQuota.limit === null
                  ? t('messages.lineQuotaNone', { used: status.lineQuota.used })
                  : t('messages.lineQuota', { limit: status.lineQuota.limit, used: status.lineQuota.used })}
              </p>
            )}
            {!status.pushConfigured && <p className="notice">{t('messages.pushNotConfigured')}</p>}
          </section>
          {status.thisMonth && <NoticeMonthPanel month={status.thisMonth} />}
          <fieldset className="card staff-settings" disabled={saving}>
            <legend>{t('messages.settings')}</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={status.settings.lineAhead5}
                onChange={(e) => void change({ ...status.settings, lineAhead5: e.currentTarget.checked })}
              />
              <span>{t('messages.lineAhead5')}</span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={status.settings.lineRecall}
                onChange={(e) => void change({ ...status.settings, lineRecall: e.currentTarget.checked })}
              />
              <span>{t('messages.lineRecall')}</span>
            </label>
            <p className="muted">{t('messages.settingsNote')}</p>
          </fieldset>
          {status.callout && <CalloutSettingsPanel settings={status.callout} severalQueues={severalQueues} onSaved={() => void load()} />}
          {status.sms && <SmsPanel month={status.sms} onSaved={() => void load()} />}
          <section aria-labelledby="failures">
            <h2 id="failures">{t('messages.failures')}</h2>
            {status.failures.length === 0 ? (
              <p>{t('messages.noFailures')}</p>
            ) : (
              <StaffTable
                columns={[
                  t('messages.colNumber'),
                  t('messages.colKind'),
                  t('messages.colChannel'),
                  t('messages.colReason'),
                  t('messages.colAt'),
                ]}
              >
                {status.failures.map((f) => (
                  <tr key={`${f.slotId}-${f.kind}-${f.at}`}>
                    <td>{t('my.numberValue', { n: f.reservationNumber })}</td>
                    <td>{t(`messages.kind.${f.kind}`)}</td>
                    <td>{f.channel}</td>
                    <td>{reasonText(f.reason)}</td>
                    <td>{tokyoDateTime(f.at)}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>
        </>
      )}
      <button type="button" className="button" onClick={() => void load()}>
        {t('messages.refresh')}
      </button>
    </main>
  );
}
