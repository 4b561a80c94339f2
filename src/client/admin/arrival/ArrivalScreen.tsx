/**
 * /admin/arrival 「来院確認・不在」 (issue 34): the absence settings, the sheet to print for the desk (QR
 * code and desk code), the printed ticket's paper and sentence (decision 068), and renewing the check-in codes or the wall monitor's key, each alone. Its own lazy chunk, the QR library with it,
 * so the desk's list and the monitor load none of it.
 */
import { useState } from 'react';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import { useDialogs } from '../Modal.js';
import { useRefusal } from '../refusal.js';
import { StaffNav } from '../StaffNav.js';
import { useStaffData } from '../use-staff-data.js';
import { adminPaths } from '../../routes/admin.js';
import { ArrivalSettingsForm } from './ArrivalSettingsForm.js';
import { CheckinSheet } from './CheckinSheet.js';
import { TicketSettingsSection } from '../ticket/TicketSettingsForm.js';
import './arrival.css';


/** What each renewal calls and says: the codes (the printed sheet) or the wall monitor's key, each alone (decision 059). */
const RENEWALS = {
  codes: {
    fn: 'renewCheckinCodes',
    id: 'arrival-renew',
    labels: ['arrival.renewTitle', 'arrival.renewNote', 'arrival.renew', 'arrival.renewConfirm', 'arrival.renewed'],
  },
  monitor: {
    fn: 'renewMonitorKey',
    id: 'arrival-monitor-key',
    labels: ['arrival.monitorKeyTitle', 'arrival.monitorKeyNote', 'arrival.monitorKeyRenew', 'arrival.monitorKeyConfirm', 'arrival.monitorKeyRenewed'],
  },
} as const;

function Renewal({ what, onRenewed }: { what: keyof typeof RENEWALS; onRenewed(): Promise<void> }) {
  const dialogs = useDialogs();
  const refuse = useRefusal();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { fn, id, labels } = RENEWALS[what];
  const [title, note, action, confirm, renewed] = labels;

  async function renew() {
    // What stops working (the printed sheet, or the open monitor) is asked first, in those words.
    if (!(await dialogs.confirm(t(confirm)))) return;
    setBusy(true);
    setDone(false);
    try {
      await callFn(fn, {});
      await onRenewed();
      setDone(true);
    } catch (err) {
      await refuse(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card arrival-renew" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      <p>{t(note)}</p>
      <button type="button" className="button danger" disabled={busy} onClick={() => void renew()}>
        {t(action)}
      </button>
      <p className="save-ok" role="status">
        {done ? t(renewed) : ''}
      </p>
    </section>
  );
}

const askSetup = () => callFn('getArrivalSetup', {});

export default function ArrivalScreen() {
  const { data: setup, load } = useStaffData(t('arrival.title'), askSetup);

  return (
    <main className="staff-page arrival-page">
      <StaffNav except={adminPaths.arrival} />
      <h1>{t('arrival.title')}</h1>
      {!setup ? (
        <p role="status">{t('arrival.loading')}</p>
      ) : (
        <>
          <ArrivalSettingsForm saved={setup.settings} onSaved={() => void load()} />
          <section className="card arrival-print" aria-labelledby="arrival-sheet">
            <h2 id="arrival-sheet">{t('arrival.sheet')}</h2>
            <p className="muted">{t('arrival.sheetNote')}</p>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('arrival.print')}
            </button>
            <CheckinSheet deskCode={setup.deskCode} deskLink={setup.deskLink} />
          </section>
          <TicketSettingsSection />
          <Renewal what="codes" onRenewed={load} />
          <Renewal what="monitor" onRenewed={load} />
        </>
      )}
    </main>
  );
}
