/**
 * The clinic's announcement on the queue screen (issue 14): write a short message with an optional expiry
 * and post it to every patient screen and the monitor, take it down, or send it once to everyone waiting
 * after seeing how many LINE messages that uses (the server refuses if the count changed meanwhile).
 */
import './announcement-panel.css';
import { useId, useState } from 'react';
import { t } from '../labels.js';
import type { AnnouncementSendPreview } from '../../../shared/schemas/functions.js';
import { ANNOUNCEMENT_MAX_LENGTH, type StaffAnnouncement } from '../../../shared/schemas/live.js';
import { tokyoEndOfDay, tokyoHhmm } from '../../../shared/time/tokyo.js';
import { callFn } from '../../api/fn.js';
import { useStanding } from '../../ui/AnnouncementBanner.js';
import { Modal } from '../Modal.js';
import { useRefusal } from '../refusal.js';

const EXPIRIES = {
  none: { label: 'admin.announce.untilNone', until: () => null },
  '30m': { label: 'admin.announce.until30m', until: () => new Date(Date.now() + 30 * 60_000).toISOString() },
  '1h': { label: 'admin.announce.until1h', until: () => new Date(Date.now() + 60 * 60_000).toISOString() },
  '2h': { label: 'admin.announce.until2h', until: () => new Date(Date.now() + 120 * 60_000).toISOString() },
  today: { label: 'admin.announce.untilToday', until: () => tokyoEndOfDay(Date.now()) },
} as const;
type Expiry = keyof typeof EXPIRIES;

export function AnnouncementPanel({ announcement }: { announcement: StaffAnnouncement | null }) {
  const standing = useStanding(announcement) as StaffAnnouncement | null;
  const refuse = useRefusal();
  const titleId = useId();
  const textId = useId();
  const untilId = useId();
  const [text, setText] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('none');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<AnnouncementSendPreview | null>(null);
  const length = text.trim().length;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      await refuse(err);
    } finally {
      setBusy(false);
    }
  }

  const post = () =>
    run(async () => {
      await callFn('setAnnouncement', { text: text.trim(), until: EXPIRIES[expiry].until() });
      setText('');
    });
  const clear = () => run(() => callFn('clearAnnouncement', {}));
  const askToSend = () => run(async () => setPreview(await callFn('previewAnnouncementSend', {})));
  const send = (confirmed: AnnouncementSendPreview) =>
    run(async () => {
      setPreview(null);
      await callFn('sendAnnouncement', { announcementId: confirmed.announcementId, lineMessages: confirmed.lineMessages });
    });

  return (
    <section className="announcement-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="announcement-panel-title">
        {t('admin.announce.title')}
      </h2>
      {standing ? (
        <div className="announcement-panel-current">
          <p>
            <strong>{t('admin.announce.current')}</strong>
            {standing.text}
            {standing.until ? <span className="announcement-panel-meta">（{t('admin.announce.currentUntil', { time: tokyoHhmm(standing.until) })}）</span> : null}
            {standing.sentAt ? <span className="announcement-panel-meta">（{t('admin.announce.sent', { time: tokyoHhmm(standing.sentAt) })}）</span> : null}
          </p>
          <div className="button-row">
            {standing.sentAt ? null : (
              <button type="button" className="button" disabled={busy} onClick={() => void askToSend()}>
                {t('admin.announce.send')}
              </button>
            )}
            <button type="button" className="button danger" disabled={busy} onClick={() => void clear()}>
              {t('admin.announce.clear')}
            </button>
          </div>
        </div>
      ) : (
        <p className="announcement-panel-none">{t('admin.announce.none')}</p>
      )}
      <form
        className="announcement-panel-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (length > 0 && length <= ANNOUNCEMENT_MAX_LENGTH) void post();
        }}
      >
        <label htmlFor={textId}>{t('admin.announce.text')}</label>
        <input
          id={textId}
          type="text"
          value={text}
          maxLength={ANNOUNCEMENT_MAX_LENGTH}
          placeholder={t('admin.announce.placeholder')}
          onChange={(event) => setText(event.target.value)}
        />
        <span className="announcement-panel-count" aria-live="polite">
          {t('admin.announce.count', { n: length })}
        </span>
        <label htmlFor={untilId}>{t('admin.announce.until')}</label>
        <select id={untilId} value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)}>
          {(Object.keys(EXPIRIES) as Expiry[]).map((key) => (
            <option key={key} value={key}>
              {t(EXPIRIES[key].label)}
            </option>
          ))}
        </select>
        <button type="submit" className="button primary" disabled={busy || length === 0}>
          {t('admin.announce.set')}
        </button>
      </form>
      {preview ? (
        <Modal
          title={t('admin.announce.previewTitle')}
          className="announcement-send-dialog"
          onCancel={() => setPreview(null)}
          actions={
            <>
              <button type="button" className="button" data-autofocus onClick={() => setPreview(null)}>
                {t('admin.announce.cancel')}
              </button>
              <button type="button" className="button primary" disabled={busy} onClick={() => void send(preview)}>
                {t('admin.announce.confirmSend', { line: preview.lineMessages })}
              </button>
            </>
          }
        >
          <p className="announcement-send-text">{standing?.text}</p>
          <p>
            {t('admin.announce.previewCounts', {
              patients: preview.patients,
              line: preview.lineMessages,
              push: preview.pushMessages,
              unreachable: preview.unreachable,
            })}
          </p>
          <p>
            {preview.lineQuota
              ? t('admin.announce.previewQuota', {
                  sent: preview.lineSentThisMonth,
                  used: preview.lineQuota.used,
                  limit: preview.lineQuota.limit ?? '∞',
                })
              : t('admin.announce.previewQuotaNone', { sent: preview.lineSentThisMonth })}
          </p>
          <p>{t('admin.announce.previewOnce')}</p>
        </Modal>
      ) : null}
    </section>
  );
}
