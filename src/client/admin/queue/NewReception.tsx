/**
 * The walk-in ticket: one press takes the next free number as an ADMIN reservation. With several queues
 * (decision 061) it asks for the 受付項目 first: the desk's filtered queue is chosen already, under すべて
 * nothing is, so a walk-in never lands in a queue no one picked.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { AdminSnapshot, QueueLive } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import type { LiveStatus } from '../../api/live.js';
import { useRefusal } from '../refusal.js';
import { ALL_QUEUES, MAIN_QUEUE_ID, type QueueFilter } from '../several-queues.js';

export interface NewReceptionProps {
  snapshot: Pick<AdminSnapshot, 'runtime' | 'nextFreeNumber' | 'nextFreeNumbers'> | null;
  status: LiveStatus;
  /** The clinic's queues when it has several. */
  queues?: readonly QueueLive[] | null;
  /** The desk's list filter: its queue is the one preselected. */
  filter?: QueueFilter;
}

/**
 * What comes next. The server sends no number both while in-house reception is stopped and when the
 * session's numbers have all been issued: each says so. The error is only for a stream that failed, when
 * the number on screen may be out of date. With several queues it is the chosen queue's next number, and
 * none until a queue is chosen: each queue counts from its own first number.
 */
function nextNumberText({ snapshot, status }: NewReceptionProps, several: boolean, queueId: string): string {
  if (status === 'reconnecting') return t('admin.nextNumberError');
  if (!snapshot) return t('admin.connecting');
  if (!snapshot.runtime.inhouseOn) return t('admin.nextNumberStopped');
  const next = several ? queueNextNumber(snapshot, queueId) : snapshot.nextFreeNumber;
  if (next === undefined) return '';
  if (next === null) return t('admin.nextNumberNoneLeft');
  return t('admin.nextNumber', { n: next });
}

/** The queue's next number; undefined when no queue is chosen or the server does not tell it. */
function queueNextNumber(snapshot: NonNullable<NewReceptionProps['snapshot']>, queueId: string): number | null | undefined {
  if (queueId === '') return undefined;
  if (snapshot.nextFreeNumbers) return snapshot.nextFreeNumbers[queueId];
  // A server from before `nextFreeNumbers` told the first queue's alone.
  return queueId === MAIN_QUEUE_ID ? snapshot.nextFreeNumber : undefined;
}

function issuedText(issued: { n: number; queue: string | null }): string {
  return issued.queue === null ? t('admin.issued', { n: issued.n }) : t('queues.issued', { queue: issued.queue, n: issued.n });
}

export function NewReception(props: NewReceptionProps) {
  const { queues = null, filter = ALL_QUEUES } = props;
  const refuse = useRefusal();
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<{ n: number; queue: string | null; slotId: string } | null>(null);
  const [printing, setPrinting] = useState(false);
  const [choice, setChoice] = useState(filter === ALL_QUEUES ? '' : filter);
  const [asking, setAsking] = useState(false);
  // The desk switching its list to another queue takes its walk-ins there too.
  useEffect(() => setChoice(filter === ALL_QUEUES ? '' : filter), [filter]);
  const chosen = queues?.find((q) => q.id === choice) ?? null;

  async function take() {
    // Blocked while a request runs: a double press must not hand out two numbers.
    if (busy) return;
    if (queues && !chosen) {
      setAsking(true);
      selectRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await callFn('allocateNextSlot', chosen ? { reservedType: 'ADMIN', queueId: chosen.id } : { reservedType: 'ADMIN' });
      setIssued({ n: result.reservationNumber, queue: chosen?.nameJa ?? null, slotId: result.slotId });
    } catch (err) {
      setIssued(null);
      await refuse(err, 'error.allocateFailed');
    } finally {
      setBusy(false);
    }
  }

  // The number's printed ticket (docs/decisions/068), one tap after it was taken; its chunk loads on the tap.
  async function print(slotId: string) {
    if (printing) return;
    setPrinting(true);
    try {
      await (await import('../ticket/print.js')).printTicket(slotId);
    } catch (err) {
      await refuse(err);
    } finally {
      setPrinting(false);
    }
  }

  return (
    <section className="new-reception">
      {queues && (
        <div className="new-reception-queue">
          <label htmlFor={selectId}>{t('queues.label')}</label>
          <select
            id={selectId}
            ref={selectRef}
            value={choice}
            aria-invalid={asking && !chosen ? true : undefined}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
              setAsking(false);
            }}
          >
            <option value="" disabled>
              {t('queues.choosePlaceholder')}
            </option>
            {queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.nameJa}
              </option>
            ))}
          </select>
          {asking && !chosen && (
            <p className="new-reception-ask" role="alert">
              {t('queues.chooseForDesk')}
            </p>
          )}
        </div>
      )}
      <button type="button" className="button primary block new-reception-button" disabled={busy} onClick={() => void take()}>
        {t('admin.newReception')}
      </button>
      <p className="next-number" aria-live="polite">
        {nextNumberText(props, queues !== null, choice)}
      </p>
      <p className="issued" role="status">
        {issued !== null && issuedText(issued)}
      </p>
      {issued !== null && (
        <button type="button" className="button block ticket-print-button" disabled={printing} onClick={() => void print(issued.slotId)}>
          {t('admin.ticket.print')}
        </button>
      )}
    </section>
  );
}
