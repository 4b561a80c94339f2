import { describe, expect, it } from 'vitest';
import { ja } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { jaStaffArrival } from './ja-staff-arrival.js';
import { t } from './all.js';

describe('issue 34 staff label catalogue', () => {
  it('reaches t(), has no empty label, and overrides no key of ja.ts or ja-staff.ts', () => {
    expect(t('admin.absences', { n: 2 })).toBe('不在2回');
    expect(t('monitor.checkinCode', { code: '0427' })).toBe('来院確認コード 0427');
    for (const [key, value] of Object.entries(jaStaffArrival)) {
      expect(value.trim(), key).not.toBe('');
      expect(key in ja, key).toBe(false);
      expect(key in jaStaff, key).toBe(false);
    }
  });
});
