/**
 * The range of days a CSV export may cover, checked the same way by the server (which refuses anything else)
 * and by the statistics page (which says so beside the form instead of opening a refusal in a new page).
 */
export const MAX_EXPORT_DAYS = 366;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
const dayMs = (day: string): number | null => {
  if (!ISO_DAY.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
};

/** True when `from`..`to` (both included) are real days in order, at most MAX_EXPORT_DAYS apart. */
export function exportRangeOk(from: string, to: string): boolean {
  const start = dayMs(from);
  const end = dayMs(to);
  if (start === null || end === null || start > end) return false;
  return Math.round((end - start) / DAY_MS) + 1 <= MAX_EXPORT_DAYS;
}
