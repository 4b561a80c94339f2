/**
 * The live regions of a patient screen. The quiet sign that the live stream dropped: the last numbers stay
 * on screen and a small line says we are reconnecting; nothing at all while live or still connecting, so a
 * patient is not alarmed by a blip. And, on screens that show the patient's own place (`place`, null while
 * they have none), the polite announcement of its changes (AheadAnnouncer).
 */
import type { LiveStatus } from '../api/live.js';
import { t } from '../ui/language.js';
import { AheadAnnouncer, type Place } from './AheadAnnouncer.js';

export function LiveStatusLine({ status, place }: { status: LiveStatus; place?: Place | null }) {
  return (
    <>
      {status === 'reconnecting' ? (
        <p className="live-status" role="status">
          {t('live.reconnecting')}
        </p>
      ) : null}
      {place === undefined ? null : <AheadAnnouncer place={place} />}
    </>
  );
}
