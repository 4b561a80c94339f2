/**
 * The book screen as the patient sees it (docs/product.md, "Book": waiting count, take-a-number button,
 * error line). Pure: BookScreen feeds it, tests render every state of it.
 */
import './patient.css';
import { Suspense, useId } from 'react';
import type { LiveStatus } from '../api/live.js';
import { Link } from '../router.js';
import { t } from '../ui/language.js';
import { ClosedCard } from './ClosedCard.js';
import { LiveStatusLine } from './LiveStatusLine.js';
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
import type { Announcement, QueueLive } from '../../shared/schemas/live.js';
import type { ScheduleState } from './public-schedule.js';
// The family chunk (decision 053): only clinics that offer families load it; /pwa's first load has no room.
import { Family } from './family/lazy.js';
import type { FamilyTake } from './family/take.js';
// The queues chunk (decision 061): only a clinic with several queues loads it.
import { Queues } from './queues/lazy.js';

export type { FamilyTake };

export interface BookViewProps {
  /** Null until the first snapshot. */
  waitCount: number | null;
  /** Online reception is not open: the closed card replaces the button rather than offer a sure failure. */
  closed: boolean;
  /** Closed early: a newcomer would not be seen within the consultation period (issue 35). */
  late?: boolean;
  /** The clinic calendar, for the closed card's hours and next opening. */
  schedule: ScheduleState;
  liveStatus: LiveStatus;
  /** Signing in, or still learning whether the patient already holds a number. */
  authenticating: boolean;
  busy: boolean;
  reserved: boolean;
  error: string | null;
  myPath: string;
  onTake(): void;
  /** The clinic's announcement (issue 14), shown in the closed state too. */
  announcement?: Announcement | null;
  /** Up to this many numbers together (a family, decision 053): above 1 the picker is offered. */
  familyMax?: number;
  /** Where the picker writes what to send with the take (undefined: one number, no name). */
  members?: FamilyTake;
  /** Several queues (decision 061): the patient chooses one first; absent, the screen is the one-queue one. */
  queues?: QueueLive[];
  /** The clinic offers 「どちらの医師でも」 (the earliest queue). */
  anyQueue?: boolean;
}

export function BookView(props: BookViewProps) {
  const { waitCount, closed, schedule, liveStatus, authenticating, busy, reserved, error, myPath, onTake } = props;
  const countId = useId();
  const family =
    props.familyMax! > 1 && !reserved ? (
      <Suspense>
        <Family part="picker" {...props} />
      </Suspense>
    ) : null;
  return (
    <main className="page patient">
      <LiveStatusLine status={liveStatus} />
      <h1>{t('nav.book')}</h1>
      <AnnouncementBanner announcement={props.announcement} />
      {props.queues ? null : (
        <section className="card stat" aria-labelledby={countId}>
          <h2 id={countId} className="stat-label">
            {t('book.waitingCount')}
          </h2>
          <p className="stat-value">{waitCount === null ? t('all.dash') : t('book.people', { n: waitCount })}</p>
        </section>
      )}
      {reserved ? (
        <p className="notice">
          {t('book.alreadyReserved')}
          <br />
          <Link to={myPath} className="notice-link">
            {t('book.toMy')}
          </Link>
        </p>
      ) : null}
      {closed ? (
        <ClosedCard schedule={schedule} late={props.late} />
      ) : props.queues ? (
        <Suspense>
          <Queues part="book" {...props} queues={props.queues} family={family} />
        </Suspense>
      ) : (
        <>
          {family}
          <button
            type="button"
            className="button primary block take-button"
            disabled={authenticating || busy || reserved}
            aria-busy={busy}
            onClick={onTake}
          >
            {busy ? t('book.taking') : t('book.take')}
          </button>
        </>
      )}
      {error ? (
        <p className="error-line" role="alert">
          {error}
        </p>
      ) : null}
    </main>
  );
}
