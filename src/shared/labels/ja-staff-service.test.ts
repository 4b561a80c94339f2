import { describe, expect, it } from 'vitest';
import { ja } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { jaStaffArrival } from './ja-staff-arrival.js';
import { jaStaffKept } from './ja-staff-kept.js';
import { jaStaffLate } from './ja-staff-late.js';
import { jaStaffService } from './ja-staff-service.js';
import { t } from './all.js';

describe("issue 37's service-message staff labels", () => {
  it('reach t(), have no empty label, and override no other catalogue key', () => {
    expect(t('messages.month.saved', { n: 3 })).toBe('サービスメッセージで送ったため節約できたLINEプッシュ 3通');
    expect(t('messages.kind.taken')).toBe('受付完了');
    for (const [key, value] of Object.entries(jaStaffService)) {
      expect(value.trim(), key).not.toBe('');
      for (const other of [ja, jaStaff, jaStaffArrival, jaStaffKept, jaStaffLate]) expect(key in other, key).toBe(false);
    }
  });
});
