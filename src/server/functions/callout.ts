/** The monitor's call-out (issue 15): the staff 呼出 and the clinic's call-out settings. */
import { callSlot, setCalloutSettings } from '../domain/callout/call-slot.js';
import { requireStaff } from '../http/caller.js';
import type { FunctionSet } from '../http/function-def.js';

export const calloutFunctions: FunctionSet<'callSlot' | 'setCalloutSettings'> = {
  callSlot: {
    async run({ slotId }, request, deps) {
      const actor = await requireStaff(request, deps);
      return callSlot({ store: deps.store, slotId, actor });
    },
  },
  setCalloutSettings: {
    async run(settings, request, deps) {
      const actor = await requireStaff(request, deps);
      return setCalloutSettings({ store: deps.store, settings, actor });
    },
  },
};
