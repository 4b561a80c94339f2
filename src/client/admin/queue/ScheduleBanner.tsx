/**
 * The calendar could not start online reception at a window's start because in-house reception was off
 * (the admin snapshot's scheduleNotice): say so above the queue, with the one action that fixes it. The
 * server does not start online reception by itself once in-house starts inside the window, so the button
 * starts both, in the order the switches require.
 */
import { useState } from 'react';
import { t } from '../labels.js';
import type { ScheduleNotice } from '../../../shared/schedule/types.js';
import { tokyoHhmm } from '../../../shared/time/tokyo.js';
import { callFn } from '../../api/fn.js';
import { clockText } from '../../ui/schedule-text.js';
import { useDialogs } from '../Modal.js';
import { useRefusal } from '../refusal.js';

export function ScheduleBanner({ notice }: { notice: ScheduleNotice | null }) {
  const dialogs = useDialogs();
  const refuse = useRefusal();
  const [busy, setBusy] = useState(false);
  if (!notice) return null;

  async function startInhouse() {
    setBusy(true);
    try {
      if (!(await dialogs.confirm(t('admin.scheduleNoticeConfirm')))) return;
      await callFn('startInhouseReception', {});
      await callFn('startOnlineReception', {});
    } catch (err) {
      await refuse(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="schedule-banner" role="alert">
      <p>{t('admin.scheduleNotice', { time: clockText(tokyoHhmm(notice.windowStart)) })}</p>
      <button type="button" className="button primary" disabled={busy} onClick={() => void startInhouse()}>
        {t('admin.scheduleNoticeAction')}
      </button>
    </div>
  );
}
