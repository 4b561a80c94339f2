/** The monitor's call-out (issue 15): the staff 呼出 and the clinic's call-out settings. */
import * as callout from '../domain/callout/apply.js';
import * as calloutSettings from '../domain/callout/settings.js';
import type { FunctionDef } from '../http/function-def.js';

export const callSlot: FunctionDef<'callSlot'> = {
  access: 'staff',
  async run({ slotId }, actor, _request, deps) {
    return callout.callSlot({ store: deps.store, slotId, actor });
  },
};

export const setCalloutSettings: FunctionDef<'setCalloutSettings'> = {
  access: 'staff',
  async run(settings, actor, _request, deps) {
    return calloutSettings.setCalloutSettings({ store: deps.store, settings, actor });
  },
};
