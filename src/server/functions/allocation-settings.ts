/** Numbers kept for the desk, the online cap (issue 35, docs/decisions/049) and families (053): staff save them, audited. */
import { saveAllocationSettings } from '../domain/allocation/settings.js';
import type { FunctionSet } from '../http/function-def.js';

export const allocationSettingsFunctions: FunctionSet<'saveAllocationSettings'> = {
  saveAllocationSettings: {
    access: 'staff',
    async run({ keepEvery, onlineCap, familyMax }, actor, _request, deps) {
      return saveAllocationSettings({ store: deps.store, settings: { keepEvery, onlineCap, familyMax }, actor });
    },
  },
};
