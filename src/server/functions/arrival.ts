/** Arrival check-in (来院確認, issue 34, docs/decisions/048 and 059): the patient's check-in, staff's, and their setup. */
import { liffApps } from '../config.js';
import * as arrivalCheckIn from '../domain/arrival/check-in/apply.js';
import * as arrivalMarkArrived from '../domain/arrival/mark-arrived/apply.js';
import * as arrivalSetup from '../domain/arrival/setup/setup.js';
import type { FunctionDef } from '../http/function-def.js';

export const markArrived: FunctionDef<'markArrived'> = {
  access: 'staff',
  async run({ slotId, arrived }, actor, _request, deps) {
    return arrivalMarkArrived.markArrived({ store: deps.store, slotId, arrived, actor });
  },
};

export const checkIn: FunctionDef<'checkIn'> = {
  access: 'patient',
  async run({ slotId, code }, patient, request, deps) {
    const guesses = deps.abuse.checkinGuesses(request, patient.uid);
    return arrivalCheckIn.checkIn({ store: deps.store, ownerId: patient.uid, slotId, code, nowMs: deps.clock.now().getTime(), guesses, seal: deps.checkinSealer });
  },
};

export const getArrivalSetup: FunctionDef<'getArrivalSetup'> = {
  access: 'staff',
  async run(_payload, _staff, request, deps) {
    const origin = deps.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
    return arrivalSetup.getArrivalSetup({ store: deps.store, apps: liffApps(deps.config), origin, seal: deps.checkinSealer });
  },
};

export const saveArrivalSettings: FunctionDef<'saveArrivalSettings'> = {
  access: 'staff',
  async run(settings, actor, _request, deps) {
    return arrivalSetup.saveArrivalSettings({ store: deps.store, settings, actor });
  },
};

export const renewCheckinCodes: FunctionDef<'renewCheckinCodes'> = {
  access: 'staff',
  async run(_payload, actor, _request, deps) {
    return arrivalSetup.renewCheckinCodes({ store: deps.store, seal: deps.checkinSealer, actor });
  },
};

export const renewMonitorKey: FunctionDef<'renewMonitorKey'> = {
  access: 'staff',
  async run(_payload, actor, _request, deps) {
    return arrivalSetup.renewMonitorKey({ store: deps.store, seal: deps.checkinSealer, actor });
  },
};

export const getMonitorCheckinCode: FunctionDef<'getMonitorCheckinCode'> = {
  // The wall monitor runs without a staff session once opened: the key it was given is what admits it.
  access: 'anyone',
  async run({ monitorKey }, _caller, _request, deps) {
    return arrivalSetup.getMonitorCheckinCode(deps.store, deps.checkinSealer, monitorKey, deps.clock.now());
  },
};
