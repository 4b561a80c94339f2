/**
 * The book screen's choice of 受付の種類 in a clinic with several queues (issue 43, decision 061): each queue a
 * large choice with its name, description, people waiting and wait range; a desk-only queue or one outside its
 * own hours is shown, not offered, with the reason. The take button sends the chosen queue (BookScreen reads
 * it from `members.queue`). In the queues chunk: a one-queue clinic never loads it.
 */
import './queues.css';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { queuesLabels } from '../../../shared/labels/queues.js';
import { label } from '../../../shared/labels/text.js';
import { waitRange } from '../../../shared/estimate/range.js';
import type { QueueLive } from '../../../shared/schemas/live.js';
import { callFn } from '../../api/fn.js';
import { t, useLang } from '../../ui/language.js';
import type { BookViewProps } from '../BookView.js';
import { readQueueLink } from './queue-link.js';
import { queueDescription, queueName, selectable } from './queue-view.js';

export const ANY_QUEUE = 'any';

export interface QueueBookProps extends BookViewProps {
  queues: QueueLive[];
  /** The family picker as the one-queue screen shows it (passed in, so this chunk does not import it). */
  family: ReactNode;
}

/**
 * Whether the clinic offers 「どちらの医師でも」 (getQueues' choices): asked once per page, when the first
 * screen with several queues appears; the prop (tests, a caller that knows) wins, and a failed answer hides it.
 */
let anyQueueAnswer: Promise<boolean> | undefined;
function useAnyQueue(given: boolean | undefined): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if (given !== undefined) return;
    anyQueueAnswer ??= callFn('getQueues', {}).then(
      (answer) => answer.choices.anyQueue,
      () => false,
    );
    let live = true;
    void anyQueueAnswer.then((any) => live && setOffered(any));
    return () => void (live = false);
  }, [given]);
  return given ?? offered;
}

/** The queue to start on: the link's if it can be taken, else the only one that can, else none. */
function initialChoice(queues: QueueLive[]): string | null {
  const link = readQueueLink();
  if (queues.some((q) => q.id === link && selectable(q))) return link;
  const open = queues.filter(selectable);
  return open.length === 1 ? open[0].id : null;
}

export default function QueueBook(props: QueueBookProps) {
  const { queues, members, authenticating, busy, reserved, onTake } = props;
  const lang = useLang();
  const legendId = useId();
  const noteId = useId();
  const name = useId();
  const [chosen, setChosen] = useState(() => initialChoice(queues));
  const anyOffered = useAnyQueue(props.anyQueue) && queues.filter(selectable).length >= 2;
  // A queue may close, or turn desk-only, while the screen is open: never send one that cannot be taken now.
  const current = (chosen === ANY_QUEUE ? anyOffered : queues.some((q) => q.id === chosen && selectable(q))) ? chosen : null;

  useEffect(() => {
    if (!members) return;
    members.queue = current ?? undefined;
    return () => void (members.queue = undefined);
  }, [current, members]);

  return (
    <>
      <section className="card queue-picker" aria-labelledby={legendId}>
        <fieldset disabled={authenticating || busy || reserved} aria-describedby={noteId}>
          <legend id={legendId}>{label(queuesLabels, lang, 'queues.choose')}</legend>
          <p id={noteId} className="small-note">
            {label(queuesLabels, lang, 'queues.chooseNote')}
          </p>
          <div className="queue-choices">
            {queues.map((queue) => (
              <QueueChoice key={queue.id} queue={queue} name={name} checked={current === queue.id} onChoose={setChosen} />
            ))}
            {anyOffered ? (
              <label className="queue-choice">
                <input type="radio" name={name} value={ANY_QUEUE} checked={current === ANY_QUEUE} onChange={() => setChosen(ANY_QUEUE)} />
                <span className="queue-choice-body">
                  <span className="queue-choice-name">{label(queuesLabels, lang, 'queues.any')}</span>
                  <span className="queue-choice-text">{label(queuesLabels, lang, 'queues.anyNote')}</span>
                </span>
              </label>
            ) : null}
          </div>
        </fieldset>
      </section>
      {props.family}
      <button
        type="button"
        className="button primary block take-button"
        disabled={authenticating || busy || reserved || current === null}
        aria-busy={busy}
        onClick={onTake}
      >
        {busy ? t('book.taking') : t('book.take')}
      </button>
      {current === null && !reserved ? <p className="small-note queue-pick-first">{label(queuesLabels, lang, 'queues.pickFirst')}</p> : null}
    </>
  );
}

function QueueChoice({ queue, name, checked, onChoose }: { queue: QueueLive; name: string; checked: boolean; onChoose(id: string): void }) {
  const lang = useLang();
  const nameId = useId();
  const detailId = useId();
  const open = selectable(queue);
  const description = queueDescription(queue, lang);
  const range = queue.estimate ? waitRange(queue.estimate, queue.waiting, new Date()) : null;
  let reason = null;
  if (!queue.online) reason = label(queuesLabels, lang, 'queues.deskOnly');
  else if (!queue.open) reason = label(queuesLabels, lang, 'queues.closed');
  return (
    <label className={open ? 'queue-choice' : 'queue-choice queue-choice-off'}>
      <input
        type="radio"
        name={name}
        value={queue.id}
        checked={checked}
        disabled={!open}
        aria-labelledby={nameId}
        aria-describedby={detailId}
        onChange={() => onChoose(queue.id)}
      />
      <span className="queue-choice-body">
        <span id={nameId} className="queue-choice-name">
          {queueName(queue, lang)}
        </span>
        <span id={detailId} className="queue-choice-detail">
          {description ? <span className="queue-choice-text">{description}</span> : null}
          <span className="queue-choice-figures">
            <span>{t('all.headerTotal', { total: queue.waiting })}</span>
            {range && open ? <span>{range.highMinutes > 5 ? t('estimate.range', { low: range.lowMinutes, high: range.highMinutes }) : t('estimate.soon')}</span> : null}
          </span>
          {reason ? <span className="queue-choice-reason">{reason}</span> : null}
        </span>
      </span>
    </label>
  );
}
