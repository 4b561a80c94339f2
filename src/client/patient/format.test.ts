import { describe, expect, it } from 'vitest';
import { formatClock, formatReservedAt, tokyoDay } from './format.js';

describe('Tokyo date formatting', () => {
  it('formats a reservation time as yyyy/mm/dd(曜) hh:mm in Tokyo', () => {
    // 2025-09-21 00:35 UTC is Sunday 09:35 in Tokyo.
    expect(formatReservedAt('2025-09-21T00:35:00Z')).toBe('2025/09/21(日) 09:35');
  });

  it('crosses the date line into the next Tokyo day and weekday', () => {
    // Saturday 20:05 UTC is already Sunday 05:05 in Tokyo.
    expect(formatReservedAt('2025-09-20T20:05:00Z')).toBe('2025/09/21(日) 05:05');
    expect(tokyoDay('2025-09-20T20:05:00Z')).toBe('2025-09-21');
    expect(tokyoDay('2025-09-20T14:59:59Z')).toBe('2025-09-20');
  });

  it('names every weekday', () => {
    const days = Array.from({ length: 7 }, (_, i) => formatReservedAt(Date.UTC(2025, 8, 21 + i, 3)).slice(11, 12));
    expect(days.join('')).toBe('日月火水木金土');
  });

  it('shows the clock as hh:mm:ss in Tokyo', () => {
    expect(formatClock(new Date('2025-09-21T00:05:09Z'))).toBe('09:05:09');
    expect(formatClock(Date.UTC(2025, 0, 1, 15, 0, 0))).toBe('00:00:00');
  });
});
