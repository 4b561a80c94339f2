/**
 * /admin/kiosk (docs/decisions/072): a chunk of its own. It asks the server whether this browser holds a
 * kiosk's credential: if it does, the large entrance screen; if not, the staff's lines to make it one (a
 * staff session needed); if staff revoked it, the catalogue's words, and a way for staff to make it again.
 */
import { useCallback, useEffect, useState } from 'react';
import { callFn } from '../../api/fn.js';
import { type KioskPhase, phaseOfError } from './kiosk-phase.js';
import { Loading } from '../../ui/Loading.js';
import { kt, type KioskLang } from './kiosk-text.js';
import { KioskScreen } from './KioskScreen.js';
import { KioskSetup } from './KioskSetup.js';
import './kiosk.css';

export default function KioskApp() {
  const [phase, setPhase] = useState<KioskPhase>({ kind: 'checking' });
  const [lang, setLang] = useState<KioskLang>('ja');
  const load = useCallback(async () => {
    try {
      setPhase({ kind: 'kiosk', state: await callFn('getKioskState', {}) });
    } catch (err) {
      setPhase(phaseOfError(err) ?? { kind: 'offline' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  if (phase.kind === 'checking') return <Loading />;
  if (phase.kind === 'setup') return <KioskSetup onMade={() => void load()} />;
  if (phase.kind === 'kiosk') return <KioskScreen state={phase.state} lang={lang} onLang={setLang} onPhase={setPhase} reload={load} />;
  return (
    <main className="kiosk kiosk-stopped" lang={lang}>
      <h1 className="kiosk-title">{kt(lang, 'kiosk.title')}</h1>
      <p className="kiosk-big" role="alert">
        {kt(lang, phase.kind === 'revoked' ? 'kiosk.revoked' : 'kiosk.offline')}
      </p>
      {phase.kind === 'offline' ? (
        <button type="button" className="kiosk-next" onClick={() => void load()}>
          {kt(lang, 'kiosk.next')}
        </button>
      ) : (
        <button type="button" className="kiosk-staff-link" onClick={() => setPhase({ kind: 'setup' })}>
          {kt(lang, 'kiosk.setup.again')}
        </button>
      )}
    </main>
  );
}
