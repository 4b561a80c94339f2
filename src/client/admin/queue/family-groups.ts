/**
 * A family's rows on the staff list (issue 35, docs/decisions/053): each member's place among the family's
 * listed rows (「家族 i/k」, k counting only the rows listed now) and a tone shared by the family's rows, so
 * that two families next to each other do not look like one.
 */
import type { StaffSlot } from '../../../shared/queue/slot.js';

export interface FamilyPlace {
  /** 1-based position among the family's listed rows, in list order. */
  i: number;
  /** How many of the family's rows are listed. */
  k: number;
  /** 0, 1 or 2: the families take the tones in turn, in list order. */
  tone: number;
}

export const FAMILY_TONES = 3;

export function familyPlaces(rows: readonly StaffSlot[]): Map<string, FamilyPlace> {
  const members = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.familyId) continue;
    const ids = members.get(row.familyId) ?? [];
    ids.push(row.id);
    members.set(row.familyId, ids);
  }
  const places = new Map<string, FamilyPlace>();
  let family = 0;
  for (const ids of members.values()) {
    const tone = family++ % FAMILY_TONES;
    ids.forEach((id, index) => places.set(id, { i: index + 1, k: ids.length, tone }));
  }
  return places;
}
