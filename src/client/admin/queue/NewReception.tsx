/** The walk-in ticket: one press takes the next free number as an ADMIN reservation. */
import { useState } from 'react';
import type { AdminSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { callFn } from '../../api/fn.js';
import type { LiveStatus } from '../../api/live.js';
import { useRefusal } from '../refusal.js';

export interface NewReceptionProps {
  snapshot: Pick<AdminSnapshot, 'runtime' | 'nextFreeNumber'> | null;
  status: LiveStatus;
}

/**
 * What comes next. The server sends no number both while in-house reception is stopped and when the
 * session's numbers have all been issued: each says so. The error is only for a stream that failed, when
 * the number on screen may be out of date.
 */
function nextNumberText({ snapshot, status }: NewReceptionProps): string {
  if (status === 'reconnecting') return t('admin.nextNumberError');
  if (!snapshot) return t('admin.connecting');
  if (!snapshot.runtime.inhouseOn) return t('admin.nextNumberStopped');
  if (snapshot.nextFreeNumber === null) return t('admin.nextNumberNoneLeft');
  return t('admin.nextNumber', { n: snapshot.nextFreeNumber });
}

export function NewReception(props: NewReceptionProps) {
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
        {nextNumberText(props)}
      </p>
      <p className="issued" role="status">
        {issued !== null && t('admin.issued', { n: issued })}
      </p>
    </section>
  );
}
