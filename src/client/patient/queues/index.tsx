/**
 * The queues chunk (issue 43, docs/decisions/061): the book screen's choice of 受付の種類, the card and the
 * full list of a clinic with several queues, with their labels (src/shared/labels/queues.ts) and styles. One
 * lazy chunk rather than three, as the family chunk: each lazy import costs /pwa's first load its file names.
 * Loaded only when the live snapshot has `queues` (the clinic has more than one).
 */
import QueueBook, { type QueueBookProps } from './QueueBook.js';
import QueueCard, { type QueueCardProps } from './QueueCard.js';
import QueueList, { type QueueListProps } from './QueueList.js';

export type QueuesPartProps =
  | ({ part: 'book' } & QueueBookProps)
  | ({ part: 'card' } & QueueCardProps)
  | ({ part: 'list' } & QueueListProps);

export default function Queues(props: QueuesPartProps) {
  if (props.part === 'card') return <QueueCard {...props} />;
  if (props.part === 'list') return <QueueList {...props} />;
  return <QueueBook {...props} />;
}
