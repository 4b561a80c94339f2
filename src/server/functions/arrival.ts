/** Arrival check-in (来院確認, issue 34, docs/decisions/048): the patient's check-in, staff's, and their setup. */
import { liffApps } from '../config.js';
import { checkIn } from '../domain/arrival/check-in.js';
import { markArrived } from '../domain/arrival/mark-arrived.js';
import { getArrivalSetup, getMonitorCheckinCode, renewCheckinCodes, renewMonitorKey, saveArrivalSettings } from '../domain/arrival/setup.js';
import type { FunctionSet } from '../http/function-def.js';

type ArrivalFunction =
  | 'markArrived'
  | 'checkIn'
  | 'getArrivalSetup'
  | 'saveArrivalSettings'
  | 'renewCheckinCodes'
  | 'renewMonitorKey'
  | 'getMonitorCheckinCode';

export const arrivalFunctions: FunctionSet<ArrivalFunction> = {
  markArrived: {
    access: 'staff',
    async run({ slotId, arrived }, actor, _request, deps) {
      return markArrived({ store: deps.store, slotId, arrived, actor });
    },
  },
  checkIn: {
    access: 'patient',
    async run({ slotId, code }, patient, request, deps) {
      const guesses = deps.abuse.checkinGuesses(request, patient.uid);
      return checkIn({ store: deps.store, ownerId: patient.uid, slotId, code, nowMs: deps.clock.now().getTime(), guesses, seal: deps.checkinSealer });
    },
  },
  getArrivalSetup: {
    access: 'staff',
    async run(_payload, _staff, request, deps) {
      const origin = deps.config.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
      return getArrivalSetup({ store: deps.store, apps: liffApps(deps.config), origin, seal: deps.checkinSealer });
    },
  },
  saveArrivalSettings: {
    access: 'staff',
    async run(settings, actor, _request, deps) {
      return saveArrivalSettings({ store: deps.store, settings, actor });
    },
  },
  renewCheckinCodes: {
    access: 'staff',
    async run(_payload, actor, _request, deps) {
      return renewCheckinCodes({ store: deps.store, seal: deps.checkinSealer, actor });
    },
  },
  renewMonitorKey: {
    access: 'staff',
    async run(_payload, actor, _request, deps) {
      return renewMonitorKey({ store: deps.store, seal: deps.checkinSealer, actor });
    },
  },
  getMonitorCheckinCode: {
    // The wall monitor runs without a staff session once opened: the key it was given is what admits it.
    access: 'anyone',
    async run({ monitorKey }, _caller, _request, deps) {
      return getMonitorCheckinCode(deps.store, deps.checkinSealer, monitorKey, deps.clock.now());
    },
  },
};
