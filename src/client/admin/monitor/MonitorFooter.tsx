/**
 * The monitor's bottom line (issue 34): on the left the numbers called and absent that still wait (public
 * rows with `absent`), asked to see the desk; in the right-hand corner the check-in code patients type to
 * say they have arrived. Nothing at all when there is neither, so the grid keeps the whole height.
 */
import type { QueueSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import type { CheckinCode } from './checkin-code.js';
import { ValueInLine } from './ValueInLine.js';

/** The code with its digits set larger, keeping the catalogue's word order. */
function CodeLine({ code }: { code: string }) {
  return (
    <p className="monitor-checkin">
      <ValueInLine line={(mark) => t('monitor.checkinCode', { code: mark })} value={code} className="monitor-checkin-code" />
    </p>
  );
}

export function MonitorFooter({ queue, code }: { queue: QueueSnapshot['queue']; code: CheckinCode | null }) {
  // In number order: a patient looks for their own number, not for a place.
  const absent = queue.filter((row) => row.absent).map((row) => row.reservationNumber).sort((a, b) => a - b);
  if (absent.length === 0 && !code) return null;
  return (
    <footer className="monitor-footer">
      {absent.length > 0 ? (
        <section className="monitor-absent" aria-labelledby="monitor-absent-title">
          <h2 id="monitor-absent-title" className="monitor-absent-title">
            {t('monitor.absentTitle')}
          </h2>
          <ul className="monitor-absent-numbers">
            {absent.map((n) => (
              <li key={n}>{t('monitor.numberValue', { n })}</li>
            ))}
          </ul>
        </section>
      ) : (
        <span />
      )}
      {code && <CodeLine code={code.code} />}
    </footer>
  );
}
