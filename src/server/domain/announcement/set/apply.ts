/**
 * Staff set and clear the clinic's announcement (issue 14, docs/decisions/021). One stands at a time, on
 * the runtime row, so it reaches both live streams with the queue; setting a new one replaces the old and
 * may be sent again, since it is a new message. Audited. The rule is rule.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { currentAnnouncement } from '../current.js';
import { announcementText, announcementUntil } from './rule.js';

export async function setAnnouncement(options: { store: Store; text: string; until: string | null; actor?: Actor }) {
  const { store, actor } = options;
  const text = announcementText(options.text);
  return store.write(async ({ tx, emit, now, runtime }) => {
    const until = announcementUntil(options.until, now);
    const before = currentAnnouncement(runtime, new Date(now));
    const id = randomUUID();
    await tx
      .updateTable('runtime')
      .set({ announcement_id: id, announcement_text: text, announcement_until: until, announcement_set_at: now, announcement_sent_at: null })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(
      tx,
      actor,
      { action: 'announcement.set', target: id, before: before && { text: before.text, until: before.until }, after: { text, until } },
      now,
    );
    return { ok: true as const, announcementId: id };
  });
}

export async function clearAnnouncement(options: { store: Store; actor?: Actor }) {
  return options.store.write(async ({ tx, emit, now, runtime }) => {
    if (!runtime.announcement_id) return { ok: true as const, changed: false };
    const before = { text: runtime.announcement_text, until: runtime.announcement_until };
    await tx
      .updateTable('runtime')
      .set({ announcement_id: null, announcement_text: null, announcement_until: null, announcement_set_at: null, announcement_sent_at: null })
      .where('id', '=', 1)
      .execute();
    emit({ type: 'settingsChanged' });
    await writeAudit(tx, options.actor, { action: 'announcement.clear', target: runtime.announcement_id, before }, now);
    return { ok: true as const, changed: true };
  });
}
