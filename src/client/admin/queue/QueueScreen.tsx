/**
 * /admin/queue: everything live from /api/live/admin. Row actions go straight to the server; the list
 * changes when the next snapshot arrives, so two desks always show the same thing.
 */
import { useCallback, useEffect, useState } from 'react';
import type { StaffSlot } from '../../../shared/queue/slot.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { type Announcement, useCancelBlink, useNewReservationClaims } from './live-effects.js';
import { Modal, useDialogs } from '../Modal.js';
import { QueueTable } from './QueueTable.js';
import { ScheduleBanner } from './ScheduleBanner.js';
import './queue-table.css';
import type { RowAction } from './row-rules.js';
import { useRefusal } from '../refusal.js';
import { Sidebar } from './Sidebar.js';
import { AnnouncementPanel } from './AnnouncementPanel.js';
import { useSound } from './sound.js';
import { useAdminStream } from '../use-admin-stream.js';
import { queueOfNumber, severalQueues, useQueueFilter } from '../several-queues.js';
import type { QueueLive } from '../../../shared/schemas/live.js';
import { QueueFilterBar } from './QueueFilterBar.js';
import { MoveDialog, useQueueMoves } from './MoveDialog.js';
import { SmsNumberDialog } from './SmsNumberDialog.js';

export interface QueueScreenProps {
  username: string;
  onSignOut(): void;
}

/** The new online number, with its queue when the clinic has several (the number's range tells it). */
function onlineReservationText(a: Announcement, queues: readonly QueueLive[] | null): string {
  const channel = t(`admin.channel.${a.channel}`);
  const queue = queues && queueOfNumber(queues, a.reservationNumber);
  if (queue) return t('queues.newOnlineReservation', { queue: queue.nameJa, n: a.reservationNumber, channel });
  return t('admin.newOnlineReservation', { n: a.reservationNumber, channel });
}

export function QueueScreen({ username, onSignOut }: QueueScreenProps) {
  const { data, status } = useAdminStream();
  const dialogs = useDialogs();
  const refuse = useRefusal();
  const sound = useSound();
  const [showDone, setShowDone] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);
  const blinking = useCancelBlink(data?.slots);
  const { soundOn, play } = sound;
  const queues = severalQueues(data?.queues);
  const [filter, setFilter] = useQueueFilter(queues);
  const moves = useQueueMoves(queues);
  const [moving, setMoving] = useState<StaffSlot | null>(null);
  // The desk number whose SMS mobile is being entered (decision 070), and what was last done.
  const [smsFor, setSmsFor] = useState<StaffSlot | null>(null);
  const [smsDone, setSmsDone] = useState('');

  useNewReservationClaims(data?.slots, (announcement) => {
    if (soundOn) void play();
    setAnnouncements((list) => [...list, announcement]);
  });

  useEffect(() => {
    document.title = t('admin.title');
  }, []);

  const onAction = useCallback(
    async (slot: StaffSlot, action: RowAction, target?: string) => {
      if (action === 'sms') return setSmsFor(slot);
      if (action === 'recall' && !(await dialogs.confirm(t('admin.confirmRecall', { n: slot.reservationNumber })))) return;
      // 移動 asks where to first; the dialog's choice comes back here as `target`.
      if (action === 'move' && target === undefined) {
        setMoving(slot);
        return;
      }
      setBusy((s) => new Set(s).add(slot.id));
      try {
        if (action === 'move') await moves.move(slot, target!);
        else if (action === 'undoMove') await moves.undo(slot);
        else if (action === 'recall') await callFn('sendReservationMessageBySlot', { slotId: slot.id, kind: 'recall' });
        else if (action === 'call') await callFn('callSlot', { slotId: slot.id });
        // The absences this desk saw go along: a second desk pressing at the same moment changes nothing.
        else if (action === 'absent') await callFn('markAbsent', { slotId: slot.id, absences: slot.absences });
        else if (action === 'undoAbsent') await callFn('undoAbsent', { slotId: slot.id, absences: slot.absences });
        else if (action === 'arrive' || action === 'unarrive') await callFn('markArrived', { slotId: slot.id, arrived: action === 'arrive' });
        // The printed ticket (decision 068): its chunk, with the QR code library, loads on the first print.
        else if (action === 'ticket') await (await import('../ticket/print.js')).printTicket(slot.id);
        else await callFn('markSlot', { slotId: slot.id, action });
      } catch (err) {
        await refuse(err);
      } finally {
        setBusy((s) => {
          const next = new Set(s);
          next.delete(slot.id);
          return next;
        });
      }
    },
    [dialogs, refuse, moves.move, moves.undo],
  );
  // A stable handler keeps the memoised rows from re-rendering on every snapshot.
  const onRowAction = useCallback((slot: StaffSlot, action: RowAction) => void onAction(slot, action), [onAction]);

  return (
    <div className="admin-layout">
      <Sidebar
        snapshot={data}
        status={status}
        showDone={showDone}
        onShowDone={setShowDone}
        sound={sound}
        username={username}
        onSignOut={onSignOut}
        queues={queues}
        filter={filter}
      />
      <main className="admin-main">
        <AnnouncementPanel announcement={data?.announcement ?? null} />
        <ScheduleBanner notice={data?.scheduleNotice ?? null} />
        {queues && <QueueFilterBar queues={queues} filter={filter} onChange={setFilter} />}
        {queues && (
          // Named, so it stands apart from the walk-in's 「…を発行しました」 line.
          <p className="move-status" role="status" aria-label={t('move.title')}>
            {moves.message}
          </p>
        )}
        <QueueTable
          slots={data?.slots ?? []}
          showDone={showDone}
          blinking={blinking}
          busy={busy}
          onAction={onRowAction}
          noticeThresholds={data?.noticeThresholds}
          arrivalSettings={data?.arrivalSettings}
          cancellations={data?.cancellations}
          queues={queues}
          filter={filter}
          undoableMoves={moves.undoable}
          sms={data?.sms}
        />
        <p className="sms-done" role="status" aria-label={t('sms.rowAction')}>
          {smsDone}
        </p>
      </main>
      {moving && queues && (
        <MoveDialog
          slot={moving}
          queues={queues}
          onCancel={() => setMoving(null)}
          onMove={(queueId) => {
            setMoving(null);
            void onAction(moving, 'move', queueId);
          }}
        />
      )}
      {smsFor && (
        <SmsNumberDialog
          slot={smsFor}
          masked={data?.sms?.masked[smsFor.id]}
          onClose={(done) => {
            setSmsFor(null);
            if (done) setSmsDone(done);
          }}
        />
      )}
      {announcements.length > 0 && (
        <Modal
          title={t('admin.newOnlineTitle')}
          role="alertdialog"
          className="new-reservation-dialog"
          onCancel={() => setAnnouncements([])}
          actions={
            <>
              {/* The beep was refused: this click both enables sound and lets the receptionist hear it. */}
              {sound.soundOn && sound.blocked && (
                <button type="button" className="button enable-sound" onClick={() => void play()}>
                  {t('admin.enableSound')}
                </button>
              )}
              <button type="button" className="button primary" data-autofocus onClick={() => setAnnouncements([])}>
                {t('admin.close')}
              </button>
            </>
          }
        >
          {announcements.map((a) => (
            <p key={a.slotId}>{onlineReservationText(a, queues)}</p>
          ))}
        </Modal>
      )}
    </div>
  );
}
