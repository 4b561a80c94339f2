/** The monitor's call-out settings (voice on, volume, words), saved and audited. No rule: the payload's schema bounds them. */
import type { CalloutSettings } from '../../../shared/callout/types.js';
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { calloutSettings } from './callouts.js';

export async function setCalloutSettings({ store, settings, actor }: { store: Store; settings: CalloutSettings; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    const before = calloutSettings(runtime);
    await tx
      .updateTable('runtime')
      .set({ callout_on: settings.on ? 1 : 0, callout_volume: settings.volume, callout_text: settings.text })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, actor, { action: 'setCalloutSettings', before, after: settings }, now);
    return { ok: true as const };
  });
}
