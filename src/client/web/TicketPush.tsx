/**
 * Web Push on the ticket's page (docs/decisions/073): where the browser can (Android Chrome, no install), one
 * button lets the page notify the ticket's holder when the turn is near or they are recalled; where it
 * cannot (an iPhone's Safari outside an installed app), a plain sentence says so and what to do instead.
 * Nothing is shown while the clinic has no Web Push set up: that is not the patient's to solve.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { callFn, FnError } from '../api/fn.js';
import { currentLang } from '../ui/language.js';
import { label } from '../../shared/labels/text.js';
import { ticketLabels, type TicketKey } from '../../shared/labels/ticket.js';
import { existingTicketSubscription, rememberTicket, subscribeTicket, subscriptionJson, ticketPushSupported } from './ticket-push.js';

const tt = (key: TicketKey) => label(ticketLabels, currentLang(), key);

type View = 'checking' | 'hidden' | 'cannot' | 'denied' | 'offer' | 'busy' | 'on' | 'failed';

export function TicketPush({ token }: { token: string }) {
  const [view, setView] = useState<View>(() => (ticketPushSupported() ? 'checking' : 'cannot'));
  const key = useRef<string | null>(null);
  const textId = useId();

  useEffect(() => {
    if (!ticketPushSupported()) return;
    let live = true;
    void (async () => {
      try {
        key.current = (await callFn('getWebPushPublicKey', {})).publicKey;
      } catch {
        if (live) setView('hidden');
        return;
      }
      if (Notification.permission === 'denied') {
        if (live) setView('denied');
        return;
      }
      // Allowed before (this ticket or a reprint's): saved again for this ticket; a save that changes nothing writes nothing.
      const existing = Notification.permission === 'granted' ? await existingTicketSubscription().catch(() => null) : null;
      if (!existing) {
        if (live) setView('offer');
        return;
      }
      try {
        await callFn('subscribeTicketPush', { ticket: token, subscription: subscriptionJson(existing) });
        rememberTicket(token);
        if (live) setView('on');
      } catch {
        if (live) setView('offer');
      }
    })();
    return () => {
      live = false;
    };
  }, [token]);

  function enable() {
    // Asked inside the tap itself: browsers grant the prompt only to a user's gesture.
    const asked = Notification.requestPermission();
    setView('busy');
    void (async () => {
      try {
        const permission = await asked;
        if (permission !== 'granted') {
          setView(permission === 'denied' ? 'denied' : 'offer');
          return;
        }
        const subscription = await subscribeTicket(key.current!);
        await callFn('subscribeTicketPush', { ticket: token, subscription: subscriptionJson(subscription) });
        rememberTicket(token);
        setView('on');
      } catch (err) {
        setView(err instanceof FnError && err.status === 'FAILED_PRECONDITION' ? 'hidden' : 'failed');
      }
    })();
  }

  if (view === 'checking' || view === 'hidden') return null;
  if (view === 'cannot' || view === 'denied') {
    return (
      <p className="small-note ticket-push-note" role="note">
        {tt(view === 'cannot' ? 'ticket.push.cannot' : 'ticket.push.denied')}
      </p>
    );
  }
  if (view === 'on') {
    return (
      <p className="small-note ticket-push-note" role="status">
        {tt('ticket.push.on')}
      </p>
    );
  }
  return (
    <section className="card ticket-push" aria-labelledby={textId}>
      <p id={textId}>{tt('ticket.push.lead')}</p>
      {view === 'failed' && (
        <p className="error-line" role="alert">
          {tt('ticket.push.failed')}
        </p>
      )}
      <button type="button" className="button primary block" disabled={view === 'busy'} aria-busy={view === 'busy'} onClick={enable}>
        {view === 'busy' ? tt('ticket.push.busy') : tt('ticket.push.offer')}
      </button>
    </section>
  );
}
