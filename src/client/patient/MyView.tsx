/** The "my reservation" screen: welcome line, then the card, or a plain "no reservation" with a way to book. */
import './patient.css';
import type { LiveStatus } from '../api/live.js';
import { Link } from '../router.js';
import { t } from '../../shared/labels/ja.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { Loading } from '../ui/Loading.js';
import { LiveStatusLine } from './LiveStatusLine.js';
import { MyReservationCard, type MyReservationCardProps } from './MyReservationCard.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { NoticeChooser } from './NoticeChooser.js';
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';

export interface MyViewProps {
  displayName: string | null;
  reservation: MyReservation | null;
  /** False while signing in or before the first answer: "no reservation" would be a lie then. */
  loaded: boolean;
  liveStatus: LiveStatus;
  canceling: boolean;
  cancelError: string | null;
  bookPath: string;
  onCancel(): void;
  /** The live queue, for now calling and the estimated wait (issue 14). */
  snapshot?: QueueSnapshot | null;
  /** Saves the patient's own notice threshold (issue 14); without it no chooser is shown. */
  onNoticeThreshold?(threshold: number): Promise<void>;
  /** Arrival check-in (issue 34); without it none is offered. */
  checkIn?: MyReservationCardProps['checkIn'];
}

export function MyView(props: MyViewProps) {
  const { displayName, reservation, loaded, liveStatus, canceling, cancelError, bookPath, onCancel, snapshot } = props;
  let body;
  if (!loaded) body = <Loading />;
  else if (reservation) {
    body = (
      <MyReservationCard
        reservation={reservation}
        canceling={canceling}
        cancelError={cancelError}
        onCancel={onCancel}
        snapshot={snapshot}
        checkIn={props.checkIn}
      >
        {props.onNoticeThreshold ? <NoticeChooser reservation={reservation} onChoose={props.onNoticeThreshold} /> : null}
      </MyReservationCard>
    );
  } else {
    body = (
      <section className="card">
        <p className="my-none">{t('my.none')}</p>
        <Link to={bookPath} className="button primary block">
          {t('book.take')}
        </Link>
        {cancelError ? (
          <p className="error-line" role="alert">
            {cancelError}
          </p>
        ) : null}
      </section>
    );
  }
  return (
    <main className="page patient">
      <LiveStatusLine status={liveStatus} place={reservation} />
      <h1>{t('nav.my')}</h1>
      <AnnouncementBanner announcement={snapshot?.announcement} />
      {displayName ? <p className="welcome">{t('my.welcome', { name: displayName })}</p> : null}
      {body}
    </main>
  );
}
