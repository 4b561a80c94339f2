/**
 * The entrance kiosk (docs/decisions/072). A kiosk's credential admits exactly two functions: its screen's
 * reception state and taking a number. The number is the desk's (reserved type ADMIN, through the same
 * allocation as a walk-in, so kept numbers and the online cap count it as the desk's), and its ticket is
 * the desk's printed ticket, taken together in one write (domain/kiosk/apply.ts). Staff list the kiosks and
 * revoke one.
 */
import * as kiosks from '../domain/kiosk/apply.js';
import { listKiosks, readKioskReception } from '../domain/kiosk/read.js';
import { kioskReception } from '../domain/kiosk/rule.js';
import type { FunctionDef } from '../http/function-def.js';
import { publicOrigin } from '../http/public-origin.js';
import { printerRefusal } from '../domain/ticket/printer.js';

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
    const printer = { sender: deps.ticketPrinter, origin: publicOrigin(deps, request) };
    const { printerCause, ...print } = await kiosks.takeKioskNumber({ store: deps.store, allocation: deps.allocation, kiosk, queueId, clinicName: deps.config.CLINIC_NAME, printer });
    // Staff read why in the log; the patient reads the kiosk's own words (decision 074).
    if (printerCause) {
      const why = printerRefusal(printerCause);
      request.log.warn({ printer: why.messageKey, cause: why.params.cause ?? null }, 'kiosk ticket: the network printer did not print');
    }
    return print;
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
