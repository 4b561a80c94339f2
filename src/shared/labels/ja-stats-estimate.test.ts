import { describe, expect, it } from 'vitest';
import { labels } from './all.js';
import { jaStats, ts } from './ja-stats.js';
import { jaStatsEstimate } from './ja-stats-estimate.js';

describe("the statistics page's estimate labels (issue 36)", () => {
  it('reach ts() through the statistics catalogue, have no empty label and override no other key', () => {
    expect(ts('stats.estimate.title')).toBe('待ち時間の目安の当たり具合');
    for (const [key, value] of Object.entries(jaStatsEstimate)) {
      expect(value.trim(), key).not.toBe('');
      expect(jaStats[key as keyof typeof jaStats], key).toBe(value);
      expect(key in labels, key).toBe(false);
    }
    // Spread into jaStats: a key there of the same name would have been silently replaced.
    expect(Object.keys(jaStats).filter((k) => k.startsWith('stats.estimate.'))).toHaveLength(Object.keys(jaStatsEstimate).length);
  });
});
