/** The Tokyo clock of the sidebar and the monitor, refreshed every second. */
import { t } from './labels.js';
import { tokyoDate, tokyoHhmmss } from '../../shared/time/tokyo.js';
import { useNow } from '../ui/useNow.js';

export function Clock({ className }: { className?: string }) {
  const now = useNow();
  return (
    <p className={className}>
      <span className="visually-hidden">{t('admin.clock')} </span>
      <time dateTime={now.toISOString()}>
        <span className="clock-date">{tokyoDate(now)}</span> <span className="clock-time">{tokyoHhmmss(now)}</span>
      </time>
    </p>
  );
}
