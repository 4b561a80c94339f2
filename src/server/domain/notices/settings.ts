/** The clinic's choice of which notices go out over LINE (each LINE push costs quota). No rule: two switches, saved and audited. */
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';

export interface NoticeSettings {
  lineAhead5: boolean;
  lineRecall: boolean;
}

export async function setNoticeSettings({ store, settings, actor }: { store: Store; settings: NoticeSettings; actor?: Actor }) {
  return store.write(async ({ tx, emit, runtime, now }) => {
    await tx
      .updateTable('runtime')
      .set({ line_ahead5_on: settings.lineAhead5 ? 1 : 0, line_recall_on: settings.lineRecall ? 1 : 0 })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    const before = { lineAhead5: runtime.line_ahead5_on === 1, lineRecall: runtime.line_recall_on === 1 };
    await writeAudit(tx, actor, { action: 'setNoticeSettings', before, after: settings }, now);
    return { ok: true as const };
  });
}
