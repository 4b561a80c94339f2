/**
 * The group page once signed in: every clinic the account is given as a card (ClinicCard.tsx), then their
 * statistics side by side, one column per clinic, for the day, week or month chosen as on a clinic's own
 * statistics page.
 */
import { useState } from 'react';
import type { StatsPeriod } from '../../shared/schemas/stats.js';
import { tokyoDay, tokyoHhmmss } from '../../shared/time/tokyo.js';
import { ClinicCard } from './ClinicCard.js';
import { GroupStatsTable } from './GroupStatsTable.js';
import { gt } from './labels.js';
import { useOverview } from './use-overview.js';

/** The statistics page's periods (schemas/stats.ts), written out: importing the value would split it into a chunk shared with that page. */
const PERIODS: readonly StatsPeriod[] = ['day', 'week', 'month'];

export function GroupPage({ username, onSignOut, onSignedOut }: { username: string; onSignOut(): void; onSignedOut(): void }) {
  const [period, setPeriod] = useState<StatsPeriod>('day');
  const [date, setDate] = useState(() => tokyoDay(new Date()));
  const { overview, error, at } = useOverview(period, date, onSignedOut);

  return (
    <main className="group-page">
      <header className="group-header">
        <h1>{gt('group.title')}</h1>
        <p className="group-account">
          <span>{gt('group.signedInAs', { username: overview?.username ?? username })}</span>
          <button type="button" className="button" onClick={onSignOut}>
            {gt('group.logout')}
          </button>
        </p>
      </header>
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
      <section aria-labelledby="group-clinics">
        <h2 id="group-clinics">{gt('group.clinics')}</h2>
        {at && <p className="group-updated">{gt('group.updatedAt', { time: tokyoHhmmss(at) })}</p>}
        {!overview && !error && <p role="status">{gt('group.loading')}</p>}
        {overview && overview.clinics.length === 0 && <p>{gt('group.noClinics')}</p>}
        {overview && overview.clinics.length > 0 && (
          <div className="group-clinics">
            {overview.clinics.map((clinic) => (
              <ClinicCard key={clinic.id} clinic={clinic} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="group-stats">
        <h2 id="group-stats">{gt('group.stats.title')}</h2>
        <div className="group-controls">
          <fieldset className="group-periods">
            <legend>{gt('group.stats.period')}</legend>
            {PERIODS.map((p) => (
              <label key={p} className="group-check">
                <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
                <span>{gt(`group.stats.period.${p}`)}</span>
              </label>
            ))}
          </fieldset>
          <label className="group-date">
            {gt('group.stats.date')}
            <input type="date" value={date} required onChange={(e) => setDate(e.currentTarget.value)} />
          </label>
        </div>
        {overview && overview.clinics.length > 0 && <GroupStatsTable clinics={overview.clinics} />}
      </section>
    </main>
  );
}
