/**
 * The patient's reservation (docs/product.md, "My reservation card"): number, time of taking it in Tokyo, people
 * ahead, what an absence did to their place (issue 34), arrival check-in, the notes for arrival, and cancel
 * behind a confirmation.
 */
import { type ReactNode, useId, useState } from 'react';
import { t } from '../ui/language.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { tokyoDateTime } from '../../shared/time/tokyo.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { PlaceEstimate } from './WaitEstimate.js';
import { absenceText } from './absence.js';
import { CheckIn, type CheckInProps } from './CheckIn.js';

export interface MyReservationCardProps {
  reservation: MyReservation;
  canceling: boolean;
  cancelError: string | null;
  /** Called once the patient confirmed. */
  onCancel(): void;
  /** The live queue: now calling and the estimated wait (issue 14). */
  snapshot?: QueueSnapshot | null;
  /** Shown above the cancel button (the patient's own notice chooser, issue 14). */
  children?: ReactNode;
  /** Arrival check-in (issue 34); without it no check-in is offered. */
  checkIn?: Omit<CheckInProps, 'arrivedAt'>;
  /** The number's queue by name, in a clinic with several (decision 061): 「予防接種 12番」. */
  queue?: string;
}

function aheadText(reservation: MyReservation): string {
  if (reservation.hold) return t('all.hold');
  if (reservation.ahead === null) return t('all.dash');
  return t('my.ahead', { n: reservation.ahead });
}

/**
 * Number, time taken and the notes for arrival: the card here and the confirmation of /line/reserved
 * share it (one copy of the markup in /line's budgeted first load).
 */
export function ReservationFacts(props: {
  labelId: string;
  reservation: Pick<MyReservation, 'reservationNumber' | 'reservedAt'>;
  children?: ReactNode;
  queue?: string;
}) {
  const { reservationNumber, reservedAt } = props.reservation;
  return (
    <>
      <h2 id={props.labelId} className="stat-label">
        {t('my.yourNumber')}
      </h2>
      <p className="my-number">
        {props.queue ? <span className="my-queue">{props.queue} </span> : null}
        {t('my.numberValue', { n: reservationNumber })}
      </p>
      {props.children}
      <dl className="my-facts">
        <dt>{t('my.reservedAt')}</dt>
        <dd>
          <time dateTime={reservedAt}>{tokyoDateTime(reservedAt, t)}</time>
        </dd>
      </dl>
      <p className="my-show-staff">{t('my.showStaff')}</p>
      <p className="small-note">{t('my.orderNote')}</p>
    </>
  );
}

export function MyReservationCard(props: MyReservationCardProps) {
  const { reservation, canceling, cancelError, onCancel, snapshot = null, children, checkIn } = props;
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const absent = absenceText(reservation);
  return (
    <section className="card my-card" aria-labelledby={labelId}>
      <ReservationFacts labelId={labelId} reservation={reservation} queue={props.queue}>
        {reservation.movedFrom ? <p className="notice my-moved">{t('my.moved', { from: reservation.movedFrom })}</p> : null}
        {absent ? <p className="notice my-absence">{absent}</p> : null}
        <p className="my-ahead">{aheadText(reservation)}</p>
        <PlaceEstimate snapshot={snapshot} number={reservation.reservationNumber} />
        {checkIn ? <CheckIn arrivedAt={reservation.arrivedAt ?? null} {...checkIn} /> : null}
      </ReservationFacts>
      {children}
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
