/** The clinic's announcement, the rule: a one-line text and an expiry within the week, or refused. */
import { AppError } from '../../../errors.js';

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
