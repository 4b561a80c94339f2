/** The standing announcement as the runtime row holds it; one past its `until` no longer stands. */
import type { StaffAnnouncement } from '../../../shared/schemas/live.js';
import type { RuntimeTable } from '../../storage/schema.js';

export function currentAnnouncement(runtime: RuntimeTable, now: Date): StaffAnnouncement | null {
  const { announcement_id: id, announcement_text: text, announcement_until: until, announcement_set_at: setAt } = runtime;
  if (!id || !text || !setAt) return null;
  if (until && Date.parse(until) <= now.getTime()) return null;
  return { id, text, until, setAt, sentAt: runtime.announcement_sent_at };
}
