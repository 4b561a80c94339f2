import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../../test/support/refusal.js';
import { arrivalChange } from './rule.js';

const NOW = '2026-11-22T03:00:00.000Z';
const EARLIER = '2026-11-22T02:50:00.000Z';

describe('arrivalChange (staff)', () => {
  const waiting = { arrived_at: null, canceled: 0, canceled_line_at: null, canceled_pwa_at: null };

  it('records the arrival as staff’s, and takes it back', () => {
    expect(arrivalChange(waiting, true, NOW)).toEqual({ arrived_at: NOW, arrived_by: 'staff' });
    expect(arrivalChange({ ...waiting, arrived_at: EARLIER }, false, NOW)).toEqual({ arrived_at: null, arrived_by: null });
  });

  it('changes nothing when the row is already so, keeping a patient’s own check-in as it was', () => {
    expect(arrivalChange({ ...waiting, arrived_at: EARLIER }, true, NOW)).toBeNull();
    expect(arrivalChange(waiting, false, NOW)).toBeNull();
  });

  it('refuses the arrival of a cancelled reservation, by staff or by the patient, but lets it be taken back', () => {
    for (const cancelled of [{ canceled: 1 }, { canceled: 1, canceled_line_at: EARLIER }, { canceled: 1, canceled_pwa_at: EARLIER }]) {
      expect(refusal(() => arrivalChange({ ...waiting, ...cancelled }, true, NOW))).toBe('FAILED_PRECONDITION:error.slotStateConflict');
      expect(arrivalChange({ ...waiting, ...cancelled, arrived_at: EARLIER }, false, NOW)).toEqual({ arrived_at: null, arrived_by: null });
    }
  });
});
