/**
 * The patient's own notice (issue 14): when to be told, 1 to 10 people ahead, 5 unless they choose. Once the
 * notice went out it is only reported: it is sent once. The select keeps the patient's pick (uncontrolled)
 * and is re-keyed when the server's value arrives through the next getMyReservation.
 */
import './notice-chooser.css';
import { useState } from 'react';
import { FnError } from '../api/fn.js';
import { t } from '../../shared/labels/ja.js';
import { AHEAD_NOTICE_THRESHOLD, NOTICE_THRESHOLD_MAX } from '../../shared/queue/slot.js';
import type { MyReservation } from '../../shared/schemas/functions.js';

export interface NoticeChooserProps {
  reservation: MyReservation;
  onChoose(threshold: number): Promise<void>;
}

export function NoticeChooser({ reservation, onChoose }: NoticeChooserProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const n = reservation.noticeThreshold ?? AHEAD_NOTICE_THRESHOLD;
  if (reservation.noticeSentAt) return <p className="notice-chooser">{t('my.notice.sent')}</p>;
  return (
    <label className="notice-chooser">
      {t('my.notice.label')}
      <select
        key={n}
        defaultValue={n}
        onChange={(e) =>
          onChoose(Number(e.target.value)).then(
            () => setFailed(null),
            (err: unknown) => setFailed(err instanceof FnError ? err.message : t('my.notice.failed')),
          )
        }
      >
        {Array.from({ length: NOTICE_THRESHOLD_MAX }, (_, i) => (
          <option key={i} value={i + 1}>
            {t('my.notice.option', { n: i + 1 })}
          </option>
        ))}
      </select>
      <span className={failed ? 'error-line' : 'small-note'} role={failed ? 'alert' : undefined}>
        {failed ?? t('my.notice.saved', { n })}
      </span>
    </label>
  );
}
