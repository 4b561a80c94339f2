import { describe, expect, it } from 'vitest';
import { tokyoDate, tokyoDateTime, tokyoDay, tokyoHhmm, tokyoHhmmss, tokyoMonthStart } from './tokyo.js';

describe('Tokyo time', () => {
  it('formats a reservation time as yyyy/mm/dd(曜) hh:mm in Tokyo', () => {
    // 2025-09-21 00:35 UTC is Sunday 09:35 in Tokyo.
    expect(tokyoDateTime('2025-09-21T00:35:00Z')).toBe('2025/09/21(日) 09:35');
  });

  it('crosses the date line into the next Tokyo day and weekday', () => {
    // Saturday 20:05 UTC is already Sunday 05:05 in Tokyo.
    expect(tokyoDateTime('2025-09-20T20:05:00Z')).toBe('2025/09/21(日) 05:05');
    expect(tokyoDay('2025-09-20T20:05:00Z')).toBe('2025-09-21');
    expect(tokyoDay('2025-09-20T14:59:59Z')).toBe('2025-09-20');
  });

  it('names every weekday', () => {
    const days = Array.from({ length: 7 }, (_, i) => tokyoDate(Date.UTC(2025, 8, 21 + i, 3)).slice(11, 12));
    expect(days.join('')).toBe('日月火水木金土');
  });

  it('shows clocks as hh:mm:ss and hh:mm, and nothing for a missing time', () => {
    expect(tokyoHhmmss(new Date('2025-09-21T00:05:09Z'))).toBe('09:05:09');
    expect(tokyoHhmmss(Date.UTC(2025, 0, 1, 15, 0, 0))).toBe('00:00:00');
    expect(tokyoHhmm('2025-09-21T00:05:09Z')).toBe('09:05');
    expect(tokyoHhmm(null)).toBe('');
  });

  it('starts a month at Tokyo midnight of its first day', () => {
    expect(tokyoMonthStart('2026-11-21T12:00:00Z')).toBe('2026-10-31T15:00:00.000Z');
    // 30 Nov 16:00 UTC is already 1 December in Tokyo.
    expect(tokyoMonthStart('2026-11-30T16:00:00Z')).toBe('2026-11-30T15:00:00.000Z');
  });
});
