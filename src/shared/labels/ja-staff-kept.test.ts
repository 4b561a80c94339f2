import { describe, expect, it } from 'vitest';
import { ja } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { jaStaffArrival } from './ja-staff-arrival.js';
import { jaStaffKept } from './ja-staff-kept.js';
import { t } from './all.js';

describe('issue 35 kept-numbers staff label catalogue', () => {
  it('reaches t(), has no empty label, and overrides no other catalogue’s key', () => {
    expect(t('kept.keepValue', { n: 3, m: 6, k: 9 })).toBe('3番ごと（3, 6, 9…番）');
    expect(t('audit.action.saveAllocationSettings')).toBe('窓口用の番号・オンライン受付の上限を変更');
    for (const [key, value] of Object.entries(jaStaffKept)) {
      expect(value.trim(), key).not.toBe('');
      expect(key in ja, key).toBe(false);
      expect(key in jaStaff, key).toBe(false);
      expect(key in jaStaffArrival, key).toBe(false);
    }
  });
});
