/** Staff read the clinic's statistics for a day, week or month, with the period before. */
import { readStats } from '../domain/stats/queries.js';
import { requireStaff } from '../http/caller.js';
import type { FunctionSet } from '../http/function-def.js';

export const statsFunctions: FunctionSet<'getStats'> = {
  getStats: {
    async run({ period, date }, request, deps) {
      await requireStaff(request, deps);
      return readStats(deps.store, period, date);
    },
  },
};
