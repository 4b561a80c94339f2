/**
 * The clinic's numbers kept for the desk and online cap (issue 35, docs/decisions/049) as the runtime row
 * keeps them (migration 0012), and saving them. The ranges are the payload's (allocationSettingsSchema):
 * anything else is refused before this runs, and nothing changes. The next allocation reads them under the
 * lock; the settingsChanged event drops every process's view of reception, so the early refusal too.
 */
import type { AllocationSettings } from '../../../shared/queue/kept-numbers.js';
import type { Store } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';

export function allocationSettings(runtime: Pick<RuntimeTable, 'keep_every' | 'online_cap'>): AllocationSettings {
  return { keepEvery: runtime.keep_every, onlineCap: runtime.online_cap };
}

export async function saveAllocationSettings({ store, settings, actor }: { store: Store; settings: AllocationSettings; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const before = allocationSettings(runtime);
    await tx.updateTable('runtime').set({ keep_every: settings.keepEvery, online_cap: settings.onlineCap }).where('id', '=', 1).execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'saveAllocationSettings', before, after: settings }, now);
    return { ok: true as const };
  });
}
