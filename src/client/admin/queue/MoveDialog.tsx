/**
 * 移動: the desk moves a waiting patient to another queue (decisions 061, 067). The dialog chooses the queue
 * (every live queue but the row's own, the first preselected: with two queues one press and one confirm) and
 * says what will happen; the hook calls moveToQueue and keeps, for this desk, where each row it moved came
 * from, so the row's 移動取消 can move it back (the undo is a move, as on the wire).
 */
import { useCallback, useRef, useState } from 'react';
import type { QueueLive } from '../../../shared/schemas/live.js';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { callFn } from '../../api/fn.js';
import { t } from '../labels.js';
import { Modal } from '../Modal.js';
import { queueIdOf } from '../several-queues.js';

export interface MoveDialogProps {
  slot: StaffSlot;
  queues: readonly QueueLive[];
  onCancel(): void;
  onMove(queueId: string): void;
}

const nameIn = (queues: readonly QueueLive[], id: string) => queues.find((q) => q.id === id)?.nameJa ?? id;

export function MoveDialog({ slot, queues, onCancel, onMove }: MoveDialogProps) {
  const targets = queues.filter((q) => q.id !== queueIdOf(slot));
  const [choice, setChoice] = useState(targets[0]?.id ?? '');
  return (
    <Modal
      title={t('move.title')}
      className="move-dialog"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('admin.cancel')}
          </button>
          <button type="button" className="button primary" disabled={!choice} onClick={() => onMove(choice)}>
            {t('move.submit')}
          </button>
        </>
      }
    >
      <p>{t('move.body', { queue: nameIn(queues, queueIdOf(slot)), n: slot.reservationNumber })}</p>
      <fieldset className="move-targets">
        <legend>{t('move.target')}</legend>
        {targets.map((q, i) => (
          <label key={q.id} className="move-target">
            <input type="radio" name="move-target" value={q.id} checked={choice === q.id} data-autofocus={i === 0 ? true : undefined} onChange={() => setChoice(q.id)} />
            <span>{q.nameJa}</span>
            <span className="move-target-count">{t('queues.waiting', { n: q.waiting })}</span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

/** Where a row this desk moved came from: its queue, to move it back. */
type Origins = ReadonlyMap<string, string>;

export function useQueueMoves(queues: readonly QueueLive[] | null) {
  const [origins, setOrigins] = useState<Origins>(() => new Map());
  // Read by the stable handlers, so the memoised rows do not re-render for every move.
  const latest = useRef(origins);
  latest.current = origins;
  const [message, setMessage] = useState('');
  const named = useCallback((id: string) => (queues ? nameIn(queues, id) : id), [queues]);

  const remember = useCallback(
    (forget: string, add?: [string, string]) =>
      setOrigins((m) => {
        const next = new Map(m);
        next.delete(forget);
        if (add) next.set(...add);
        return next;
      }),
    [],
  );

  /** Throws the server's refusal (the caller shows it); on success the new row offers its undo. */
  const move = useCallback(
    async (slot: StaffSlot, queueId: string) => {
      const moved = await callFn('moveToQueue', { slotId: slot.id, queueId });
      remember(slot.id, [moved.slotId, queueIdOf(slot)]);
      setMessage(t('move.done', { from: slot.reservationNumber, queue: named(queueId), n: moved.reservationNumber }));
    },
    [named, remember],
  );

  const undo = useCallback(
    async (slot: StaffSlot) => {
      const from = latest.current.get(slot.id);
      if (!from) return;
      const back = await callFn('moveToQueue', { slotId: slot.id, queueId: from });
      remember(slot.id);
      setMessage(t('move.undone', { queue: named(from), n: back.reservationNumber }));
    },
    [named, remember],
  );

  return { undoable: origins as ReadonlyMap<string, unknown>, message, move, undo };
}
