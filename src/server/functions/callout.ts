/** The monitor's call-out (issue 15): the staff 呼出 and the clinic's call-out settings. */
import { callSlot } from '../domain/callout/apply.js';
import { setCalloutSettings } from '../domain/callout/settings.js';
import type { FunctionSet } from '../http/function-def.js';

export const calloutFunctions: FunctionSet<'callSlot' | 'setCalloutSettings'> = {
  callSlot: {
    access: 'staff',
    async run({ slotId }, actor, _request, deps) {
      return callSlot({ store: deps.store, slotId, actor });
    },
  },
  setCalloutSettings: {
    access: 'staff',
    async run(settings, actor, _request, deps) {
      return setCalloutSettings({ store: deps.store, settings, actor });
    },
  },
};
