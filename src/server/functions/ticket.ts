/**
 * The printed ticket of a desk number (docs/decisions/068): staff print it and set its paper; its holder,
 * with no app and no sign-in, reads the number's place, gives it up or checks in by the ticket's token.
 * The token is the credential of the three public functions: it comes in the payload, which no log
 * records, and is judged by domain/ticket before anything is read or written.
 */
import * as arrivalCheckIn from '../domain/arrival/check-in/apply.js';
import * as tickets from '../domain/ticket/apply.js';
import { readTicket, standingTicket } from '../domain/ticket/read.js';
import * as ticketSettings from '../domain/ticket/settings.js';
import type { FunctionDef } from '../http/function-def.js';
import { publicOrigin } from '../http/public-origin.js';
import { AppError } from '../errors.js';
import { checkPushSubscription } from '../push/subscriptions.js';
import * as ticketPush from '../domain/ticket-push/apply.js';

export const issueTicket: FunctionDef<'issueTicket'> = {
  access: 'staff',
  async run({ slotId, browser }, actor, request, deps) {
    // The network printer, when one is set, unless the desk asks for the browser (its fallback, decision 074).
    const printer = browser ? undefined : { sender: deps.ticketPrinter, origin: publicOrigin(deps, request) };
    return tickets.issueTicket({ store: deps.store, slotId, actor, clinicName: deps.config.CLINIC_NAME, printer });
  },
};

export const getTicketSettings: FunctionDef<'getTicketSettings'> = {
  access: 'staff',
  async run(_payload, _staff, _request, deps) {
    return ticketSettings.getTicketSettings(deps.store);
  },
};

export const saveTicketSettings: FunctionDef<'saveTicketSettings'> = {
  access: 'staff',
  async run(settings, actor, _request, deps) {
    return ticketSettings.saveTicketSettings({ store: deps.store, settings, actor });
  },
};

// The ticket's token, not a sign-in, admits these four: the route lets anyone call, the domain refuses
// every token that does not stand (error.ticketUnusable).
export const getTicket: FunctionDef<'getTicket'> = {
  access: 'anyone',
  async run({ ticket }, _caller, _request, deps) {
    const view = await readTicket(deps.store, ticket, deps.config.CLINIC_NAME);
    // The first read of each token counts one page opened for the statistics (decision 073).
    await tickets.markTicketOpened(deps.store, ticket);
    return view;
  },
};

export const cancelByTicket: FunctionDef<'cancelByTicket'> = {
  access: 'anyone',
  async run({ ticket, reservationNumber }, _caller, _request, deps) {
    return tickets.cancelByTicket({ store: deps.store, token: ticket, reservationNumber });
  },
};

export const checkInByTicket: FunctionDef<'checkInByTicket'> = {
  access: 'anyone',
  async run({ ticket, code }, _caller, request, deps) {
    const row = await standingTicket(deps.store.db, ticket);
    // The same check-in as the app's, its wrong-code budgets keyed by the number instead of a patient.
    const guesses = deps.abuse.checkinGuesses(request, `ticket_${row.slot_id}`);
    const nowMs = deps.clock.now().getTime();
    return arrivalCheckIn.checkIn({ store: deps.store, ownerId: row.owner_id, slotId: row.slot_id, code, nowMs, guesses, seal: deps.checkinSealer });
  },
};

export const subscribeTicketPush: FunctionDef<'subscribeTicketPush'> = {
  access: 'anyone',
  async run({ ticket, subscription }, _caller, request, deps) {
    // The token first: a ticket that does not stand is refused alike, whatever else the payload holds.
    await standingTicket(deps.store.db, ticket);
    if (!deps.webPush.configured) throw new AppError('FAILED_PRECONDITION', 'error.pushNotConfigured');
    checkPushSubscription(deps.config, subscription);
    return ticketPush.subscribeTicketPush({ store: deps.store, token: ticket, subscription, budget: deps.abuse.ticketPushBudget(request) });
  },
};
