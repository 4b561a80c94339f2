/**
 * /admin/arrival 「来院確認・不在」 (issue 34): the absence settings, the sheet to print for the desk (QR
 * code and desk code) and the renewal of every check-in code. Its own lazy chunk, the QR library with it,
 * so the desk's list and the monitor load none of it.
 */
import { useCallback, useEffect, useState } from 'react';
import { t } from '../labels.js';
import type { ArrivalSetup } from '../../../shared/schemas/functions.js';
import { callFn } from '../../api/fn.js';
import { useDialogs } from '../Modal.js';
import { useRefusal } from '../refusal.js';
import { StaffNav } from '../StaffNav.js';
import { adminPaths } from '../../routes/admin.js';
import { ArrivalSettingsForm } from './ArrivalSettingsForm.js';
import { CheckinSheet } from './CheckinSheet.js';
import './arrival.css';


function Renewal({ onRenewed }: { onRenewed(): Promise<void> }) {
  const dialogs = useDialogs();
  const refuse = useRefusal();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function renew() {
    // Every printed sheet and the monitor's key stop working: asked first, in those words.
    if (!(await dialogs.confirm(t('arrival.renewConfirm')))) return;
    setBusy(true);
    setDone(false);
    try {
      await callFn('renewCheckinCodes', {});
      await onRenewed();
      setDone(true);
    } catch (err) {
      await refuse(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card arrival-renew" aria-labelledby="arrival-renew">
      <h2 id="arrival-renew">{t('arrival.renewTitle')}</h2>
      <p>{t('arrival.renewNote')}</p>
      <button type="button" className="button danger" disabled={busy} onClick={() => void renew()}>
        {t('arrival.renew')}
      </button>
      <p className="save-ok" role="status">
        {done ? t('arrival.renewed') : ''}
      </p>
    </section>
  );
}

export default function ArrivalScreen() {
  const [setup, setSetup] = useState<ArrivalSetup | null>(null);
  const refuse = useRefusal();

  const load = useCallback(async () => {
    try {
      setSetup(await callFn('getArrivalSetup', {}));
    } catch (err) {
      await refuse(err);
    }
  }, [refuse]);

  useEffect(() => {
    document.title = t('arrival.title');
    void load();
  }, [load]);

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
          <Renewal onRenewed={load} />
        </>
      )}
    </main>
  );
}
