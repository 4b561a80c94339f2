import { describe, expect, it } from 'vitest';
import { exportRangeOk, MAX_EXPORT_DAYS } from './export-range.js';

describe('the range a CSV export may cover', () => {
  it('takes one day, days in order and a leap year of 366 days', () => {
    expect(exportRangeOk('2026-11-23', '2026-11-23')).toBe(true);
    expect(exportRangeOk('2026-11-01', '2026-11-30')).toBe(true);
    expect(MAX_EXPORT_DAYS).toBe(366);
    expect(exportRangeOk('2028-01-01', '2028-12-31')).toBe(true);
  });
  it('refuses days out of order, more than 366 days, and what is not a real day', () => {
    expect(exportRangeOk('2026-11-24', '2026-11-23')).toBe(false);
    expect(exportRangeOk('2026-01-01', '2027-01-02')).toBe(false);
    expect(exportRangeOk('2026-02-30', '2026-03-01')).toBe(false);
    expect(exportRangeOk('', '2026-03-01')).toBe(false);
    expect(exportRangeOk('2026-3-1', '2026-03-01')).toBe(false);
  });
});
