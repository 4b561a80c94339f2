/**
 * The clock line of the full list, Tokyo time, every second. Its own component so only this
 * line re-renders each second, and no live region: a screen reader must not read the time aloud 60 times
 * a minute.
 */
import { t } from '../ui/language.js';
import { tokyoHhmmss } from '../../shared/time/tokyo.js';
import { useNow } from '../ui/useNow.js';

export function TokyoClock() {
  const now = useNow();
  return (
    <p className="clock">
      <time dateTime={now.toISOString()}>{t('all.clock', { time: tokyoHhmmss(now) })}</time>
    </p>
  );
}
