/** The clinic's choice of which notices go out over LINE (each LINE push costs quota, PLATFORM.md). */
import type { Store } from '../storage/port.js';

export interface NoticeSettings {
  lineAhead5: boolean;
  lineRecall: boolean;
}

export async function setNoticeSettings({ store, settings }: { store: Store; settings: NoticeSettings }) {
  return store.write(async ({ tx, emit }) => {
    await tx
      .updateTable('runtime')
      .set({ line_ahead5_on: settings.lineAhead5 ? 1 : 0, line_recall_on: settings.lineRecall ? 1 : 0 })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    return { ok: true as const };
  });
}
