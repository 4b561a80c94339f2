/**
 * The staff list (at most 500 rows, docs/product.md), in queue order (docs/api.md "Queue order"): a number
 * moved back by an absence stands where it now waits. Waiting ranks and the order come from the shared rules.
 */
import { useMemo } from 'react';
import { byQueueOrder, waitingRanks } from '../../../shared/queue/rules.js';
import { ADMIN_LIST_LIMIT, type StaffSlot } from '../../../shared/queue/slot.js';
import { t } from '../labels.js';
import type { ArrivalSettings } from '../../../shared/schemas/functions.js';
import { QueueRow } from './QueueRow.js';
import { isShown, type RowAction } from './row-rules.js';
import { familyPlaces } from './family-groups.js';
import { StaffTable } from '../StaffTable.js';
import type { QueueLive } from '../../../shared/schemas/live.js';
import { ALL_QUEUES, type QueueFilter, queueIdOf, ranksByQueue } from '../several-queues.js';
import { queueTone } from './QueueFilterBar.js';

export interface QueueTableProps {
  slots: readonly StaffSlot[];
  showDone: boolean;
  blinking: ReadonlySet<string>;
  busy: ReadonlySet<string>;
  onAction(slot: StaffSlot, action: RowAction): void;
  /** slotId → a patient's own notice threshold other than 5 (issue 14). */
  noticeThresholds?: Readonly<Record<string, number>>;
  /** The clinic's absence and check-in settings (issue 34), from the admin snapshot. */
  arrivalSettings?: ArrivalSettings;
  /** slotId → its patient's own cancellations this session, when any (decision 060). */
  cancellations?: Readonly<Record<string, number>>;
  /** The clinic's queues when it has several (decision 061): each row is tagged, ranks count per queue. */
  queues?: readonly QueueLive[] | null;
  /** The desk's filter: all queues or one. */
  filter?: QueueFilter;
  /** Rows this desk moved from another queue, whose undo it offers (decision 067). */
  undoableMoves?: ReadonlyMap<string, unknown>;
  /** SMS (decision 070): on, and slotId → the masked mobile of desk numbers with one. */
  sms?: { on: boolean; masked: Readonly<Record<string, string>> };
}

/** A row's queue as its tag names it (the id for a queue the snapshot does not list). */
function nameOf(queues: readonly QueueLive[], id: string): string {
  return queues.find((q) => q.id === id)?.nameJa ?? id;
}

export function QueueTable(props: QueueTableProps) {
  const { slots, showDone, blinking, busy, onAction, noticeThresholds, arrivalSettings, cancellations, queues = null, filter = ALL_QUEUES, undoableMoves, sms } = props;
  const ranks = useMemo(() => (queues ? ranksByQueue(slots) : waitingRanks(slots)), [slots, queues]);
  const absentFirst = arrivalSettings?.absentFirstUnarrived ?? false;
  const rows = useMemo(
    () =>
      [...slots]
        .sort(byQueueOrder)
        .slice(0, ADMIN_LIST_LIMIT)
        // A row the patient just cancelled stays while it blinks, so staff see which one went.
        .filter((slot) => isShown(slot, showDone) || blinking.has(slot.id))
        .filter((slot) => filter === ALL_QUEUES || queueIdOf(slot) === filter),
    [slots, showDone, blinking, filter],
  );
  // A family's rows (decision 053), counted among the rows listed now.
  const families = useMemo(() => familyPlaces(rows), [rows]);
  return (
    <StaffTable
      className="queue-table"
      columns={[
        t('admin.colNumber'),
        t('admin.colWaiting'),
        t('admin.colReceivedAt'),
        t('admin.colArrived'),
        t('admin.colAhead5'),
        t('admin.colActions'),
      ]}
    >
      {rows.length === 0 ? (
        <tr>
          <td colSpan={6} className="queue-empty">
            {t('admin.empty')}
          </td>
        </tr>
      ) : (
        rows.map((slot) => (
          <QueueRow
            key={slot.id}
            slot={slot}
            rank={ranks.get(slot.id)}
            blinking={blinking.has(slot.id)}
            busy={busy.has(slot.id)}
            onAction={onAction}
            noticeThreshold={noticeThresholds?.[slot.id]}
            absentFirst={absentFirst && ranks.get(slot.id) === 1 && slot.arrivedAt === null}
            family={families.get(slot.id)}
            cancellations={cancellations?.[slot.id]}
            queueName={queues ? nameOf(queues, queueIdOf(slot)) : undefined}
            queueTone={queues ? queueTone(queues, queueIdOf(slot)) : undefined}
            undoableMove={undoableMoves?.has(slot.id)}
            smsOn={sms?.on ?? false}
            smsMasked={sms?.masked[slot.id]}
          />
        ))
      )}
    </StaffTable>
  );
}
