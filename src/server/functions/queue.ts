/** Patients and staff take numbers; patients cancel and read their own reservation. */
import { AppError } from '../errors.js';
import * as cancellation from '../domain/cancel-reservation/apply.js';
import { loadQueueState } from '../domain/queue-state.js';
import { myReservations } from '../domain/my-reservation/my-reservations.js';
import type { Patient } from '../auth/patient-tokens.js';
import type { Staff } from '../auth/staff-accounts.js';
import type { FunctionDef } from '../http/function-def.js';
import { chooseAnyQueue } from '../domain/any-queue/read.js';
import { ANY_QUEUE } from '../../shared/schemas/functions.js';
import * as sms from '../domain/sms/apply.js';

export const allocateNextSlot: FunctionDef<'allocateNextSlot'> = {
  access: 'by payload',
  by: { field: 'reservedType', cases: { LINE: 'LINE patient', PWA: 'PWA patient', ADMIN: 'staff' } },
  async run({ reservedType, lang, members, liffAccessToken, queueId, phone }, caller, request, deps) {
    // The MINI App's access token belongs to a LINE patient's number; with any other it means nothing.
    if (liffAccessToken !== undefined && reservedType !== 'LINE') throw new AppError('INVALID_ARGUMENT', 'error.liffAccessTokenLineOnly');
    // The casts follow the cases above: ADMIN was admitted as staff, LINE and PWA as that channel's patient.
    if (reservedType === 'ADMIN') {
      const actor = caller as Staff;
      // A walk-in's mobile (decision 070) is checked before the number is taken: a bad one takes no number.
      if (phone !== undefined) await sms.checkDeskNumber(deps.store, phone);
      const taken = await deps.allocation.take({ reservedType, ownerId: null, actor, queueId });
      if (phone !== undefined) await sms.setSmsNumber({ store: deps.store, seal: deps.smsSealer, slotId: taken.slotId, phone, actor });
      return taken;
    }
    const patient = caller as Patient;
    // 「どちらの医師でも」 (decision 061): the queue a newcomer starts earliest in, chosen now; the card names it.
    if (queueId === ANY_QUEUE) queueId = await chooseAnyQueue(deps.store, deps.estimator, deps.clock.now());
    // The limits are spent inside the allocation's transaction: together with the number, or not at all.
    // A family (decision 053): one request, `members.length` numbers, all or none.
    const family = members ? { count: members.length, names: members } : {};
    const taken = await deps.allocation.take({ reservedType, ownerId: patient.uid, quota: deps.abuse.ticketQuota(request), lang, queueId, ...family });
    // After the commit and not awaited: asking LINE for the service token never delays or fails the number.
    // A family's token goes with its first number, which the family's turn-is-near notice is sent for.
    // A LINE patient's uid is their LINE user id: the token must open that user's profile (decision 057).
    if (liffAccessToken) void deps.serviceMessages.afterTaken(taken.slotId, liffAccessToken, patient.uid);
    return taken;
  },
};

export const cancelReservation: FunctionDef<'cancelReservation'> = {
  access: 'by payload',
  by: { field: 'canceledBy', cases: { LINE: 'LINE patient', PWA: 'PWA patient' } },
  async run({ slotId, reservationNumber }, caller, _request, deps) {
    const patient = caller as Patient; // every case above is a patient
    const budget = deps.abuse.patientBudget('cancel', patient.uid);
    return cancellation.cancelReservation({ store: deps.store, ownerId: patient.uid, channel: patient.channel, slotId, reservationNumber, budget });
  },
};

export const getMyReservation: FunctionDef<'getMyReservation'> = {
  access: 'patient',
  async run(_payload, patient, _request, deps) {
    return myReservations(await loadQueueState(deps.store), patient.uid);
  },
};
