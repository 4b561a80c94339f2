import { describe, expect, it } from 'vitest';
import type { StatsFigures } from '../schemas/stats.js';
import { estimateAccuracy, estimateRows, hasReadings, type ReadingOutcome } from './estimate-accuracy.js';

const AT = '2026-11-24T01:00:00.000Z'; // 10:00 Tokyo
/** A reading at 10:00 showing `low`–`high` (expected `mean`) whose turn came `after` minutes later. */
const started = (low: number, high: number, mean: number, after: number): ReadingOutcome => ({
  at: AT, lowMinutes: low, highMinutes: high, meanMinutes: mean,
  outcome: { startedAt: new Date(Date.parse(AT) + after * 60_000).toISOString() },
});
const other = (outcome: 'notStarted' | 'pending'): ReadingOutcome => ({ at: AT, lowMinutes: 10, highMinutes: 25, meanMinutes: 15, outcome });

describe('estimateAccuracy', () => {
  it('counts waits inside the range (edges included), turns before its low end, and the median error', () => {
    const figures = estimateAccuracy([
      started(10, 25, 15, 10), // the low edge itself: inside, error 5
      started(10, 25, 15, 25), // the high edge itself: inside, error 10
      started(10, 25, 15, 9.5), // half a minute before the low end: early, error 5.5
      started(10, 25, 15, 31), // after the high end: neither, error 16
      started(0, 5, 2.5, 3), // inside, error 0.5
      other('notStarted'),
      other('notStarted'),
      other('pending'),
    ]);
    // errors sorted 0.5 5 5.5 10 16: the median is the third
    expect(figures).toEqual({
      measured: 5, inside: 3, early: 1, insidePercent: 60, earlyPercent: 20, medianErrorMinutes: 5.5, notStarted: 2, pending: 1,
    });
  });

  it('takes the mean of the two middle errors of an even count, and rounds shares and minutes to one decimal', () => {
    const figures = estimateAccuracy([started(10, 25, 15, 12), started(10, 25, 15, 20.25), started(10, 25, 15, 5)]);
    // errors 3, 5.25, 10 → 5.25 → 5.3 (one decimal); inside 2 of 3 = 66.7 %, early 1 of 3 = 33.3 %
    expect(figures).toMatchObject({ measured: 3, inside: 2, early: 1, insidePercent: 66.7, earlyPercent: 33.3, medianErrorMinutes: 5.3 });
    expect(estimateAccuracy([started(10, 25, 15, 12), started(10, 25, 15, 18)]).medianErrorMinutes).toBe(3);
  });

  it('has no shares and no median without a measured reading, and keeps the others apart', () => {
    expect(estimateAccuracy([other('pending'), other('notStarted')])).toEqual({
      measured: 0, inside: 0, early: 0, insidePercent: null, earlyPercent: null, medianErrorMinutes: null, notStarted: 1, pending: 1,
    });
  });
});

describe('estimateRows', () => {
  const base = { from: '2026-11-24', to: '2026-11-24' } as StatsFigures;
  it('gives the section rows for the period and the one before, empty cells for an answer without the figures', () => {
    const current = { ...base, estimate: estimateAccuracy([started(10, 25, 15, 12), started(10, 25, 15, 5), other('pending')]) };
    const rows = estimateRows(current, base);
    expect(rows[0]).toEqual(['目安の範囲内に順番が来た割合（%）', 50, null]);
    expect(rows[1]).toEqual(['目安より早く順番が来た割合（%）', 50, null]);
    expect(rows[2]).toEqual(['予想時刻とのずれ 中央値（分）', 6.5, null]);
    expect(rows.find(([label]) => label === '目安の記録（まだお待ちの方）')).toEqual(['目安の記録（まだお待ちの方）', 1, null]);
    expect(new Set(rows.map(([label]) => label)).size).toBe(8);
    expect(hasReadings(current, base)).toBe(true);
    expect(hasReadings(base, { ...base, estimate: estimateAccuracy([]) })).toBe(false);
  });
});
