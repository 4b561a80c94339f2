/**
 * The full list of a clinic with several queues (issue 43, decision 061): one section per queue, in the
 * clinic's order, each with its name, its waiting count (and the patient's place when their number is in it),
 * its now calling and wait, and its rows. In the queues chunk, and on its own for /web/all (list-lazy.ts). The
 * one-queue list's row and estimate come in from ListView: importing them here would split the first load's
 * files further (the bundler gives a module shared with a lazy chunk a file of its own).
 */
import './queues.css';
import { useId } from 'react';
import type { QueueLive, QueueSnapshot } from '../../../shared/schemas/live.js';
import { t, useLang } from '../../ui/language.js';
import type { QueueRow, Row } from '../ListView.js';
import type { PlaceEstimate } from '../WaitEstimate.js';
import { queueName, queueOf, queueSnapshot } from './queue-view.js';
import { queuesLabels } from '../../../shared/labels/queues.js';
import { label } from '../../../shared/labels/text.js';
import { type LiffApps, liffPageUrl } from '../../../shared/line/liff-apps.js';

export interface QueueListProps {
  /** The queues chunk's part name (its index routes by it); the /web/all chunk has no other part. */
  part?: 'list';
  snapshot: QueueSnapshot;
  queues: QueueLive[];
  /** The signed-in patient's row, if they hold a number. */
  own: Row | undefined;
  Row: typeof QueueRow;
  Estimate: typeof PlaceEstimate;
  /**
   * /web/all only: the clinic's LIFF apps, so each section links to the mini-app's book screen on its queue
   * (`?queue=<id>`); with no LIFF app configured no section has the link.
   */
  bookIn?: LiffApps;
}

export default function QueueList({ snapshot, queues, own, Row, Estimate, bookIn }: QueueListProps) {
  return (
    <>
      {queues.map((queue) => (
        <QueueSection
          key={queue.id}
          snapshot={queueSnapshot(snapshot, queue)}
          queue={queue}
          own={own && queueOf(own) === queue.id ? own : undefined}
          Row={Row}
          Estimate={Estimate}
          bookIn={bookIn}
        />
      ))}
    </>
  );
}

function QueueSection({ snapshot, queue, own, Row, Estimate, bookIn }: Omit<QueueListProps, 'queues'> & { queue: QueueLive }) {
  const lang = useLang();
  const headingId = useId();
  const name = queueName(queue, lang);
  const total = queue.waiting;
  // A queue taken at the desk only has nothing to book online.
  const reserve = bookIn && queue.online ? liffPageUrl('book', bookIn, queue.id) : null;
  return (
    <section className="queue-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <p className="all-header">
        {own && !own.hold && own.ahead !== null ? t('all.headerWithYou', { ahead: own.ahead, total }) : t('all.headerTotal', { total })}
      </p>
      <Estimate snapshot={snapshot} number={own ? own.reservationNumber : null} />
      {reserve ? (
        <p className="reserve-here">
          <a className="button primary block" href={reserve}>
            {label(queuesLabels, lang, 'queues.reserveHere', { queue: name })}
          </a>
        </p>
      ) : null}
      <table className="queue-table">
        <caption className="visually-hidden">{name}</caption>
        <thead>
          <tr>
            <th scope="col">{t('all.colNumber')}</th>
            <th scope="col">{t('all.colAhead')}</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.queue.map((row) => (
            <Row key={row.reservationNumber} row={row} mine={row === own} />
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
    </section>
  );
}
