/** Numbers kept for the desk, the online cap (issue 35, docs/decisions/049), families (053) and take-and-cancel (060): staff save them, audited. */
import * as allocationSettings from '../domain/allocation/settings.js';
import type { FunctionDef } from '../http/function-def.js';

export const saveAllocationSettings: FunctionDef<'saveAllocationSettings'> = {
  access: 'staff',
  async run({ keepEvery, onlineCap, familyMax, cancelLimit, queueId }, actor, _request, deps) {
    return allocationSettings.saveAllocationSettings({ store: deps.store, settings: { keepEvery, onlineCap, familyMax, cancelLimit, queueId }, actor });
  },
};
