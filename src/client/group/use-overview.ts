/**
 * The overview of the group page for a period and day, asked again every 15 seconds while the tab is
 * visible (a hidden tab asks nothing; it asks at once when it is shown again). A refusal of the session
 * tells the page to sign in again; any other failure keeps the last overview and says why.
 */
import { useCallback, useEffect, useState } from 'react';
import type { GroupOverview } from '../../shared/schemas/group.js';
import type { StatsPeriod } from '../../shared/schemas/stats.js';
import { errorText, groupApi, signedOut } from './api.js';

export const REFRESH_MS = 15_000;

export function useOverview(period: StatsPeriod, date: string, onSignedOut: () => void) {
  const [overview, setOverview] = useState<GroupOverview | null>(null);
  const [error, setError] = useState('');
  const [at, setAt] = useState<Date | null>(null);

  const load = useCallback(
    (live: () => boolean) =>
      groupApi.overview(period, date).then(
        (result) => {
          if (!live()) return;
          setOverview(result);
          setError('');
          setAt(new Date());
        },
        (err: unknown) => {
          if (!live()) return;
          if (signedOut(err)) onSignedOut();
          else setError(errorText(err));
        },
      ),
    [period, date, onSignedOut],
  );

  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return; // a date input being edited
    let live = true;
    const isLive = () => live;
    setOverview((o) => (o && o.period === period && o.date === date ? o : null));
    void load(isLive);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load(isLive);
    }, REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load(isLive);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load, period, date]);

  return { overview, error, at };
}
