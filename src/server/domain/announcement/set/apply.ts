/**
 * Staff set and clear the clinic's announcement (issue 14, docs/decisions/021). One stands at a time, on
 * the runtime row, so it reaches both live streams with the queue; setting a new one replaces the old and
 * may be sent again, since it is a new message. Audited.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import { type Actor, writeAudit } from '../../audit.js';
import { currentAnnouncement } from '../current.js';

/** An expiry further away than this is a typo, not a plan: a standing message needs no expiry at all. */
export const ANNOUNCEMENT_MAX_DAYS = 7;

/** A banner is one line: line breaks, tabs and other control characters are refused, not rendered. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The banner's text, trimmed; refused when empty or not one line. */
export function announcementText(raw: string): string {
  const text = raw.trim();
  if (!text || hasControl(text)) throw new AppError('INVALID_ARGUMENT', 'admin.announce.error.text');
  return text;
}

/** The expiry as an ISO instant (null: none); refused unless it is in the next ANNOUNCEMENT_MAX_DAYS. */
export function announcementUntil(raw: string | null, now: string): string | null {
  if (raw === null) return null;
  const until = new Date(raw).toISOString();
  const nowMs = Date.parse(now);
  if (Date.parse(until) <= nowMs || Date.parse(until) > nowMs + ANNOUNCEMENT_MAX_DAYS * 86_400_000) {
    throw new AppError('INVALID_ARGUMENT', 'admin.announce.error.until');
  }
  return until;
}

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
