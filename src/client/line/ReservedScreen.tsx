/**
 * /line/reserved: the confirmation after taking a number, from this phone's stored latest reservation (which
 * follows a move by the desk once the my page has read it, decision 067).
 */
import { Suspense, useId, useState } from 'react';
import { Link, Redirect } from '../router.js';
import { t } from '../ui/language.js';
import { latestReservation } from './latest-reservation.js';
import { linePaths } from '../routes/line.js';
import { useQueue } from '../patient/live-queue.js';
import { PlaceEstimate } from '../patient/WaitEstimate.js';
import { ReservationFacts } from '../patient/MyReservationCard.js';
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
// A family's numbers (decision 053), from the family chunk: only a take of more than one number loads it.
import { Family } from '../patient/family/lazy.js';

export function ReservedScreen() {
  const [stored] = useState(() => latestReservation());
  const live = useQueue();
  const labelId = useId();
  if (!stored) return <Redirect to={linePaths.book} />;
  return (
    <main className="page patient">
      <h1>{t('reserved.title')}</h1>
      <AnnouncementBanner announcement={live.data?.announcement} />
      <section className="card my-card" aria-labelledby={labelId}>
        <ReservationFacts labelId={labelId} reservation={stored}>
          {stored.movedFrom ? <p className="notice my-moved">{t('my.moved', { from: stored.movedFrom })}</p> : null}
          {stored.family && stored.family.length > 1 ? (
            <Suspense>
              <Family part="numbers" family={stored.family} />
            </Suspense>
          ) : null}
          <PlaceEstimate snapshot={live.data} number={stored.reservationNumber} />
        </ReservationFacts>
      </section>
      <Link to={linePaths.my} className="button primary block">
        {t('book.toMy')}
      </Link>
    </main>
  );
}
