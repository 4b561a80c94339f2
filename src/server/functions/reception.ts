/** Staff run the queue: reception switches, actions on slots, the shared beep. */
import type { SwitchName } from '../../shared/queue/rules.js';
import { switchReception } from '../domain/reception/apply.js';
import { markSlot } from '../domain/mark-slot/apply.js';
import { claimAdminBeep } from '../domain/admin-beep/apply.js';
import type { FunctionDef, FunctionSet } from '../http/function-def.js';

type SwitchFunction = 'startInhouseReception' | 'endInhouseReception' | 'startOnlineReception' | 'endOnlineReception';

function switchFunction<N extends SwitchFunction>(name: SwitchName): FunctionDef<N> {
  return {
    access: 'staff',
    async run(_payload, actor, _request, deps) {
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
    access: 'staff',
    async run({ slotId, action }, actor, _request, deps) {
      return markSlot({ store: deps.store, slotId, action, actor });
    },
  },
  claimAdminBeep: {
    access: 'staff',
    async run({ slotId }, _staff, _request, deps) {
      return claimAdminBeep({ store: deps.store, slotId });
    },
  },
};
