/**
 * /admin/handoff#<token>: where a group account's "open this clinic" arrives (src/shared/schemas/group.ts).
 * The token leaves the address bar at once (so it is in no history entry, bookmark or shared screenshot),
 * is spent on `POST /api/staff/handoff`, and the desk's queue screen follows. A refused token says the
 * server's catalogue text; the group page's address is not known here, so the way back is in words.
 */
import { useEffect, useState } from 'react';
import { navigate } from '../router.js';
import { adminPaths } from '../routes/admin.js';
import { FnError } from '../api/fn.js';
import { t } from './labels.js';
import type { ErrorBody } from '../../shared/errors.js';

/**
 * Spends the token: the answer's cookie signs this browser in to the clinic. Written here rather than beside
 * the staff sign-in (staff-session.ts), which this lazy chunk would otherwise split off the desk's first load.
 */
async function handoff(token: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/staff/handoff', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  } catch {
    throw new FnError('UNAVAILABLE', t('error.unavailable'));
  }
  const json = (await response.json().catch(() => null)) as { result: unknown } | ErrorBody | null;
  if (json && 'result' in json) return;
  if (json && 'error' in json) throw new FnError(json.error.status, json.error.message);
  throw new FnError('INTERNAL', t('error.internal'));
}

/**
 * One request per token: React's development mode runs an effect twice, and the token is good once, so the
 * second run must await the first's answer rather than spend the token again.
 */
const spent = new Map<string, Promise<void>>();
function spendOnce(token: string): Promise<void> {
  let pending = spent.get(token);
  if (!pending) {
    pending = handoff(token);
    spent.set(token, pending);
  }
  return pending;
}

export default function HandoffScreen() {
  // Read once, before the effect below removes it from the address.
  const [token] = useState(() => window.location.hash.slice(1));
  const [error, setError] = useState<string | null>(token ? null : t('handoff.noToken'));

  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) return;
    let live = true;
    spendOnce(token).then(
      () => live && navigate(adminPaths.queue, { replace: true }),
      (err: unknown) => live && setError(err instanceof FnError ? err.message : t('error.internal')),
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    document.title = t('handoff.title');
  }, []);

  if (error === null)
    return (
      <main className="admin-login">
        <p role="status">{t('handoff.opening')}</p>
      </main>
    );
  return (
    <main className="admin-login">
      <section className="card admin-login-card" aria-labelledby="handoff-title">
        <h1 id="handoff-title">{t('handoff.failed')}</h1>
        <p className="error-line" role="alert">
          {error}
        </p>
        <p>{t('handoff.again')}</p>
      </section>
    </main>
  );
}
