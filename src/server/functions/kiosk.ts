/**
 * The entrance kiosk (docs/decisions/072). A kiosk's credential admits exactly two functions: its screen's
 * reception state and taking a number. The number is the desk's (reserved type ADMIN, through the same
 * allocation as a walk-in, so kept numbers and the online cap count it as the desk's), and its ticket is
 * the desk's printed ticket. Staff list the kiosks and revoke one.
 */
import * as kiosks from '../domain/kiosk/apply.js';
import { listKiosks, readKioskReception } from '../domain/kiosk/read.js';
import { kioskActor, kioskReception } from '../domain/kiosk/rule.js';
import * as tickets from '../domain/ticket/apply.js';
import type { FunctionDef } from '../http/function-def.js';
import { publicOrigin } from '../http/public-origin.js';
import { isPrinterRefusal } from '../domain/ticket/printer.js';

export const getKioskState: FunctionDef<'getKioskState'> = {
  access: 'kiosk',
  async run(_payload, kiosk, _request, deps) {
    const { prints, ...facts } = await readKioskReception(deps.store.db);
    return { name: kiosk.name, prints, ...kioskReception(facts) };
  },
};

export const takeKioskNumber: FunctionDef<'takeKioskNumber'> = {
  access: 'kiosk',
  async run({ queueId }, kiosk, request, deps) {
    const actor = kioskActor(kiosk);
    const taken = await deps.allocation.take({ reservedType: 'ADMIN', ownerId: null, actor, queueId });
    const issue = { store: deps.store, slotId: taken.slotId, actor, clinicName: deps.config.CLINIC_NAME };
    try {
      return await tickets.issueTicket({ ...issue, printer: { sender: deps.ticketPrinter, origin: publicOrigin(deps, request) } });
    } catch (err) {
      // The number is taken either way: a printer that did not print leaves the kiosk the browser's print
      // (or the QR code on screen), with its own words for the patient (decision 074). Staff read the log.
      if (!isPrinterRefusal(err)) throw err;
      request.log.warn({ printer: err.messageKey, cause: err.params.cause ?? null }, 'kiosk ticket: the network printer did not print');
      return { ...(await tickets.issueTicket(issue)), printer: 'failed' as const };
    }
  },
};

export const getKiosks: FunctionDef<'getKiosks'> = {
  access: 'staff',
  async run(_payload, _staff, _request, deps) {
    return { kiosks: await listKiosks(deps.store.db) };
  },
};

export const revokeKiosk: FunctionDef<'revokeKiosk'> = {
  access: 'staff',
  async run({ id }, actor, _request, deps) {
    return kiosks.revokeKiosk({ store: deps.store, id, actor });
  },
};
