import { describe, expect, it } from 'vitest';
import { busiest, change, exportUrls, showValue, span } from './stats-view.js';

describe('statistics page view rules', () => {
  it('writes changes with their sign, and nothing when a side has no value', () => {
    expect(change(10, 7)).toBe('+3');
    expect(change(7, 10)).toBe('−3');
    expect(change(5, 5)).toBe('±0');
    expect(change(12.5, 20)).toBe('−7.5');
    expect(change(null, 3)).toBe('–');
    expect(showValue(null)).toBe('–');
    expect(showValue(12.5)).toBe('12.5');
  });

  it('shows only the busy stretch of the day, one step either side', () => {
    const used = new Set([38, 40, 70]);
    expect(span(96, (q) => used.has(q))).toEqual(Array.from({ length: 35 }, (_, i) => 37 + i));
    expect(span(24, (h) => h === 0)).toEqual([0, 1]);
    expect(span(24, (h) => h === 23)).toEqual([22, 23]);
    expect(span(24, () => false)).toEqual([]);
  });

  it('names the busiest weekday or hour, the first on a tie, and none without data', () => {
    expect(busiest(['日', '月', '火'], [0, 126, 90])).toBe('今回いちばん多いのは 月（126件）');
    expect(busiest(['9時台', '10時台'], [5, 5])).toBe('今回いちばん多いのは 9時台（5件）');
    expect(busiest(['日', '月'], [0, 0])).toBeUndefined();
  });

  it('links the exports of the period and of the chosen days', () => {
    expect(exportUrls('month', '2026-11-10', '2026-11-01', '2026-11-30')).toEqual({
      stats: '/api/staff/export/stats.csv?period=month&date=2026-11-10',
      slots: '/api/staff/export/slots.csv?from=2026-11-01&to=2026-11-30',
      audit: '/api/staff/export/audit.csv?from=2026-11-01&to=2026-11-30',
    });
    expect(exportUrls('day', '2026-11-10', '2026-11-10', '2026-11-10', 'vax')).toEqual({
      stats: '/api/staff/export/stats.csv?period=day&date=2026-11-10&queue=vax',
      slots: '/api/staff/export/slots.csv?from=2026-11-10&to=2026-11-10&queue=vax',
      audit: '/api/staff/export/audit.csv?from=2026-11-10&to=2026-11-10',
    });
  });
});
