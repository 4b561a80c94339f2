/** The clinic's queues (「受付項目」, decision 061): anyone reads them; staff save, remove and choose, audited. */
import * as queues from '../domain/queues/apply.js';
import { listQueues, queueChoices } from '../domain/queues/read.js';
import { readSchedule } from '../domain/schedule/document.js';
import type { FunctionDef } from '../http/function-def.js';

export const getQueues: FunctionDef<'getQueues'> = {
  access: 'anyone',
  async run(_payload, _actor, _request, deps) {
    const store = deps.store;
    return store.read(async (tx) => {
      const runtime = await tx.selectFrom('runtime').select(['queue_any', 'number_per_queue']).where('id', '=', 1).executeTakeFirstOrThrow();
      const { schedule } = await readSchedule(tx, store);
      return { queues: await listQueues(tx), choices: queueChoices(runtime), numbersPerSession: schedule.settings.numbersPerSession };
    });
  },
};

export const saveQueue: FunctionDef<'saveQueue'> = {
  access: 'staff',
  async run(change, actor, _request, deps) {
    return queues.saveQueue({ store: deps.store, change, actor });
  },
};

export const removeQueue: FunctionDef<'removeQueue'> = {
  access: 'staff',
  async run({ id }, actor, _request, deps) {
    return queues.removeQueue({ store: deps.store, id, actor });
  },
};

export const saveQueueChoices: FunctionDef<'saveQueueChoices'> = {
  access: 'staff',
  async run(choices, actor, _request, deps) {
    return queues.saveQueueChoices({ store: deps.store, choices, actor });
  },
};
