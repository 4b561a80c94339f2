/** The "my reservation" screen: welcome line, then the card, or a plain "no reservation" with a way to book. */
import './patient.css';
import { Suspense } from 'react';
import type { LiveStatus } from '../api/live.js';
import { Link } from '../router.js';
import { t } from '../ui/language.js';
import type { MyReservation } from '../../shared/schemas/functions.js';
import { Loading } from '../ui/Loading.js';
import { LiveStatusLine } from './LiveStatusLine.js';
import { MyReservationCard } from './MyReservationCard.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import type { NoticeChoice, NoticeChooserProps } from './NoticeChooser.js';
import { lazyChunk } from '../ui/lazy-chunk.js';
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
import type { FamilyCardsProps } from './family/FamilyCards.js';
// The family chunk (decision 053): loaded only when the patient holds more than one number.
import { Family } from './family/lazy.js';
// The queues chunk (decision 061): loaded only in a clinic with several queues.
import { Queues } from './queues/lazy.js';

// The notice chooser in a chunk of its own, loaded with the card: its two kinds of notice (decision 055)
// would not fit /pwa's first-load budget otherwise, and the card reads complete without it for a moment.
const NoticeChooser = lazyChunk<NoticeChooserProps>(() => import('./NoticeChooser.js').then((m) => ({ default: m.NoticeChooser })));

export interface MyViewProps {
  displayName: string | null;
  reservation: MyReservation | null;
  /** False while signing in or before the first answer: "no reservation" would be a lie then. */
  loaded: boolean;
  liveStatus: LiveStatus;
  canceling: boolean;
  cancelError: string | null;
  bookPath: string;
  /** A family's cards name the member to cancel (decision 053); the single card names none. */
  onCancel(member?: MyReservation): void | Promise<void>;
  /** The live queue, for now calling and the estimated wait (issue 14). */
  snapshot?: QueueSnapshot | null;
  /** Saves the patient's own notice threshold (issue 14); without it no chooser is shown. */
  onNoticeThreshold?(choice: NoticeChoice): Promise<void>;
  /** Arrival check-in (issue 34); without it none is offered. A family's cards name the member's slot. */
  checkIn?: FamilyCardsProps['checkIn'];
  /** Every number the patient holds, in queue order (decision 053): with more than one they show together. */
  family?: MyReservation[];
}

export function MyView(props: MyViewProps) {
  const { displayName, reservation, loaded, liveStatus, canceling, cancelError, bookPath, onCancel, snapshot } = props;
  const { family = [] } = props;
  const notice =
    reservation && props.onNoticeThreshold ? (
      <Suspense fallback={null}>
        <NoticeChooser reservation={reservation} onChoose={props.onNoticeThreshold} />
      </Suspense>
    ) : null;
  let body;
  if (!loaded) body = <Loading />;
  else if (reservation && snapshot?.queues) {
    // The cards come from here: importing them into the chunk would split /pwa's first load further.
    body = (
      <Suspense>
        <Queues part="card" {...props} reservation={reservation} family={family} notice={notice} queues={snapshot.queues} Card={MyReservationCard} Family={Family} />
      </Suspense>
    );
  }
  else if (family.length > 1) {
    body = (
      <Suspense>
        <Family part="cards" {...props} family={family} notice={notice} />
      </Suspense>
    );
  } else if (reservation) {
    body = (
      <MyReservationCard
        reservation={reservation}
        canceling={canceling}
        cancelError={cancelError}
        onCancel={onCancel}
        snapshot={snapshot}
        checkIn={props.checkIn}
      >
        {notice}
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
