/** Patients and staff take numbers; patients cancel and read their own reservation. */
import { AppError } from '../errors.js';
import { allocateSlot } from '../domain/allocate-slot.js';
import { cancelReservation } from '../domain/cancel-reservation.js';
import { loadQueueState } from '../domain/queue-state.js';
import { myReservation } from '../domain/my-reservation.js';
import { requirePatient, requireStaff } from '../http/caller.js';
import type { FunctionSet } from '../http/function-def.js';

export const queueFunctions: FunctionSet<'allocateNextSlot' | 'cancelReservation' | 'getMyReservation'> = {
  allocateNextSlot: {
    async run({ reservedType, lang }, request, deps) {
      if (reservedType === 'ADMIN') {
        const actor = await requireStaff(request, deps);
        const taken = await allocateSlot({ store: deps.store, reservedType, ownerId: null, actor });
        // merge: replaced by the allocation's own card
        return { ...taken, reservation: null };
      }
      const patient = await requirePatient(request, deps);
      if (patient.channel !== reservedType) throw new AppError('PERMISSION_DENIED', 'error.channelMismatch');
      // The limits are spent inside the allocation's transaction: together with the number, or not at all.
      const taken = await allocateSlot({ store: deps.store, reservedType, ownerId: patient.uid, quota: deps.abuse.ticketQuota(request), lang });
      // merge: replaced by the allocation's own card
      return { ...taken, reservation: myReservation(await loadQueueState(deps.store), patient.uid) };
    },
  },
  cancelReservation: {
    async run({ slotId, reservationNumber, canceledBy }, request, deps) {
      const patient = await requirePatient(request, deps);
      if (patient.channel !== canceledBy) throw new AppError('PERMISSION_DENIED', 'error.channelMismatch');
      return cancelReservation({ store: deps.store, ownerId: patient.uid, channel: patient.channel, slotId, reservationNumber });
    },
  },
  getMyReservation: {
    async run(_payload, request, deps) {
      const patient = await requirePatient(request, deps);
      return { reservation: myReservation(await loadQueueState(deps.store), patient.uid) };
    },
  },
};
