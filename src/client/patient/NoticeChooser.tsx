/**
 * The patient's own notice (issue 14): when to be told, 1 to 10 people ahead, 5 unless they choose. Once the
 * notice went out it is only reported: it is sent once and the choice can no longer change anything.
 */
import './notice-chooser.css';
import { useId, useState } from 'react';
import { FnError } from '../api/fn.js';
import { t } from '../../shared/labels/ja.js';
import { AHEAD_NOTICE_THRESHOLD, NOTICE_THRESHOLD_MAX, NOTICE_THRESHOLD_MIN } from '../../shared/queue/slot.js';
import type { MyReservation } from '../../shared/schemas/functions.js';

const CHOICES = Array.from({ length: NOTICE_THRESHOLD_MAX - NOTICE_THRESHOLD_MIN + 1 }, (_, i) => NOTICE_THRESHOLD_MIN + i);

export interface NoticeChooserProps {
  reservation: MyReservation;
  onChoose(threshold: number): Promise<void>;
}

export function NoticeChooser({ reservation, onChoose }: NoticeChooserProps) {
  const titleId = useId();
  const selectId = useId();
  const [pending, setPending] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const chosen = reservation.noticeThreshold ?? AHEAD_NOTICE_THRESHOLD;
  const shown = pending ?? chosen;

  async function choose(threshold: number) {
    setPending(threshold);
    setFailed(null);
    try {
      await onChoose(threshold);
    } catch (err) {
      setFailed(err instanceof FnError ? err.message : t('my.notice.failed'));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="card notice-chooser" aria-labelledby={titleId}>
      <h2 id={titleId} className="stat-label">
        {t('my.notice.title')}
      </h2>
      {reservation.noticeSentAt ? (
        <p className="notice-chooser-sent">{t('my.notice.sent')}</p>
      ) : (
        <>
          <label htmlFor={selectId} className="notice-chooser-label">
            {t('my.notice.label')}
          </label>
          <select
            id={selectId}
            className="notice-chooser-select"
            value={shown}
            disabled={pending !== null}
            aria-busy={pending !== null}
            onChange={(event) => void choose(Number(event.target.value))}
          >
            {CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('my.notice.option', { n })}
              </option>
            ))}
          </select>
          <p className="small-note" role="status">
            {pending !== null ? t('my.notice.saving') : t('my.notice.saved', { n: chosen })}
          </p>
          <p className="small-note">{t('my.notice.help')}</p>
        </>
      )}
      {failed ? (
        <p className="error-line" role="alert">
          {failed}
        </p>
      ) : null}
    </section>
  );
}
