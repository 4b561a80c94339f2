/**
 * The quiet sign that the live stream dropped: the last numbers stay on screen and a small line says we
 * are reconnecting. Nothing at all while live or still connecting, so a patient is not alarmed by a blip.
 */
import type { LiveStatus } from '../api/live.js';
import { t } from '../../shared/labels/ja.js';

export function LiveStatusLine({ status }: { status: LiveStatus }) {
  if (status !== 'reconnecting') return null;
  return (
    <p className="live-status" role="status">
      {t('live.reconnecting')}
    </p>
  );
}
