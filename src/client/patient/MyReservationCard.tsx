/**
 * The patient's reservation (SPEC.md "My reservation card"): number, time of taking it in Tokyo, people
 * ahead, the notes for arrival, and cancel behind a confirmation.
 */
import { type ReactNode, useId, useState } from 'react';
import { t } from '../../shared/labels/ja.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { tokyoDateTime } from '../../shared/time/tokyo.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { PlaceEstimate } from './WaitEstimate.js';

export interface MyReservationCardProps {
  reservation: MyReservation;
  canceling: boolean;
  cancelError: string | null;
  /** Called once the patient confirmed. */
  onCancel(): void;
  /** The live queue: now calling and the estimated wait (issue 14). */
  snapshot?: QueueSnapshot | null;
}

function aheadText(reservation: MyReservation): string {
  if (reservation.hold) return t('all.hold');
  if (reservation.ahead === null) return t('all.dash');
  return t('my.ahead', { n: reservation.ahead });
}

/**
 * The number, when it was taken and the notes for arrival, with `children` under the number: the card and
 * the screen just after reserving (/line/reserved) share it, which keeps /line within its page-weight budget.
 */
export function ReservationFacts(props: { labelId: string; number: number; reservedAt: string; children: ReactNode }) {
  return (
    <>
      <h2 id={props.labelId} className="stat-label">
        {t('my.yourNumber')}
      </h2>
      <p className="my-number">{t('my.numberValue', { n: props.number })}</p>
      {props.children}
      <dl className="my-facts">
        <dt>{t('my.reservedAt')}</dt>
        <dd>
          <time dateTime={props.reservedAt}>{tokyoDateTime(props.reservedAt)}</time>
        </dd>
      </dl>
      <p className="my-show-staff">{t('my.showStaff')}</p>
      <p className="small-note">{t('my.orderNote')}</p>
    </>
  );
}

export function MyReservationCard({ reservation, canceling, cancelError, onCancel, snapshot = null }: MyReservationCardProps) {
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  return (
    <section className="card my-card" aria-labelledby={labelId}>
      <ReservationFacts labelId={labelId} number={reservation.reservationNumber} reservedAt={reservation.reservedAt}>
        <p className="my-ahead">{aheadText(reservation)}</p>
        <PlaceEstimate snapshot={snapshot} number={reservation.reservationNumber} />
      </ReservationFacts>
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
