import { describe, expect, it } from 'vitest';
import { ja } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { jaStaffArrival } from './ja-staff-arrival.js';
import { jaStaffLate } from './ja-staff-late.js';
import { t } from './all.js';

describe("issue 35's closing-on-time staff labels", () => {
  it('reach t(), have no empty label, and override no other catalogue key', () => {
    expect(t('audit.action.schedule.onlineLate')).toBe('オンライン受付を自動終了（診療時間内に順番が回らない見込み）');
    for (const [key, value] of Object.entries(jaStaffLate)) {
      expect(value.trim(), key).not.toBe('');
      expect(key in ja, key).toBe(false);
      expect(key in jaStaff, key).toBe(false);
      expect(key in jaStaffArrival, key).toBe(false);
    }
  });
});
