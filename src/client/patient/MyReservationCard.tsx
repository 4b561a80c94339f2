/**
 * The patient's reservation (SPEC.md "My reservation card"): number, time of taking it in Tokyo, people
 * ahead, the notes for arrival, and cancel behind a confirmation.
 */
import { useId, useState } from 'react';
import { t } from '../../shared/labels/ja.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { tokyoDateTime } from '../../shared/time/tokyo.js';

export interface MyReservationCardProps {
  reservation: MyReservation;
  canceling: boolean;
  cancelError: string | null;
  /** Called once the patient confirmed. */
  onCancel(): void;
}

function aheadText(reservation: MyReservation): string {
  if (reservation.hold) return t('all.hold');
  if (reservation.ahead === null) return t('all.dash');
  return t('my.ahead', { n: reservation.ahead });
}

export function MyReservationCard({ reservation, canceling, cancelError, onCancel }: MyReservationCardProps) {
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  return (
    <section className="card my-card" aria-labelledby={labelId}>
      <h2 id={labelId} className="stat-label">
        {t('my.yourNumber')}
      </h2>
      <p className="my-number">{t('my.numberValue', { n: reservation.reservationNumber })}</p>
      <p className="my-ahead">{aheadText(reservation)}</p>
      <dl className="my-facts">
        <dt>{t('my.reservedAt')}</dt>
        <dd>
          <time dateTime={reservation.reservedAt}>{tokyoDateTime(reservation.reservedAt)}</time>
        </dd>
      </dl>
      <p className="my-show-staff">{t('my.showStaff')}</p>
      <p className="small-note">{t('my.orderNote')}</p>
      <button
        type="button"
        className="button danger block"
        disabled={canceling}
        aria-busy={canceling}
        onClick={() => setConfirming(true)}
      >
        {canceling ? t('my.canceling') : t('my.cancel')}
      </button>
      {cancelError ? (
        <p className="error-line" role="alert">
          {cancelError}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        message={t('my.cancelConfirm')}
        confirmLabel={t('my.cancelYes')}
        dismissLabel={t('my.cancelNo')}
        onConfirm={() => {
          setConfirming(false);
          onCancel();
        }}
        onDismiss={() => setConfirming(false)}
      />
    </section>
  );
}
