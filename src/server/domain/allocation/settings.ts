/**
 * The clinic's numbers kept for the desk, online cap (issue 35, docs/decisions/049), family size (053) and
 * take-and-cancel limit (060) as the runtime row keeps them (migrations 0012, 0014, 0021), and saving them. The ranges are the payload's (allocationSettingsSchema):
 * anything else is refused before this runs, and nothing changes. The next allocation reads them under the
 * lock; the settingsChanged event drops every process's view of reception, so the early refusal too.
 * No rule file: the payload's schema is the rule.
 */
import type { AllocationSettings } from '../../../shared/queue/kept-numbers.js';
import type { Store } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';

export function allocationSettings(runtime: Pick<RuntimeTable, 'keep_every' | 'online_cap' | 'family_max' | 'cancel_limit'>): AllocationSettings {
  return { keepEvery: runtime.keep_every, onlineCap: runtime.online_cap, familyMax: runtime.family_max, cancelLimit: runtime.cancel_limit };
}

/** The settings to save; `familyMax` or `cancelLimit` absent keeps the stored one (a client older than it, decisions 053, 060). */
export type AllocationSettingsChange = Omit<AllocationSettings, 'familyMax' | 'cancelLimit'> & { familyMax?: number; cancelLimit?: number };

export async function saveAllocationSettings({ store, settings: change, actor }: { store: Store; settings: AllocationSettingsChange; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const before = allocationSettings(runtime);
    const settings: AllocationSettings = {
      ...change,
      familyMax: change.familyMax ?? before.familyMax,
      cancelLimit: change.cancelLimit ?? before.cancelLimit,
    };
    await tx
      .updateTable('runtime')
      .set({ keep_every: settings.keepEvery, online_cap: settings.onlineCap, family_max: settings.familyMax, cancel_limit: settings.cancelLimit })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'saveAllocationSettings', before, after: settings }, now);
    return { ok: true as const };
  });
}
