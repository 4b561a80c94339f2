/** Staff run the queue: reception switches, actions on slots, the shared beep. */
import type { SwitchName } from '../../shared/queue/rules.js';
import { switchReception } from '../domain/reception/switches.js';
import { markSlot } from '../domain/mark-slot.js';
import { claimAdminBeep } from '../domain/claim-admin-beep.js';
import { requireStaff } from '../http/caller.js';
import type { FunctionDef, FunctionSet } from '../http/function-def.js';

type SwitchFunction = 'startInhouseReception' | 'endInhouseReception' | 'startOnlineReception' | 'endOnlineReception';

function switchFunction<N extends SwitchFunction>(name: SwitchName): FunctionDef<N> {
  return {
    async run(_payload, request, deps) {
      const actor = await requireStaff(request, deps);
      return switchReception({ store: deps.store, name, actor });
    },
  };
}

export const receptionFunctions: FunctionSet<SwitchFunction | 'markSlot' | 'claimAdminBeep'> = {
  startInhouseReception: switchFunction('startInhouse'),
  endInhouseReception: switchFunction('endInhouse'),
  startOnlineReception: switchFunction('startOnline'),
  endOnlineReception: switchFunction('endOnline'),
  markSlot: {
    async run({ slotId, action }, request, deps) {
      const actor = await requireStaff(request, deps);
      return markSlot({ store: deps.store, slotId, action, actor });
    },
  },
  claimAdminBeep: {
    async run({ slotId }, request, deps) {
      await requireStaff(request, deps);
      return claimAdminBeep({ store: deps.store, slotId });
    },
  },
};
