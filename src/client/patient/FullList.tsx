/**
 * The full queue (docs/product.md, "Full list"): header with the patient's place or just the total, the Tokyo
 * clock, today's online hours and the next opening from the clinic calendar, number and people-ahead rows
 * with held rows last, the patient's own row marked, the footer, and the stopped notice. Pure: AllScreen
 * feeds it; /web/all passes the reserve link as children and shows the week ahead.
 */
import './patient.css';
import type { ReactNode } from 'react';
import type { LiveStatus } from '../api/live.js';
import { t } from '../ui/language.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { isOnlineOpen } from '../../shared/queue/reception-switches.js';
import { Loading } from '../ui/Loading.js';
import { openAfterText } from '../ui/schedule-text.js';
import { LiveStatusLine } from './LiveStatusLine.js';
import type { ScheduleState } from './public-schedule.js';
import { TodaySchedule } from './TodaySchedule.js';
import { TokyoClock } from './TokyoClock.js';
import { PlaceEstimate } from './WaitEstimate.js';
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
import { WeekAhead } from './WeekAhead.js';

export interface FullListProps {
  snapshot: QueueSnapshot | null;
  /** The signed-in patient's number, to mark their row; null for the public and for patients without one. */
  ownNumber: number | null;
  liveStatus: LiveStatus;
  schedule: ScheduleState;
  /** The public page also shows the week ahead. */
  showWeek?: boolean;
  children?: ReactNode;
}

type Row = QueueSnapshot['queue'][number];

function header(snapshot: QueueSnapshot, own: Row | undefined): string {
  const total = snapshot.runtime.currentWaitCount;
  if (own && !own.hold && own.ahead !== null) return t('all.headerWithYou', { ahead: own.ahead, total });
  return t('all.headerTotal', { total });
}

function QueueRow({ row, mine }: { row: Row; mine: boolean }) {
  const classes = [mine ? 'you' : '', row.hold ? 'held' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <tr className={classes} aria-current={mine ? 'true' : undefined}>
      <td>
        <span className="queue-number">{row.reservationNumber}</span>
        {/* Spaces between the parts so a screen reader says "3 あなた", not "3あなた". */}
        {mine ? <> <span className="badge badge-you">{t('all.you')}</span></> : null}
        {row.hold ? <> <span className="badge badge-hold">{t('all.hold')}</span></> : null}
      </td>
      <td className="queue-ahead">{row.hold || row.ahead === null ? t('all.dash') : t('book.people', { n: row.ahead })}</td>
    </tr>
  );
}

export function FullList({ snapshot, ownNumber, liveStatus, schedule, showWeek = false, children }: FullListProps) {
  const own = ownNumber === null ? undefined : snapshot?.queue.find((row) => row.reservationNumber === ownNumber);
  return (
    <main className="page patient">
      <LiveStatusLine status={liveStatus} place={ownNumber === null ? undefined : (own ?? null)} />
      <h1>{t('nav.all')}</h1>
      {snapshot ? (
        <ListBody snapshot={snapshot} own={own} schedule={schedule} showWeek={showWeek}>
          {children}
        </ListBody>
      ) : (
        <Loading />
      )}
    </main>
  );
}

interface ListBodyProps {
  snapshot: QueueSnapshot;
  own: Row | undefined;
  schedule: ScheduleState;
  showWeek: boolean;
  children?: ReactNode;
}

/**
 * Everything that depends on the queue, shown once its first snapshot is here and all at once: parts
 * appearing one by one above others pushed the page down under a reader's finger (layout shift).
 */
function ListBody({ snapshot, own, schedule, showWeek, children }: ListBodyProps) {
  // The next opening matters only while online reception is closed.
  const showNext = !isOnlineOpen(snapshot.runtime);
  return (
    <>
      <AnnouncementBanner announcement={snapshot.announcement} />
      {!snapshot.runtime.inhouseOn ? (
        <p className="notice" role="status">
          {t('all.stopped')}
        </p>
      ) : null}
      <p className="all-header">{header(snapshot, own)}</p>
      <PlaceEstimate snapshot={snapshot} number={own ? own.reservationNumber : null} />
      <TokyoClock />
      {schedule.kind === 'ready' && <TodaySchedule schedule={schedule.schedule} showNext={showNext} />}
      {/* Its place kept, lines as they will be, while the calendar is asked: its answer moves nothing below. */}
      {schedule.kind === 'loading' && (
        <div className="today-schedule-pending" aria-hidden="true">
          <p className="today-hours">{'\u00a0'}</p>
          {showNext && <p className="next-opening">{'\u00a0'}</p>}
        </div>
      )}
      {schedule.kind === 'failed' && <p className="closed-hours">{t('closed.hours')}</p>}
      {children}
      <table className="queue-table">
        <caption className="visually-hidden">{t('nav.all')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('all.colNumber')}</th>
            <th scope="col">{t('all.colAhead')}</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.queue.map((row) => (
            <QueueRow key={row.reservationNumber} row={row} mine={row === own} />
          ))}
          {snapshot.queue.length === 0 ? (
            <tr>
              <td colSpan={2} className="queue-empty">
                {t('all.empty')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {showWeek && schedule.kind === 'ready' && <WeekAhead schedule={schedule.schedule} />}
      <p className="small-note all-footer">{schedule.kind === 'ready' ? openAfterText(schedule.schedule.offsets) : t('all.footer')}</p>
    </>
  );
}
