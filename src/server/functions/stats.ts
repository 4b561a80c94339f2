/** Staff read the clinic's statistics (or one queue's) for a day, week or month, with the period before. */
import { readStats } from '../domain/stats/queries.js';
import type { FunctionDef } from '../http/function-def.js';

export const getStats: FunctionDef<'getStats'> = {
  access: 'staff',
  async run({ period, date, queueId }, _staff, _request, deps) {
    return readStats(deps.store, period, date, queueId);
  },
};
