/** Staff run the queue: reception switches, actions on slots, the shared beep. */
import type { SwitchName } from '../../shared/queue/reception-switches.js';
import { switchReception } from '../domain/reception/apply.js';
import * as slotMarking from '../domain/mark-slot/apply.js';
import * as adminBeep from '../domain/admin-beep/apply.js';
import type { FunctionDef } from '../http/function-def.js';

type SwitchFunction = 'startInhouseReception' | 'endInhouseReception' | 'startOnlineReception' | 'endOnlineReception';

function switchFunction<N extends SwitchFunction>(name: SwitchName): FunctionDef<N> {
  return {
    access: 'staff',
    async run(_payload, actor, _request, deps) {
      return switchReception({ store: deps.store, name, actor });
    },
  };
}

export const startInhouseReception: FunctionDef<'startInhouseReception'> = switchFunction('startInhouse');
export const endInhouseReception: FunctionDef<'endInhouseReception'> = switchFunction('endInhouse');
export const startOnlineReception: FunctionDef<'startOnlineReception'> = switchFunction('startOnline');
export const endOnlineReception: FunctionDef<'endOnlineReception'> = switchFunction('endOnline');

export const markSlot: FunctionDef<'markSlot'> = {
  access: 'staff',
  async run({ slotId, action }, actor, _request, deps) {
    return slotMarking.markSlot({ store: deps.store, slotId, action, actor });
  },
};

export const claimAdminBeep: FunctionDef<'claimAdminBeep'> = {
  access: 'staff',
  async run({ slotId }, _staff, _request, deps) {
    return adminBeep.claimAdminBeep({ store: deps.store, slotId });
  },
};
