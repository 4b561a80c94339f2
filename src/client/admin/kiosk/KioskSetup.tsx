/**
 * The staff's lines on /admin/kiosk (docs/decisions/072): sign in, name the tablet and make it a kiosk
 * (POST /api/kiosk/enrol sets its cookie and signs staff out on it), and the list of kiosks with 「取り消す」.
 * Staff words in Japanese, from the kiosk's own catalogue.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { ErrorBody } from '../../../shared/errors.js';
import type { KioskInfo } from '../../../shared/schemas/kiosk.js';
import { callFn, FnError } from '../../api/fn.js';
import { Loading } from '../../ui/Loading.js';
import { LoginScreen } from '../LoginScreen.js';
import { adminPaths } from '../../routes/admin.js';
import { useStaffSession } from '../staff-session.js';
import { kt } from './kiosk-text.js';

const when = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

async function enrol(name: string): Promise<void> {
  const response = await fetch('/api/kiosk/enrol', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  const json = (await response.json().catch(() => null)) as { result: unknown } | ErrorBody | null;
  if (json && 'error' in json) throw new FnError(json.error.status, json.error.message);
  if (!response.ok) throw new FnError('INTERNAL', String(response.status));
}

function KioskList() {
  const [kiosks, setKiosks] = useState<KioskInfo[] | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => setKiosks((await callFn('getKiosks', {})).kiosks), []);
  useEffect(() => {
    load().catch((err: unknown) => setMessage(err instanceof Error ? err.message : String(err)));
  }, [load]);
  async function revoke(kiosk: KioskInfo) {
    if (!window.confirm(kt('ja', 'kiosk.setup.revokeConfirm', { name: kiosk.name }))) return;
    try {
      await callFn('revokeKiosk', { id: kiosk.id });
      setMessage('');
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
    await load().catch(() => undefined);
  }
  return (
    <section className="kiosk-list" aria-labelledby="kiosk-list-title">
      <h2 id="kiosk-list-title">{kt('ja', 'kiosk.setup.list')}</h2>
      {message && <p role="alert">{message}</p>}
      {kiosks === null ? (
        <Loading />
      ) : kiosks.length === 0 ? (
        <p>{kt('ja', 'kiosk.setup.none')}</p>
      ) : (
        <ul>
          {kiosks.map((k) => (
            <li key={k.id}>
              <span>{kt('ja', 'kiosk.setup.made', { name: k.name, at: when.format(new Date(k.createdAt)), by: k.createdBy })}</span>
              {k.revokedAt ? (
                <span className="kiosk-revoked-at">{kt('ja', 'kiosk.setup.revokedAt', { at: when.format(new Date(k.revokedAt)), by: k.revokedBy ?? '' })}</span>
              ) : (
                <button type="button" className="button danger" onClick={() => void revoke(k)}>
                  {kt('ja', 'kiosk.setup.revoke')}
                  <span className="visually-hidden">{k.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function KioskSetup({ onMade }: { onMade(): void }) {
  const { state, signIn } = useStaffSession();
  const nameId = useId();
  const [name, setName] = useState('入口');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  if (state.kind === 'checking') return <Loading />;
  if (state.kind === 'signedOut')
    return (
      <>
        <p className="kiosk-setup-note">{kt('ja', 'kiosk.setup.signIn')}</p>
        <LoginScreen onSignIn={signIn} />
      </>
    );
  async function make() {
    if (busy) return;
    setBusy(true);
    try {
      await enrol(name);
      onMade();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }
  return (
    <main className="kiosk-setup" lang="ja">
      <h1>{kt('ja', 'kiosk.setup.title')}</h1>
      <p>{kt('ja', 'kiosk.setup.explain')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void make();
        }}
      >
        <label htmlFor={nameId}>{kt('ja', 'kiosk.setup.name')}</label>
        <input id={nameId} value={name} maxLength={40} required onChange={(e) => setName(e.currentTarget.value)} />
        <button type="submit" className="button primary" disabled={busy}>
          {kt('ja', 'kiosk.setup.make')}
        </button>
      </form>
      {message && <p role="alert">{message}</p>}
      <KioskList />
      <p>
        <a href={adminPaths.queue}>{kt('ja', 'kiosk.setup.back')}</a>
      </p>
    </main>
  );
}
