/** /line/reserved: the confirmation after taking a number, from this phone's stored latest reservation. */
import { useId, useState } from 'react';
import { Link, Redirect } from '../router.js';
import { t } from '../../shared/labels/ja.js';
import { tokyoDateTime } from '../../shared/time/tokyo.js';
import { latestReservation } from './latest-reservation.js';
import { linePaths } from './platform.js';
import { LiveAnnouncement } from '../patient/LiveAnnouncement.js';

export function ReservedScreen() {
  const [stored] = useState(() => latestReservation());
  const labelId = useId();
  if (!stored) return <Redirect to={linePaths.book} />;
  return (
    <main className="page patient">
      <h1>{t('reserved.title')}</h1>
      <LiveAnnouncement />
      <section className="card my-card" aria-labelledby={labelId}>
        <h2 id={labelId} className="stat-label">
          {t('my.yourNumber')}
        </h2>
        <p className="my-number">{t('my.numberValue', { n: stored.reservationNumber })}</p>
        <dl className="my-facts">
          <dt>{t('my.reservedAt')}</dt>
          <dd>
            <time dateTime={stored.reservedAt}>{tokyoDateTime(stored.reservedAt)}</time>
          </dd>
        </dl>
        <p className="my-show-staff">{t('my.showStaff')}</p>
        <p className="small-note">{t('my.orderNote')}</p>
      </section>
      <Link to={linePaths.my} className="button primary block">
        {t('book.toMy')}
      </Link>
    </main>
  );
}
