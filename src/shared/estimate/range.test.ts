import { describe, expect, it } from 'vitest';
import { ROUND_MINUTES, type WaitEstimate, waitMoments, waitRange } from './range.js';

const NOW = new Date('2026-11-23T01:00:00.000Z'); // 10:00 Tokyo
const estimate: WaitEstimate = { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'blend' };

describe('waitRange', () => {
  it('gives no estimate to a held row', () => {
    expect(waitRange(estimate, null, NOW)).toBeNull();
  });

  it('shows a range in 5-minute steps around the expected wait, wider for more people ahead', () => {
    const near = waitRange(estimate, 2, NOW)!;
    const far = waitRange(estimate, 10, NOW)!;
    for (const r of [near, far]) {
      expect(r.lowMinutes % ROUND_MINUTES).toBe(0);
      expect(r.highMinutes % ROUND_MINUTES).toBe(0);
      expect(r.highMinutes).toBeGreaterThan(r.lowMinutes);
    }
    expect(far.highMinutes - far.lowMinutes).toBeGreaterThan(near.highMinutes - near.lowMinutes);
    // 10 ahead at 5 min each plus half of the current consultation: 52.5 min, shown within the range.
    const { mean } = waitMoments(estimate, 10, NOW);
    expect(mean).toBe(52.5);
    expect(far.lowMinutes).toBeLessThanOrEqual(mean);
    expect(far.highMinutes).toBeGreaterThanOrEqual(mean);
  });

  it('gives the expected time in Tokyo-readable 5-minute steps', () => {
    // 10:00 + 52.5 min = 10:52:30, shown as 10:55.
    expect(waitRange(estimate, 10, NOW)!.expectedAt).toBe('2026-11-23T01:55:00.000Z');
  });

  it('counts down the consultation under way, never below a quarter of the pace', () => {
    const started = (minutesAgo: number) => ({ ...estimate, lastStartAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString() });
    expect(waitMoments(started(0), 0, NOW).mean).toBe(5);
    expect(waitMoments(started(2), 0, NOW).mean).toBe(3);
    expect(waitMoments(started(30), 0, NOW).mean).toBe(1.25);
    expect(waitMoments(started(30), 4, NOW).mean).toBe(21.25);
  });

  it('is never negative and always at least one step wide for the next patient', () => {
    const r = waitRange(estimate, 0, NOW)!;
    expect(r.lowMinutes).toBe(0);
    expect(r.highMinutes).toBeGreaterThanOrEqual(ROUND_MINUTES);
  });

  it('grows with the uncertainty of the pace', () => {
    const sure = waitRange({ ...estimate, paceError: 0.05 }, 10, NOW)!;
    const unsure = waitRange({ ...estimate, paceError: 0.3 }, 10, NOW)!;
    expect(unsure.highMinutes - unsure.lowMinutes).toBeGreaterThan(sure.highMinutes - sure.lowMinutes);
  });
});
