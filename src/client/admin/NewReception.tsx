/** The walk-in ticket: one press takes the next free number as an ADMIN reservation. */
import { useState } from 'react';
import { t } from '../../shared/labels/ja.js';
import { callFn } from '../api/fn.js';
import { useRefusal } from './refusal.js';

export function NewReception({ nextFreeNumber, loaded }: { nextFreeNumber: number | null; loaded: boolean }) {
  const refuse = useRefusal();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<number | null>(null);

  async function take() {
    // Blocked while a request runs: a double press must not hand out two numbers.
    if (busy) return;
    setBusy(true);
    try {
      const result = await callFn('allocateNextSlot', { reservedType: 'ADMIN' });
      setIssued(result.reservationNumber);
    } catch (err) {
      setIssued(null);
      await refuse(err, 'error.allocateFailed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="new-reception">
      <button type="button" className="button primary block new-reception-button" disabled={busy} onClick={() => void take()}>
        {t('admin.newReception')}
      </button>
      <p className="next-number" aria-live="polite">
        {!loaded ? t('admin.connecting') : nextFreeNumber === null ? t('admin.nextNumberError') : t('admin.nextNumber', { n: nextFreeNumber })}
      </p>
      <p className="issued" role="status">
        {issued !== null && t('admin.issued', { n: issued })}
      </p>
    </section>
  );
}
