/**
 * The patient's own notice (issue 14, decision 055): when to be told — 1 to 10 people ahead (5 unless they
 * choose), or a number of minutes before their turn ("leave home by": told once the range their card shows
 * starts within them). One select, the two kinds as groups. Once the notice went out it is only reported: it
 * is sent once. The select keeps the patient's pick (uncontrolled) and is re-keyed when the server's value
 * arrives through the next getMyReservation.
 */
import './notice-chooser.css';
import { useState } from 'react';
import { FnError } from '../api/fn.js';
import { t } from '../ui/language.js';
import { AHEAD_NOTICE_THRESHOLD, NOTICE_MINUTES_CHOICES, NOTICE_THRESHOLD_MAX } from '../../shared/queue/slot.js';
import type { MyReservation } from '../../shared/schemas/functions.js';

/** People ahead, or minutes before the turn. */
export type NoticeChoice = { threshold: number } | { minutes: number };

export interface NoticeChooserProps {
  reservation: MyReservation;
  onChoose(choice: NoticeChoice): Promise<void>;
}

/** An option's value: the people count as it always was ("5"), minutes with an m ("m30"). */
const choiceOf = (value: string): NoticeChoice => (value.startsWith('m') ? { minutes: Number(value.slice(1)) } : { threshold: Number(value) });

export function NoticeChooser({ reservation, onChoose }: NoticeChooserProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const n = reservation.noticeThreshold ?? AHEAD_NOTICE_THRESHOLD;
  const minutes = reservation.noticeMinutes ?? null;
  const value = minutes === null ? String(n) : `m${minutes}`;
  if (reservation.noticeSentAt) return <p className="notice-chooser">{t('my.notice.sent')}</p>;
  return (
    <label className="notice-chooser">
      {t('my.notice.label')}
      <select
        key={value}
        defaultValue={value}
        onChange={(e) =>
          onChoose(choiceOf(e.target.value)).then(
            () => setFailed(null),
            (err: unknown) => setFailed(err instanceof FnError ? err.message : t('my.notice.failed')),
          )
        }
      >
        <optgroup label={t('my.notice.byPeople')}>
          {Array.from({ length: NOTICE_THRESHOLD_MAX }, (_, i) => (
            <option key={i} value={i + 1}>
              {t('my.notice.option', { n: i + 1 })}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('my.notice.byMinutes')}>
          {NOTICE_MINUTES_CHOICES.map((m) => (
            <option key={m} value={`m${m}`}>
              {t('my.notice.minutesOption', { n: m })}
            </option>
          ))}
        </optgroup>
      </select>
      <span className={failed ? 'error-line' : 'small-note'} role={failed ? 'alert' : undefined}>
        {failed ?? (minutes === null ? t('my.notice.saved', { n }) : t('my.notice.minutesSaved', { n: minutes }))}
      </span>
    </label>
  );
}
