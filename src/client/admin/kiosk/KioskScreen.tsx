/**
 * The entrance kiosk's screen (docs/decisions/072): large type, targets of at least 64 px for gloved
 * hands, Japanese with an English switch. 「受付する」 (one button per queue once the clinic has several)
 * takes a desk number; the ticket prints through the desk's print view when the clinic has set its paper,
 * else its QR code shows on screen (the clinic's network printer, decision 074, prints it from the server, and
 * when that printer does not, the screen says so, shows the QR code and the browser prints); after RESET_SECONDS, or 「次の方」, the screen starts again. Closed
 * reception says why, in the desk's own reasons. A refusal that means the credential was revoked turns the
 * whole screen to the catalogue's words (KioskApp).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KioskQueue, KioskState } from '../../../shared/schemas/kiosk.js';
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import { callFn } from '../../api/fn.js';
import { type KioskPhase, phaseOfError } from './kiosk-phase.js';
import { kt, type KioskLang } from './kiosk-text.js';

/** How long a number stays on screen before the next patient's start. */
export const RESET_SECONDS = 8;
/** How often the idle screen rereads reception (it opens and closes by the desk and the calendar). */
const REFRESH_MS = 20_000;

interface Props {
  state: KioskState;
  lang: KioskLang;
  onLang(lang: KioskLang): void;
  onPhase(phase: KioskPhase): void;
  reload(): Promise<void>;
}

type Shown = { print: TicketPrint; qr: { size: number; path: string } | null };

/** The ticket's QR code as an SVG path: the QR chunk loads only when a kiosk without printing shows one. */
async function qrOf(print: TicketPrint) {
  const [{ qrPath }, { ticketUrl }] = await Promise.all([import('../arrival/qr-path.js'), import('../ticket/sheet.js')]);
  return qrPath(ticketUrl(window.location.origin, print.token));
}

function Taken({ shown, lang, prints, onNext }: { shown: Shown; lang: KioskLang; prints: boolean; onNext(): void }) {
  const [left, setLeft] = useState(RESET_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) onNext();
  }, [left, onNext]);
  const { print, qr } = shown;
  return (
    <section className="kiosk-taken" aria-labelledby="kiosk-number-label">
      <div className="kiosk-taken-body">
        <div className="kiosk-taken-number">
          <p id="kiosk-number-label" className="kiosk-label">
            {kt(lang, 'kiosk.yourNumber')}
            {print.queueName && <span className="kiosk-queue-name"> {print.queueName}</span>}
          </p>
          <p className="kiosk-number" role="status">
            {print.reservationNumber}
          </p>
          {print.ahead !== null && <p className="kiosk-big">{kt(lang, 'kiosk.ahead', { n: print.ahead })}</p>}
          {prints && print.printer !== 'failed' && <p className="kiosk-big">{kt(lang, 'kiosk.printed')}</p>}
          {print.printer === 'failed' && (
            <p className="kiosk-failure" role="alert">
              {kt(lang, 'kiosk.printerFailed')}
            </p>
          )}
        </div>
        {qr && (
          <figure className="kiosk-qr">
            <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={kt(lang, 'kiosk.scan')}>
              <rect width={qr.size} height={qr.size} fill="#fff" />
              <path d={qr.path} fill="#000" />
            </svg>
            <figcaption>{kt(lang, 'kiosk.scan')}</figcaption>
          </figure>
        )}
      </div>
      <button type="button" className="kiosk-next" onClick={onNext}>
        {kt(lang, 'kiosk.next')}
      </button>
      <p className="kiosk-reset">{kt(lang, 'kiosk.resetIn', { n: Math.max(left, 0) })}</p>
    </section>
  );
}

function Closed({ reason, lang }: { reason: 'stopped' | 'noneLeft'; lang: KioskLang }) {
  return (
    <section className="kiosk-closed" role="status">
      <p className="kiosk-big">{kt(lang, reason === 'stopped' ? 'kiosk.closed.stopped' : 'kiosk.closed.noneLeft')}</p>
      <p>{kt(lang, reason === 'stopped' ? 'kiosk.closed.stoppedHint' : 'kiosk.closed.noneLeftHint')}</p>
    </section>
  );
}

export function KioskScreen({ state, lang, onLang, onPhase, reload }: Props) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const busyRef = useRef(false);
  const several = state.queues.length > 1;

  useEffect(() => {
    if (shown) return;
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [shown, reload]);

  const next = useCallback(() => {
    setShown(null);
    setFailure('');
    void reload();
  }, [reload]);

  async function take(queue: KioskQueue | null) {
    // A double tap (or a glove's two touches) must not hand out two numbers.
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure('');
    try {
      const print = await callFn('takeKioskNumber', queue ? { queueId: queue.id } : {});
      // The network printer printed it (decision 074), or it did not: then the QR code shows as well.
      const failed = print.printer === 'failed';
      const qr = state.prints && !failed ? null : await qrOf(print);
      setShown({ print, qr });
      if (state.prints && print.printer !== 'sent') (await import('../ticket/print.js')).printSheet(print);
    } catch (err) {
      const phase = phaseOfError(err);
      if (phase) onPhase(phase);
      else setFailure(kt(lang, 'kiosk.failed', { message: err instanceof Error ? err.message : String(err) }));
      void reload();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <main className="kiosk" lang={lang}>
      <header className="kiosk-header">
        <h1 className="kiosk-title">{kt(lang, 'kiosk.title')}</h1>
        <button type="button" className="kiosk-lang" lang={lang === 'ja' ? 'en' : 'ja'} onClick={() => onLang(lang === 'ja' ? 'en' : 'ja')}>
          {kt(lang, 'kiosk.language')}
        </button>
      </header>
      {shown ? (
        <Taken shown={shown} lang={lang} prints={state.prints} onNext={next} />
      ) : state.closed ? (
        <Closed reason={state.closed} lang={lang} />
      ) : (
        <section className="kiosk-start">
          <p className="kiosk-big">{kt(lang, several ? 'kiosk.chooseQueue' : 'kiosk.welcome')}</p>
          <div className="kiosk-buttons">
            {several ? (
              state.queues.map((q) => (
                <button key={q.id} type="button" className="kiosk-take" disabled={busy || q.closed !== null} onClick={() => void take(q)}>
                  <span lang={lang}>{lang === 'ja' ? q.nameJa : q.nameEn}</span>
                  <span className="kiosk-take-sub">{q.closed ? kt(lang, 'kiosk.queueClosed') : kt(lang, 'kiosk.take')}</span>
                </button>
              ))
            ) : (
              <button type="button" className="kiosk-take" disabled={busy} onClick={() => void take(null)}>
                {kt(lang, 'kiosk.take')}
              </button>
            )}
          </div>
          <p className="kiosk-status" role="status">
            {busy ? kt(lang, 'kiosk.taking') : ''}
          </p>
          {failure && (
            <p className="kiosk-failure" role="alert">
              {failure}
            </p>
          )}
        </section>
      )}
    </main>
  );
}
