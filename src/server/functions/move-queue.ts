/** Staff move a waiting patient to another queue (the desk sends a patient with fever to 発熱外来). */
import * as queueMove from '../domain/move-queue/apply.js';
import type { FunctionDef } from '../http/function-def.js';

export const moveToQueue: FunctionDef<'moveToQueue'> = {
  access: 'staff',
  async run({ slotId, queueId }, actor, _request, deps) {
    return queueMove.moveToQueue({ store: deps.store, seal: deps.smsSealer, slotId, queueId, actor });
  },
};
