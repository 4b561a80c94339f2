/**
 * The patient's card in a clinic with several queues (issue 43, decision 061): the number named with its
 * queue (「予防接種 12番」), and now calling and the wait from that queue's own figures. A family's numbers
 * are in one queue; their cards read that queue's figures and say which it is. In the queues chunk; the cards
 * themselves come from MyView (importing them here would split /pwa's first load into more files).
 */
import './queues.css';
import type { ReactNode } from 'react';
import { queuesLabels } from '../../../shared/labels/queues.js';
import { label } from '../../../shared/labels/text.js';
import type { MyReservation } from '../../../shared/schemas/functions.js';
import type { QueueLive } from '../../../shared/schemas/live.js';
import { useLang } from '../../ui/language.js';
import type { Family } from '../family/lazy.js';
import type { MyReservationCard } from '../MyReservationCard.js';
import type { MyViewProps } from '../MyView.js';
import { queueName, queueOf, queueSnapshot } from './queue-view.js';

export interface QueueCardProps extends MyViewProps {
  reservation: MyReservation;
  family: MyReservation[];
  queues: QueueLive[];
  /** The notice chooser, under the card (or the family's first card). */
  notice: ReactNode;
  Card: typeof MyReservationCard;
  Family: typeof Family;
}

export default function QueueCard(props: QueueCardProps) {
  const { reservation, family, snapshot, queues, notice, Card, Family } = props;
  const lang = useLang();
  // The card names its queue; failing that, the number's row in the snapshot does (the same slot's queue).
  const row = snapshot?.queue.find((r) => r.reservationNumber === reservation.reservationNumber);
  const queue = queues.find((q) => q.id === queueOf(reservation.queueId ? reservation : (row ?? reservation)));
  const view = queue && snapshot ? queueSnapshot(snapshot, queue) : snapshot;
  const name = queue ? queueName(queue, lang) : undefined;
  if (family.length > 1) {
    return (
      <>
        {name ? <p className="welcome">{label(queuesLabels, lang, 'queues.yours', { queue: name })}</p> : null}
        {/* `part` after the spread: this chunk's own props carry part="card", which would make it the picker. */}
        <Family {...props} part="cards" snapshot={view} family={family} notice={notice} />
      </>
    );
  }
  return (
    <Card
      reservation={reservation}
      canceling={props.canceling}
      cancelError={props.cancelError}
      onCancel={props.onCancel}
      snapshot={view}
      checkIn={props.checkIn}
      queue={name}
    >
      {notice}
    </Card>
  );
}
