/**
 * One reservation in the staff list: number, waiting rank or state (with its absences), times, arrival, and
 * the buttons row-rules allow.
 */
import { memo } from 'react';
import { slotStatus } from '../../../shared/queue/rules.js';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import type { StaffKey } from '../../../shared/labels/staff.js';
import { t } from '../labels.js';
import { ChannelIcon } from './ChannelIcon.js';
import { actionPlaces, arrivalAction, canceledByPatient, canPrintTicket, patientChannel, type RowAction, rowActions } from './row-rules.js';
import { tokyoHhmm } from '../../../shared/time/tokyo.js';
import type { FamilyPlace } from './family-groups.js';

const ACTION_LABELS: Record<RowAction, StaffKey> = {
  start: 'admin.start',
  undoStart: 'admin.undoStart',
  recall: 'admin.recall',
  call: 'callout.call',
  delete: 'admin.delete',
  undoDelete: 'admin.undoDelete',
  hold: 'admin.hold',
  undoHold: 'admin.undoHold',
  confirm: 'admin.confirm',
  absent: 'admin.absent',
  undoAbsent: 'admin.undoAbsent',
  arrive: 'admin.markArrived',
  unarrive: 'admin.unmarkArrived',
  ticket: 'admin.ticket.print',
};

/** The button's look says what kind of step it is: forward, destructive, pause, or going back. */
const ACTION_STYLE: Record<RowAction, string> = {
  start: 'primary',
  undoStart: 'undo',
  recall: 'recall',
  call: 'call',
  delete: 'danger',
  undoDelete: 'undo',
  hold: 'hold',
  undoHold: 'undo',
  confirm: 'confirm',
  absent: 'absent',
  undoAbsent: 'undo',
  arrive: 'arrive',
  unarrive: 'undo',
  ticket: 'ticket',
};

export interface QueueRowProps {
  slot: StaffSlot;
  rank: number | undefined;
  blinking: boolean;
  busy: boolean;
  onAction(slot: StaffSlot, action: RowAction): void;
  /** The patient's own notice threshold when they chose other than 5 (issue 14). */
  noticeThreshold?: number;
  /** Offer 不在 first (and as the primary step): the clinic's setting, on the head row not checked in. */
  absentFirst?: boolean;
  /** A family's member (decision 053): its place among the family's listed rows. */
  family?: FamilyPlace;
  /** How many of their numbers this row's patient cancelled themselves this session (decision 060), when any. */
  cancellations?: number;
  /** The row's queue (受付項目) when the clinic has several (decision 061). */
  queueName?: string;
  /** Its tone among the queues (primitives, so the memoised row skips snapshots that change nothing of it). */
  queueTone?: number;
}

function waitingText(slot: StaffSlot, rank: number | undefined): string {
  const status = slotStatus(slot);
  if (status === 'canceled') return t(canceledByPatient(slot) ? 'admin.status.canceledByPatient' : 'admin.status.canceled');
  if (status === 'serving') return t('admin.status.serving');
  if (status === 'hold') return t('admin.status.hold');
  return rank === undefined ? '' : String(rank);
}

/** The rank or state, how often the patient was called and absent (「不在1回」) and cancelled this session (「キャンセル2回」). */
function WaitingCell({ slot, rank, cancellations }: { slot: StaffSlot; rank: number | undefined; cancellations?: number }) {
  return (
    <td className="cell-waiting">
      {waitingText(slot, rank)}
      {slot.absences > 0 && <span className="absence-count">{t('admin.absences', { n: slot.absences })}</span>}
      {cancellations ? (
        <span className="cancel-count" title={t('kept.cancelTagTitle')}>
          {t('kept.cancelTag', { n: cancellations })}
        </span>
      ) : null}
    </td>
  );
}

/** 来院済: when and by whom (「9:12 本人」「9:15 受付」), and the desk's button to record it or take it back. */
function ArrivedCell({ slot, busy, onAction }: { slot: StaffSlot; busy: boolean; onAction: QueueRowProps['onAction'] }) {
  const action = arrivalAction(slot);
  return (
    <td className="cell-arrived">
      <span className="arrived-line">
        {slot.arrivedAt && (
          <span className="arrived-at">
            {t('admin.arrivedValue', { time: tokyoHhmm(slot.arrivedAt), by: t(`admin.arrivedBy.${slot.arrivedBy ?? 'staff'}`) })}
          </span>
        )}
        {action && (
          <button
            type="button"
            className={`button admin-action arrival-toggle ${ACTION_STYLE[action]}`}
            disabled={busy}
            onClick={() => onAction(slot, action)}
          >
            {t(ACTION_LABELS[action])}
          </button>
        )}
      </span>
    </td>
  );
}

function ahead5Cell(slot: StaffSlot, threshold: number | undefined): string {
  // By minutes before the turn (decision 055): 「30分前」, then 「30分前 10:42」 once told.
  if (slot.noticeMinutes) {
    if (slot.notifiedAt) return t('admin.noticeMinutesAt', { n: slot.noticeMinutes, time: tokyoHhmm(slot.notifiedAt) });
    if (!slot.ahead5SkippedAt) return t('admin.noticeMinutes', { n: slot.noticeMinutes });
  }
  // The column is the 5-ahead notice: a patient's own other choice is written with its time (「3人前 10:42」).
  if (threshold !== undefined) {
    if (slot.notifiedAt) return t('admin.ahead5ThresholdAt', { n: threshold, time: tokyoHhmm(slot.notifiedAt) });
    if (!slot.ahead5SkippedAt) return t('admin.ahead5Threshold', { n: threshold });
  }
  if (slot.notifiedAt) return tokyoHhmm(slot.notifiedAt);
  if (slot.ahead5SkippedAt) return t('admin.ahead5Skipped');
  return '';
}

/** On the absent-first row 不在 is the primary step, and 開始 loses its primary look. */
function styleOf(action: RowAction, absentFirst: boolean): string {
  if (absentFirst && action === 'absent') return 'primary absent-first';
  if (absentFirst && action === 'start') return 'plain';
  return ACTION_STYLE[action];
}

export const QueueRow = memo(function QueueRow({ slot, rank, blinking, busy, onAction, noticeThreshold, absentFirst = false, family, cancellations, queueName, queueTone = 0 }: QueueRowProps) {
  const status = slotStatus(slot);
  const channel = patientChannel(slot);
  const actions = new Set(rowActions(slot));
  const first = absentFirst && actions.has('absent');
  const classes = [`row-${status}`, blinking ? 'row-blink' : '', family ? `row-family family-tone-${family.tone}` : ''].join(' ');
  return (
    <tr className={classes} data-slot-id={slot.id} data-family-id={slot.familyId ?? undefined}>
      <th scope="row" className="cell-number">
        {t('admin.numberValue', { n: slot.reservationNumber })}
        {queueName && <span className={`queue-tag queue-tone-${queueTone}`}>{queueName}</span>}
        {family && (
          <span className="family-line">
            <span className="family-tag">{t('staffFamily.tag', { i: family.i, k: family.k })}</span>
            {/* Patient text, isolated for direction (decision 058): a right-to-left name reorders nothing around it. */}
            {slot.memberName ? <bdi className="member-name">{slot.memberName}</bdi> : null}
          </span>
        )}
      </th>
      <WaitingCell slot={slot} rank={rank} cancellations={cancellations} />
      <td className="cell-time">
        <span className="time-with-icon">
          {tokyoHhmm(slot.reservedAt)}
          {channel && <ChannelIcon channel={channel} />}
        </span>
        {/* A desk number's paper ticket, printed again (decision 068): beside when it was taken, not in the row's name. */}
        {canPrintTicket(slot) && (
          <button type="button" className={`button admin-action ${ACTION_STYLE.ticket} ticket-reprint`} title={t('admin.ticket.reprint')} disabled={busy} onClick={() => onAction(slot, 'ticket')}>
            {t('admin.ticket.print')}
          </button>
        )}
      </td>
      <ArrivedCell slot={slot} busy={busy} onAction={onAction} />
      <td className="cell-ahead5">{ahead5Cell(slot, noticeThreshold)}</td>
      <td className="cell-actions">
        <div className="action-places">
          {actionPlaces(first).map((place) => {
            const action = place.find((a) => actions.has(a));
            if (!action) {
              // A recall already sent says when, where the button was.
              return place[0] === 'recall' && slot.notifiedAheadAt ? (
                <span key={place[0]} className="action-note">
                  {t('admin.recalled', { time: tokyoHhmm(slot.notifiedAheadAt) })}
                </span>
              ) : (
                <span key={place[0]} aria-hidden="true" />
              );
            }
            return (
              <button
                key={place[0]}
                type="button"
                className={`button admin-action ${styleOf(action, first)}`}
                // Why 不在 stands first on this row: its patient has not checked in.
                title={first && action === 'absent' ? t('admin.notArrivedHead') : undefined}
                disabled={busy}
                onClick={() => onAction(slot, action)}
              >
                {t(ACTION_LABELS[action])}
              </button>
            );
          })}
        </div>
      </td>
    </tr>
  );
});
