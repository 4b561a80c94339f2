/**
 * /web/ticket: the page a printed ticket's QR code opens (docs/decisions/068), on any phone's browser with no
 * app and no sign-in. The ticket's token is in the URL's fragment (`#t=…`), which the browser never sends:
 * the page hands it to the server in the payload. It shows the number as the app's card does — the people
 * ahead, the wait range and "leave home by", now calling, the clinic's announcement — with check-in and
 * giving the number up. A chunk of its own: /web's first load (the public list) carries none of it.
 */
import '../patient/patient.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import { currentLang, t, useLang } from '../ui/language.js';
import { label } from '../../shared/labels/text.js';
import { ticketLabels, type TicketKey } from '../../shared/labels/ticket.js';
import type { TicketView } from '../../shared/schemas/ticket.js';
import { useQueue } from '../patient/live-queue.js';
import { LiveStatusLine } from '../patient/LiveStatusLine.js';
import { MyReservationCard } from '../patient/MyScreen.js';
import { AnnouncementBanner } from '../ui/AnnouncementBanner.js';
import { Loading } from '../ui/Loading.js';
import { TicketPush } from './TicketPush.js';
import { rememberedTicket, rememberTicket } from './ticket-push.js';

/** The token from `#t=…`; null when the link lost it. */
/** A failed read of the ticket (not a refusal) is tried again after this long. */
const RETRY_MS = 3000;

export function ticketToken(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** Forgets the remembered ticket when it is this one (another ticket, a later number's, stays). */
function forget(token: string) {
  if (rememberedTicket() === token) rememberTicket(null);
}

/** The ticket catalogue in the page's language (useLang re-renders the page when it changes). */
const tt = (key: TicketKey) => label(ticketLabels, currentLang(), key);

export default function TicketScreen() {
  useLang();
  // A tapped notice opens /web/ticket without the fragment: the ticket this phone subscribed with is read back (decision 073).
  const [token] = useState(() => ticketToken(window.location.hash) ?? ticketToken(`t=${rememberedTicket() ?? ''}`));
  const live = useQueue();
  const [view, setView] = useState<TicketView | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [canceledNow, setCanceledNow] = useState(false);
  const asked = useRef(0);

  const refresh = useCallback(async () => {
    if (!token) return;
    const mine = ++asked.current;
    try {
      const answer = await callFn('getTicket', { ticket: token });
      if (mine === asked.current) setView(answer);
      // A number that is over is told nothing more: the phone need not keep its ticket.
      if (answer.state !== 'waiting') forget(token);
    } catch (err) {
      if (mine !== asked.current) return;
      if (err instanceof FnError && err.status === 'NOT_FOUND') {
        setRefused(tt('ticket.unusable'));
        forget(token);
        return;
      }
      // Anything else (a dropped connection, a busy server) is tried again soon, not only at the queue's next
      // move: a phone that lost its first read would otherwise show 「読み込み中」 until then.
      setTimeout(() => void refreshRef.current(), RETRY_MS);
    }
  }, [token]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  // Read again whenever the queue moves: the people ahead, a call, a check-in from the desk.
  const version = live.data?.version;
  useEffect(() => {
    void refresh();
  }, [refresh, version]);

  useEffect(() => {
    document.title = `${tt('ticket.title')} — ${view?.clinicName ?? ''}`;
  });

  async function checkIn(code: string) {
    const result = await callFn('checkInByTicket', { ticket: token!, code });
    setView((v) => (v?.reservation ? { ...v, reservation: { ...v.reservation, arrivedAt: result.arrivedAt } } : v));
  }

  async function cancel() {
    const reservation = view?.reservation;
    if (canceling || !reservation) return;
    setCanceling(true);
    setCancelError(null);
    try {
      await callFn('cancelByTicket', { ticket: token!, reservationNumber: reservation.reservationNumber });
      setCanceledNow(true);
    } catch (err) {
      setCancelError(err instanceof FnError && err.message ? err.message : t('error.cancelFailed'));
    } finally {
      setCanceling(false);
      void refresh();
    }
  }

  let body;
  let push = null;
  if (!token) body = <p className="notice" role="alert">{tt('ticket.missing')}</p>;
  else if (refused) body = <p className="notice" role="alert">{refused}</p>;
  else if (!view) body = <Loading />;
  else if (view.reservation) {
    body = (
      <MyReservationCard
        reservation={view.reservation}
        canceling={canceling}
        cancelError={cancelError}
        onCancel={() => void cancel()}
        snapshot={live.data}
        checkIn={{ linkCode: null, onSubmit: checkIn, onDismiss: () => undefined }}
      />
    );
    push = <TicketPush token={token} />;
  } else {
    body = (
      <section className="card">
        <p className="my-none" role="status">
          {canceledNow ? tt('ticket.canceledNow') : view.state === 'seen' ? tt('ticket.seen') : tt('ticket.canceled')}
        </p>
      </section>
    );
  }
  return (
    <main className="page patient ticket-page">
      <LiveStatusLine status={live.status} place={view?.reservation ?? null} />
      {view ? <p className="welcome">{view.clinicName}</p> : null}
      <h1>{tt('ticket.title')}</h1>
      <p className="small-note">{tt('ticket.noApp')}</p>
      <AnnouncementBanner announcement={live.data?.announcement} />
      {body}
      {push}
      <p className="small-note">{tt('ticket.keepPage')}</p>
    </main>
  );
}
