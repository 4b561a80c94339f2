/**
 * The numbers kept for the desk, online cap (issue 35, docs/decisions/049) and family size (053) of a queue,
 * kept on its queue row since several queues (migration 0022, decision 061), and the clinic's take-and-cancel
 * limit (060) on the runtime row; and saving them. The ranges are the payload's (allocationSettingsSchema):
 * anything else is refused before this runs, and nothing changes. The next allocation reads them under the
 * lock; the settingsChanged event drops every process's view of reception, so the early refusal too.
 * No rule file: the payload's schema is the rule.
 */
import type { AllocationSettings } from '../../../shared/queue/kept-numbers.js';
import type { Store } from '../../storage/port.js';
import type { QueueTable, RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';
import { liveQueueRow } from '../queues/read.js';

export function allocationSettings(
  runtime: Pick<RuntimeTable, 'cancel_limit'>,
  queue: Pick<QueueTable, 'keep_every' | 'online_cap' | 'family_max'>,
): AllocationSettings {
  return { keepEvery: queue.keep_every, onlineCap: queue.online_cap, familyMax: queue.family_max, cancelLimit: runtime.cancel_limit };
}

/**
 * The settings to save; `familyMax` or `cancelLimit` absent keeps the stored one (a client older than it,
 * decisions 053, 060); `queueId` absent is the first queue (decision 061).
 */
export type AllocationSettingsChange = Omit<AllocationSettings, 'familyMax' | 'cancelLimit'> & { familyMax?: number; cancelLimit?: number; queueId?: string };

export async function saveAllocationSettings({ store, settings: change, actor }: { store: Store; settings: AllocationSettingsChange; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const queue = await liveQueueRow(tx, change.queueId);
    const before = allocationSettings(runtime, queue);
    const settings: AllocationSettings = {
      keepEvery: change.keepEvery,
      onlineCap: change.onlineCap,
      familyMax: change.familyMax ?? before.familyMax,
      cancelLimit: change.cancelLimit ?? before.cancelLimit,
    };
    await tx
      .updateTable('queues')
      .set({ keep_every: settings.keepEvery, online_cap: settings.onlineCap, family_max: settings.familyMax })
      .where('id', '=', queue.id)
      .execute();
    // The runtime row's own copies of the first three are left as migration 0022 found them: only an older
    // backup's restore reads them, to make its one queue (decision 061).
    await tx.updateTable('runtime').set({ cancel_limit: settings.cancelLimit }).where('id', '=', 1).execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'saveAllocationSettings', target: change.queueId ?? null, before, after: settings }, now);
    return { ok: true as const };
  });
}
