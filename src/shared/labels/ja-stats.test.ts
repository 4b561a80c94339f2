import { describe, expect, it } from 'vitest';
import { ja } from './ja.js';
import { jaStats, ts } from './ja-stats.js';

describe('statistics label catalogue', () => {
  it('fills parameters, has no empty label and no key also in ja.ts', () => {
    expect(ts('stats.range', { from: '2026-11-01', to: '2026-11-30' })).toBe('2026-11-01〜2026-11-30');
    for (const [key, value] of Object.entries(jaStats)) {
      expect(value.trim(), key).not.toBe('');
      expect(key in ja, key).toBe(false);
    }
  });
});
