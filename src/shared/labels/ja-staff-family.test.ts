import { describe, expect, it } from 'vitest';
import { ja } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { jaStaffArrival } from './ja-staff-arrival.js';
import { jaStaffKept } from './ja-staff-kept.js';
import { jaStaffLate } from './ja-staff-late.js';
import { jaStaffFamily } from './ja-staff-family.js';
import { t } from './all.js';

describe('issue 35 families staff label catalogue', () => {
  it('reaches t(), has no empty label, and overrides no other catalogue’s key', () => {
    expect(t('staffFamily.tag', { i: 2, k: 3 })).toBe('家族 2/3');
    expect(t('staffFamily.max')).toBe('1人が一度に取れる番号（家族）');
    for (const [key, value] of Object.entries(jaStaffFamily)) {
      expect(value.trim(), key).not.toBe('');
      for (const other of [ja, jaStaff, jaStaffArrival, jaStaffKept, jaStaffLate]) expect(key in other, key).toBe(false);
    }
  });
});
